/**
 * Our HTTP server: static files of the current build from memory, everything else through the
 * Astro node adapter's handler (middleware mode). `reload()` swaps both to a new build without
 * closing the listening socket, so a rebuild costs no request.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type Server as NetServer } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError } from '../env.ts';
import { readCurrentBuild } from '../build/builds.ts';
import { buildTree } from '../build/build-tree.ts';
import { adPolicySources } from '../ads/ads-policy.ts';
import { getPool } from '../db/client.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { directRoute, sendWebResponse } from './direct-routes.ts';
import { ERROR_TABLE } from '../../lib/error-table.ts';
import { AppError, errorResponse } from './errors.ts';
import { healthResponse } from './health.ts';
import { FORBIDDEN_METHODS, methodNotAllowed, optionsResponse, ORIGINAL_METHOD_HEADER, PAGE_METHODS } from './methods.ts';
import { RedirectTable, redirectLocation, type Redirect } from './redirects.ts';
import { PreviousAssets } from './previous-assets.ts';
import { baseSecurityHeaders, type SecurityOptions } from './security-headers.ts';
import { securityOptions } from './security-options.ts';
import { StalePages, toolPageSlug } from './stale-pages.ts';
import { StaticFiles, type StaticFile } from './static-files.ts';
import { openFastLane, type LaneAnswer, type PlainRequest } from './fast-lane.ts';
import { finishPendingWork } from '../shutdown.ts';
import { databaseUnavailableResponse } from './unavailable.ts';

const HEALTH_PATH = '/api/health';

type AstroHandler = (request: IncomingMessage, response: ServerResponse, next?: (error?: unknown) => void) => Promise<void> | void;

interface ActiveBuild {
  id: string;
  builtAt: string;
  /** When the build read the database (BuildInfo.contentReadAt). */
  contentReadAt: string | undefined;
  files: StaticFiles;
  handler: AstroHandler;
}

export interface SiteServer {
  server: Server;
  buildId(): string;
  reload(): Promise<void>;
  close(): Promise<void>;
}

/** The current build, ready to serve; `previous` (the one served until now) saves reading the files the two share. */
async function loadBuild(buildsDir: string, security: SecurityOptions, previous?: ActiveBuild): Promise<ActiveBuild> {
  const current = await readCurrentBuild(buildsDir);
  if (!current) throw new ConfigError(`No hay ningún sitio construido en ${buildsDir}: ejecuta npm run build o npm start.`);
  const entry = pathToFileURL(path.join(current.dir, 'server', 'entry.mjs')).href;
  const module = (await import(entry)) as { handler: AstroHandler };
  const { baseDir, layer } = await buildTree(buildsDir, current);
  const servedLayer = layer && { root: path.join(layer.dir, 'client'), files: layer.files, removed: layer.removed };
  return {
    id: current.info.id,
    builtAt: current.info.builtAt,
    contentReadAt: current.info.contentReadAt,
    files: await StaticFiles.load(path.join(baseDir, 'client'), security, undefined, previous?.files, servedLayer),
    handler: module.handler,
  };
}

function sendNotFound(active: ActiveBuild, request: IncomingMessage, response: ServerResponse): void {
  // API clients read JSON, also for a path or method that does not exist.
  if (request.url?.startsWith('/api/')) {
    sendWebResponse(request, response, errorResponse(new AppError('not_found'))).catch((error: unknown) => sendServerError(request, response, error));
    return;
  }
  const page = active.files.find('/404.html');
  if (page) active.files.send(request, response, page, 404).catch((error: unknown) => sendServerError(request, response, error));
  else response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Página no encontrada');
}

/** A redirect, or for a 410 the site's not-found page with that status. */
function sendRedirect(active: ActiveBuild, request: IncomingMessage, response: ServerResponse, redirect: Redirect, search: string): void {
  if (redirect.status === 410 || !redirect.to) {
    const page = active.files.find('/404.html');
    if (page) active.files.send(request, response, page, 410).catch((error: unknown) => sendServerError(request, response, error));
    else response.writeHead(410, { 'content-type': 'text/plain; charset=utf-8' }).end('Esta página ya no existe.');
    return;
  }
  response.writeHead(redirect.status, { location: redirectLocation(redirect.to, search), 'cache-control': 'no-store' }).end();
}

function sendServerError(request: IncomingMessage, response: ServerResponse, error: unknown): void {
  if (isDatabaseUnavailable(error) && !response.headersSent) {
    const label = `${request.method} ${request.url}`;
    sendWebResponse(request, response, databaseUnavailableResponse(request.url ?? '/', error, label)).catch(() => response.destroy());
    return;
  }
  console.error(error);
  if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
  response.end('Error interno del servidor');
}

