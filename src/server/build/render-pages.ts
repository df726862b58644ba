/**
 * The incremental rebuild's renderer process (docs/decisions/013), started, replaced and stopped by
 * warm-renderer.ts: it loads one full build's server bundle once, serves it on a loopback port only it knows, and
 * then renders rebuild after rebuild while it stays warm. For each request from its parent (over the IPC channel)
 * it asks the internal route (src/pages/reconstruccion-interna/) for each address and writes each page into that
 * build's client folder, telling the parent of each page as soon as its file is in place, so the parent can start
 * on a file (the search cards, a page to compress) while the rest renders. Each request sets its generation in
 * RENDER_GENERATION_ENV before its first page: the bundle's once-per-build caches start empty for it.
 * Usage (warm-renderer.ts only): node src/server/build/render-pages.ts <server bundle folder>
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { RENDER_GENERATION_ENV } from './once-per-build.ts';
import { replaceFile } from './replace-file.ts';
import {
  pageFile,
  RENDER_CARDS_ENV,
  RENDER_TOKEN_ENV,
  RENDER_TOKEN_HEADER,
  twinAddress,
  type CancelRequest,
  type RenderRequest,
  type RendererMessage,
} from './twin-routes.ts';

/** Pages rendered at once: the bundle awaits the database for most of each page. */
const CONCURRENCY = 4;
/**
 * Tries of a page answered 503 (the database unavailable) or 500: on a loaded machine a connection now and then
 * times out, and a page that awaited it inside a component answers Astro's 500 page instead of a 503.
 */
const ATTEMPTS = 3;
const RETRIED = new Set([500, 503]);

type Handler = (request: IncomingMessage, response: ServerResponse, next: () => void) => unknown;

const [serverDir] = process.argv.slice(2);
if (!serverDir || !process.send) throw new Error('Uso: lo arranca warm-renderer.ts, con la carpeta del paquete de servidor y un canal IPC.');
const send = (message: RendererMessage) => process.send!(message);
// The parent went away: nothing is left to render for (the bundle's pool and timers would keep the process alive).
process.on('disconnect', () => process.exit(0));

const token = randomBytes(24).toString('hex');
process.env[RENDER_TOKEN_ENV] = token;
const { handler } = (await import(pathToFileURL(path.join(path.resolve(serverDir), 'entry.mjs')).href)) as { handler: Handler };
const server = createServer((request, response) => {
  Promise.resolve(handler(request, response, () => response.writeHead(404).end())).catch((error: unknown) => {
    if (!response.headersSent) response.writeHead(500);
    response.end(String(error));
  });
});
// fetch reuses its connections: one the server closed for idleness while a slow page rendered would reset.
server.keepAliveTimeout = 10 * 60_000;
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;

async function fetchPage(pathname: string): Promise<Response> {
  let response = await fetch(`http://127.0.0.1:${port}${twinAddress(pathname)}`, { headers: { [RENDER_TOKEN_HEADER]: token } });
  for (let attempt = 2; RETRIED.has(response.status) && attempt <= ATTEMPTS; attempt++) {
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 1_000 * attempt));
    response = await fetch(`http://127.0.0.1:${port}${twinAddress(pathname)}`, { headers: { [RENDER_TOKEN_HEADER]: token } });
  }
  return response;
}

async function render({ generation, buildDir, paths, cardsOf }: RenderRequest): Promise<void> {
  process.env[RENDER_GENERATION_ENV] = String(generation);
  if (cardsOf) process.env[RENDER_CARDS_ENV] = cardsOf.join(',');
  else delete process.env[RENDER_CARDS_ENV];
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < paths.length && !failed) {
      if (cancelled.has(generation)) throw new Error('cancelada: otro cambio la sustituye');
      const pathname = paths[next++]!;
      const response = await fetchPage(pathname);
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status === 404) send({ generation, missing: pathname });
      else if (response.status === 200) {
        await replaceFile(path.join(buildDir, 'client', pageFile(pathname)), body);
        send({ generation, written: pathname });
      } else throw new Error(`${pathname} respondió HTTP ${response.status}: ${body.toString('utf8').slice(0, 500)}`);
    }
  };
  const guarded = () =>
    worker().catch((error: unknown) => {
      failed = true;
      throw error;
    });
  // Every worker stops before the answer, also on a failure: the parent removes the build folder right after.
  const failure = (await Promise.allSettled(Array.from({ length: CONCURRENCY }, guarded))).find((outcome) => outcome.status === 'rejected');
  send(failure ? { generation, failed: String((failure.reason as Error).message ?? failure.reason) } : { generation, done: true });
}

// The first page loads most of the bundle's modules and opens the database connections: seconds on a loaded
// machine (4 s at 50,000 tools), paid here, before any rebuild asks or while the first one works out what changed,
// rather than by its pages. Not awaited: a rebuild that asks meanwhile renders alongside it, and its search cards,
// which the index waits for, come out 1-1.5 s sooner than after the warm-up. What it reads once per build after a
// rebuild has begun is that rebuild's (the generation is read at each call), never older data. Its output is
// discarded, and a failure only means the first real page pays instead.
process.env[RENDER_GENERATION_ENV] = 'calentamiento';
void fetchPage('/').then(
  (response) => response.body?.cancel(),
  (error: unknown) => console.error('El calentamiento del renderizador falló:', error),
);

// One rebuild at a time, in the order asked; a cancelled one stops after the pages being rendered.
const cancelled = new Set<number>();
let queue = Promise.resolve();
process.on('message', (message: RenderRequest | CancelRequest) => {
  if ('cancel' in message) {
    cancelled.add(message.cancel);
    return;
  }
  queue = queue.then(() => render(message)).finally(() => cancelled.delete(message.generation));
});
send({ ready: true });
