/**
 * The incremental rebuild's renderer, run as a child process for one rebuild: it loads the build's server bundle,
 * serves it on a loopback port only it knows, asks the internal route (src/pages/reconstruccion-interna/) for each
 * address it reads on stdin (a JSON array), and writes each page into the build's client folder. A child process,
 * not the server itself, so the bundle's per-process caches start empty and its memory goes when it ends.
 * Prints one JSON line per address as soon as it is done: written, or missing when its route no longer has the
 * page (404), so the parent can start on a file (the search cards) while the rest renders.
 * Usage: node src/server/build/render-pages.ts <build folder>
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { replaceFile } from './replace-file.ts';
import { EVENT_PREFIX, pageFile, RENDER_TOKEN_ENV, RENDER_TOKEN_HEADER, twinAddress, type RenderEvent } from './twin-routes.ts';

/** Pages rendered at once: the bundle awaits the database for most of each page. */
const CONCURRENCY = 4;
/** Tries of a page answered 503 (the database unavailable): on a loaded machine a connection now and then times out. */
const ATTEMPTS = 3;

type Handler = (request: IncomingMessage, response: ServerResponse, next: () => void) => unknown;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function emit(event: RenderEvent): void {
  process.stdout.write(EVENT_PREFIX + JSON.stringify(event) + '\n');
}

async function renderPages(buildDir: string, paths: string[]): Promise<void> {
  const token = randomBytes(24).toString('hex');
  process.env[RENDER_TOKEN_ENV] = token;
  const { handler } = (await import(pathToFileURL(path.join(buildDir, 'server', 'entry.mjs')).href)) as { handler: Handler };
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
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const pathname = paths[next++]!;
      let response = await fetch(`http://127.0.0.1:${port}${twinAddress(pathname)}`, { headers: { [RENDER_TOKEN_HEADER]: token } });
      for (let attempt = 2; response.status === 503 && attempt <= ATTEMPTS; attempt++) {
        await response.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, 1_000 * attempt));
        response = await fetch(`http://127.0.0.1:${port}${twinAddress(pathname)}`, { headers: { [RENDER_TOKEN_HEADER]: token } });
      }
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status === 404) emit({ missing: pathname });
      else if (response.status === 200) {
        await replaceFile(path.join(buildDir, 'client', pageFile(pathname)), body);
        emit({ written: pathname });
      } else throw new Error(`${pathname} respondió HTTP ${response.status}: ${body.toString('utf8').slice(0, 500)}`);
    }
  };
  try {
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    server.close();
  }
}

const [buildDir] = process.argv.slice(2);
if (!buildDir) throw new Error('Falta la carpeta de la construcción.');
await renderPages(path.resolve(buildDir), JSON.parse(await readStdin()) as string[]);
// The bundle's database pool and timers would keep the process alive.
process.exit(0);