/**
 * @astrojs/node ends a request it could not turn into a Request, or whose rendering threw past Astro's own 500
 * page, with the English text "Internal Server Error": the visitor reads the Spanish one instead.
 */
function spanishAdapterFailures(response: ServerResponse): void {
  const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
  response.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (chunk !== 'Internal Server Error' || response.headersSent) return end(chunk, ...rest);
    response.setHeader('content-type', 'text/plain; charset=utf-8');
    return end('Error interno del servidor', ...rest);
  }) as ServerResponse['end'];
}

const hostChecks = new Map<string, boolean>();
const MAX_HOST_CHECKS = 64;

/**
 * Whether a Host header leaves the path as it is when handle() builds its URL from it ("a/b" or "a?" would not, and a
 * broken one is a 400 there). A site sees a handful of distinct headers: each is checked once per process.
 */
function plainHost(host: string | undefined): boolean {
  const key = host ?? 'local';
  let plain = hostChecks.get(key);
  if (plain === undefined) {
    try {
      plain = new URL(`http://${key}/p`).pathname === '/p';
    } catch {
      plain = false;
    }
    if (hostChecks.size < MAX_HOST_CHECKS) hostChecks.set(key, plain);
  }
  return plain;
}

function listen(server: Server | NetServer, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(new ConfigError(`El puerto ${port} ya está en uso. Detén el otro servidor o elige otro puerto, por ejemplo PORT=${port + 1} npm start.`));
      } else if (error.code === 'EACCES') {
        reject(new ConfigError(`No hay permiso para escuchar en el puerto ${port}. Usa un puerto superior a 1023 con PORT.`));
      } else reject(error);
    });
    server.listen(port, host, resolve);
  });
}

/** Fails early, before a long build, when the port is taken. */
export async function assertPortAvailable(port: number, host: string): Promise<void> {
  const probe = createNetServer();
  await listen(probe, port, host);
  await new Promise((resolve) => probe.close(resolve));
}

export interface SiteServerOptions {
  buildsDir: string;
  port: number;
  host: string;
}

