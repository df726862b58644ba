/**
 * Serves a build's prerendered pages and assets from memory. Files are read once per build;
 * text files are also kept gzip-compressed so each request costs one buffer write.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pageCarriesAds } from '../../features/ads/ads-policy.server.ts';
import { inlineScriptHashes, isHtml, isScript, pagePolicy, type PolicySources, type SecurityOptions } from './security-headers.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.pf_meta': 'application/octet-stream',
  '.pf_fragment': 'application/octet-stream',
  '.pf_index': 'application/octet-stream',
  '.pagefind': 'application/octet-stream',
};

const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest|javascript)|image\/svg)/;
/**
 * Text (pages, styles, scripts) is kept in memory, plain and gzipped, up to this many bytes per process; images and
 * anything past the budget are streamed from disk, where the operating system's page cache keeps the hot ones.
 * Holding a whole build (50 MB of social images at 1,000 tools, gigabytes at 50,000) in every process would not fit.
 */
const MEMORY_BUDGET_BYTES = 192 * 1024 * 1024;
const MAX_FILE_IN_MEMORY = 1024 * 1024;

interface StaticFile {
  /** Where the file is on disk, for the ones served from there. */
  path: string;
  size: number;
  /** The bytes, when this file is kept in memory. */
  body?: Buffer;
  gzip?: Buffer;
  type: string;
  cacheControl: string;
  etag: string;
  /**
   * A page's own Content-Security-Policy, with the hashes of its inline scripts. Scripts get the page policy too: a
   * script started as a worker (Pagefind's) lives under its own response's policy. Other files keep the base one.
   */
  policy?: string;
  /** A page with ad slots: its policy also admits the ad network while ads are on (decided per request). */
  ads?: { scriptHashes: string[]; withSources?: { sources: PolicySources; policy: string } };
}

function cacheControlFor(urlPath: string): string {
  // Astro and Pagefind fingerprint these file names, so they never change in place.
  if (urlPath.startsWith('/_astro/') || /^\/pagefind\/(?:(?:index|fragment|filter)\/|pagefind\.\w+_\w+\.pf_meta$)/.test(urlPath)) {
    return 'public, max-age=31536000, immutable';
  }
  // Pagefind's entry file and loader keep their names across builds and point at the current index.
  if (urlPath.startsWith('/pagefind/')) return 'public, max-age=0, must-revalidate';
  if (urlPath.endsWith('.html')) return 'public, max-age=0, must-revalidate';
  return 'public, max-age=3600';
}

export class StaticFiles {
  private readonly files = new Map<string, StaticFile>();
  private readonly security: SecurityOptions;

  private constructor(security: SecurityOptions) {
    this.security = security;
  }

  static async load(root: string, security: SecurityOptions): Promise<StaticFiles> {
    const site = new StaticFiles(security);
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    let inMemory = 0;
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const full = path.join(entry.parentPath, entry.name);
      const urlPath = '/' + path.relative(root, full).split(path.sep).join('/');
      const type = CONTENT_TYPES[path.extname(full).toLowerCase()] ?? 'application/octet-stream';
      const info = await stat(full);
      const file: StaticFile = {
        path: full,
        size: info.size,
        type,
        cacheControl: cacheControlFor(urlPath),
        etag: `"${info.size.toString(36)}-${Math.trunc(info.mtimeMs).toString(36)}"`,
      };
      if (COMPRESSIBLE.test(type) && info.size <= MAX_FILE_IN_MEMORY) {
        const body = await readFile(full);
        if (isHtml(type)) {
          const html = body.toString('utf8');
          const scriptHashes = inlineScriptHashes(html);
          file.policy = pagePolicy(security, scriptHashes);
          if (pageCarriesAds(html)) file.ads = { scriptHashes };
        } else if (isScript(type)) file.policy = pagePolicy(security);
        const gzip = body.length > 1024 ? gzipSync(body) : undefined;
        const cost = body.length + (gzip?.length ?? 0);
        if (inMemory + cost <= MEMORY_BUDGET_BYTES) {
          inMemory += cost;
          file.body = body;
          file.gzip = gzip;
          file.etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
        }
      }
      site.files.set(urlPath, file);
    }
    return site;
  }

  /** The file for a URL path: exact, then "<path>.html", then "<path>/index.html". */
  find(urlPath: string): StaticFile | undefined {
    if (urlPath === '/' || urlPath === '') return this.files.get('/index.html');
    const trimmed = urlPath.endsWith('/') ? urlPath.slice(0, -1) : urlPath;
    return this.files.get(trimmed) ?? this.files.get(`${trimmed}.html`) ?? this.files.get(`${trimmed}/index.html`);
  }

  /** The file's policy; a page with ad slots admits `adSources` too (undefined while ads are off). */
  private policyOf(file: StaticFile, adSources: PolicySources | undefined): string | undefined {
    if (!file.ads || !adSources) return file.policy;
    if (file.ads.withSources?.sources !== adSources) {
      file.ads.withSources = { sources: adSources, policy: pagePolicy(this.security, file.ads.scriptHashes, adSources) };
    }
    return file.ads.withSources.policy;
  }

  /** Whether the file is a page with ad slots, whose policy depends on the ads settings of the moment. */
  carriesAds(file: StaticFile): boolean {
    return file.ads !== undefined;
  }

  send(request: IncomingMessage, response: ServerResponse, file: StaticFile, status = 200, adSources?: PolicySources): void {
    const headers: Record<string, string | number> = {
      'content-type': file.type,
      'cache-control': status === 200 ? file.cacheControl : 'no-store',
      etag: file.etag,
      vary: 'accept-encoding',
    };
    const policy = this.policyOf(file, adSources);
    if (policy) headers['content-security-policy'] = policy;
    if (status === 200 && request.headers['if-none-match'] === file.etag) {
      response.writeHead(304, headers).end();
      return;
    }
    const acceptsGzip = file.gzip && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
    if (acceptsGzip) headers['content-encoding'] = 'gzip';
    if (file.body) {
      const body = acceptsGzip ? file.gzip! : file.body;
      headers['content-length'] = body.length;
      response.writeHead(status, headers);
      response.end(request.method === 'HEAD' ? undefined : body);
      return;
    }
    headers['content-length'] = file.size;
    response.writeHead(status, headers);
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    // A build being replaced keeps its files for a while (builds.ts), so the stream finds them; a failure ends the answer.
    createReadStream(file.path)
      .on('error', () => response.destroy())
      .pipe(response);
  }
}