export async function startSiteServer(options: SiteServerOptions): Promise<SiteServer> {
  const security = securityOptions();
  const baseHeaders = Object.entries(baseSecurityHeaders(security));
  let active = await loadBuild(options.buildsDir, security);

  const redirects = new RedirectTable(getPool);
  await redirects.reload();
  const stale = new StalePages(getPool, active.contentReadAt);
  const previous = new PreviousAssets(options.buildsDir, security);

  /**
   * The hot path (a CPU profile under load showed parsing, header merging and awaits around every file): a GET or HEAD
   * for a file of the build at one of its plain addresses, with no redirect, answered without building a URL. What
   * handle() checks first (a broken Host, a trailing slash, the health path) cannot apply to such a request; anything
   * else, and any doubt, goes to handle(), which answers as it always did. `slug`: a tool page, which is served only
   * while it has no newer version on demand (StalePages).
   */
  function builtFile(
    build: ActiveBuild,
    method: string | undefined,
    target: string,
    host: string | undefined,
  ): { file: StaticFile; slug: string | null } | undefined {
    if (method !== 'GET' && method !== 'HEAD') return undefined;
    const query = target.indexOf('?');
    const address = query === -1 ? target : target.slice(0, query);
    const file = build.files.atPlainAddress(address);
    if (!file || address === HEALTH_PATH || build.files.carriesAds(file) || !plainHost(host)) return undefined;
    if (redirects.lookup(address)) return undefined;
    return { file, slug: toolPageSlug(address) };
  }

  function sendBuiltFile(build: ActiveBuild, request: IncomingMessage, response: ServerResponse): boolean {
    const built = builtFile(build, request.method, request.url ?? '', request.headers.host);
    if (!built || (built.slug && stale.peek(built.slug) !== false)) return false;
    return build.files.sendFromMemory(request, response, built.file);
  }

  /** The same files for the fast lane, as bytes, without a promise for a file in memory whose freshness is known. */
  function answerPlainRequest(request: PlainRequest): LaneAnswer | Promise<LaneAnswer | undefined> | undefined {
    const build = active;
    const built = builtFile(build, request.method, request.target, request.host);
    if (!built?.file.cacheable) return undefined;
    const { file, slug } = built;
    const answer = () => {
      const ready = build.files.answerFromMemory(request, file);
      return ready && { head: ready.head.raw, body: ready.body };
    };
    const read = () => build.files.readIntoMemory(file).then(answer);
    if (slug && stale.peek(slug) !== false) return stale.has(slug).then((changed) => (changed ? undefined : (answer() ?? read())));
    return answer() ?? read();
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const build = active;
    // Every answer starts with these; a page, or Astro's own response, replaces the CSP with its own.
    for (const [name, value] of baseHeaders) response.setHeader(name, value);
    delete request.headers[ORIGINAL_METHOD_HEADER];
    const method = request.method ?? 'GET';
    const reading = method === 'GET' || method === 'HEAD';
    let url: URL;
    let pathname: string;
    try {
      // The Host header too: @astrojs/node builds its URL from it and answers a broken one with an English 500.
      // Appended, not resolved: "//otro.example/x" is a path here, never another host.
      if (!request.url?.startsWith('/')) throw new URIError('not a path');
      url = new URL(`http://${request.headers.host ?? 'local'}${request.url}`);
      pathname = decodeURIComponent(url.pathname);
    } catch {
      response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end(ERROR_TABLE.bad_request.message);
      return;
    }
    // Astro redirects "/a/" to "/a" (trailingSlash: 'never') with an English page; this one says nothing.
    // The parsed path, so that "/x/%2e%2e" (read as "/x/..", that is "/") goes where Astro would send it.
    if (url.pathname.length > 1 && url.pathname.endsWith('/')) {
      // One leading slash: "//otro.example/" must not become a protocol-relative address to another site.
      const location = '/' + url.pathname.replace(/^\/+|\/+$/g, '') + url.search;
      response.writeHead(reading ? 301 : 308, { location, 'cache-control': 'no-store' }).end();
      return;
    }
    // Answered here, not by Astro: with the build being served, and no session or settings to read first.
    if (reading && pathname === HEALTH_PATH) {
      await sendWebResponse(request, response, await healthResponse(getPool(), { id: build.id, builtAt: build.builtAt }));
      return;
    }
    // Before the files: a deleted or renamed tool's old page may still be in the build being served.
    const redirect = reading ? redirects.lookup(pathname) : undefined;
    if (redirect) {
      sendRedirect(build, request, response, redirect, url.search);
      return;
    }
    // A tool page changed since this build: the on-demand route renders it with the same template.
    const slug = toolPageSlug(pathname);
    const file = slug && (await stale.has(slug)) ? undefined : build.files.find(pathname);
    const route = file ? undefined : directRoute(pathname);
    if (file || route) {
      // Files and the direct routes are read-only: anything but GET and HEAD is a 405 (OPTIONS says so).
      if (!reading) {
        await sendWebResponse(request, response, method === 'OPTIONS' ? optionsResponse(PAGE_METHODS) : methodNotAllowed(pathname, PAGE_METHODS));
        return;
      }
      if (file) await build.files.send(request, response, file, 200, build.files.carriesAds(file) ? await adPolicySources() : undefined);
      else await sendWebResponse(request, response, await route!(url));
      return;
    }
    // A chunk a page of the previous build still asks for (its search index, its scripts).
    const old = reading ? await previous.find(pathname) : undefined;
    if (old) {
      await old.files.send(request, response, old.file);
      return;
    }
    // Addresses here are lower case: "/ChatGPT" is someone typing "/chatgpt", which exists (on disk or on demand).
    const lower = pathname.toLowerCase();
    if (reading && lower !== pathname) {
      const lowerSlug = toolPageSlug(lower);
      if (build.files.find(lower) || (lowerSlug && (await stale.has(lowerSlug)))) {
        response.writeHead(301, { location: encodeURI(lower) + url.search, 'cache-control': 'no-store' }).end();
        return;
      }
    }
    if (FORBIDDEN_METHODS.has(method)) {
      // Astro cannot build a Request for these; the middleware answers the 405 for the route it matches.
      request.headers[ORIGINAL_METHOD_HEADER] = method;
      request.method = 'OPTIONS';
    }
    spanishAdapterFailures(response);
    await build.handler(request, response, () => sendNotFound(build, request, response));
  }

  const server = createServer((request, response) => {
    try {
      if (sendBuiltFile(active, request, response)) return;
    } catch (error) {
      sendServerError(request, response, error);
      return;
    }
    handle(request, response).catch((error: unknown) => sendServerError(request, response, error));
  });

  const lane = openFastLane(server, answerPlainRequest);
  await listen(server, options.port, options.host);

  return {
    server,
    buildId: () => active.id,
    async reload() {
      active = await loadBuild(options.buildsDir, security, active);
      stale.reset(active.contentReadAt);
      previous.reset();
    },
    async close() {
      const closed = new Promise((resolve) => server.close(resolve));
      lane.closeAll();
      await closed;
      // A request whose visitor left is still being handled after its socket closed: let its work finish.
      await finishPendingWork();
    },
  };
}
