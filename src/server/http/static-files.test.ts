import { link, mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../build/precompress.ts';
import { acceptedEncodings, StaticFiles } from './static-files.ts';
import { RESOURCE_POLICY } from './security-headers.ts';

const page = (n: number) => `<!doctype html><html><head><script>console.log(${n})</script></head><body>${'herramienta '.repeat(400)}${n}</body></html>`;
const PAGE_BYTES = Buffer.byteLength(page(1));

let root: string;
let server: http.Server;
let files: StaticFiles;
let base: string;

async function get(pathname: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${pathname}`, { headers });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

/** Node's fetch always asks for compression and decodes it: encodings are checked on the raw answer. */
function raw(pathname: string, headers: Record<string, string> = {}): Promise<http.IncomingMessage & { bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${pathname}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(Object.assign(response, { bytes: Buffer.concat(chunks) })));
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'static-files-'));
  await mkdir(path.join(root, 'media'));
  for (let n = 1; n <= 4; n++) await writeFile(path.join(root, `pagina-${n}.html`), page(n));
  await writeFile(path.join(root, 'media', 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
  // Room for two pages, plain and gzipped, not three.
  files = await StaticFiles.load(root, { https: false }, Math.floor(PAGE_BYTES * 2.5));
  server = http.createServer((request, response) => {
    const file = files.find(new URL(request.url!, 'http://x').pathname);
    if (!file) response.writeHead(404).end();
    else void files.send(request, response, file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(root, { recursive: true, force: true });
});

describe('StaticFiles', () => {
  it('keeps nothing in memory until a page is asked for', () => {
    expect(files.bytesInMemory).toBe(0);
  });

  it('answers a page plain or gzipped, with its own policy and an ETag that revalidates', async () => {
    const plain = await raw('/pagina-1');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.toString()).toBe(page(1));
    expect(plain.headers['content-security-policy']).toMatch(/script-src[^;]*'sha256-/);

    const zipped = await raw('/pagina-1', { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.bytes).toString()).toBe(page(1));

    const again = await get('/pagina-1', { 'if-none-match': plain.headers.etag! });
    expect(again.status).toBe(304);
  });

  it('keeps the pages last asked for within its budget, least recently used out first', async () => {
    for (const n of [1, 2, 3, 4, 3, 4]) expect((await get(`/pagina-${n}`)).body.length).toBeGreaterThan(0);
    expect(files.bytesInMemory).toBeGreaterThan(PAGE_BYTES);
    expect(files.bytesInMemory).toBeLessThanOrEqual(Math.floor(PAGE_BYTES * 2.5));
    // An evicted page is read again from disk, unchanged.
    expect((await get('/pagina-1')).body.toString()).toBe(page(1));
  });

  it('resolves every address of a file once, and offers the plain ones to the hot path', () => {
    const file = files.find('/pagina-3.html');
    expect(file).toBeDefined();
    for (const address of ['/pagina-3', '/pagina-3/', '/pagina-3.html']) expect(files.find(address)).toBe(file);
    expect(files.atPlainAddress('/pagina-3')).toBe(file);
    // These need the parser (trailing slash, escapes, dot segments): "parse it" is the answer, not the file.
    for (const address of ['/pagina-3/', '/%70agina-3', '/x/../pagina-3', '/pagina-3?a=1']) expect(files.atPlainAddress(address)).toBeUndefined();
    expect(files.find('/no-existe')).toBeUndefined();
  });

  it('answers from memory with every security header and the page policy in one write, or leaves it to send()', async () => {
    const fresh = await StaticFiles.load(root, { https: false });
    const untouched = { writeHead: () => expect.unreachable(), end: () => expect.unreachable() };
    const request = { method: 'GET', headers: {} } as http.IncomingMessage;
    expect(fresh.sendFromMemory(request, untouched as unknown as http.ServerResponse, fresh.find('/pagina-4')!)).toBe(false);
    const page4 = await raw('/pagina-4');
    for (const answer of [page4, await raw('/pagina-4')]) {
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
      // The page's own policy replaces the base one: one CSP header, never two.
      expect(answer.headers['content-security-policy']).toMatch(/^default-src 'self'; script-src[^;]*'sha256-/);
      expect(answer.rawHeaders.filter((name) => name.toLowerCase() === 'content-security-policy')).toHaveLength(1);
      expect(answer.bytes.toString()).toBe(page(4));
    }
    const logo = await raw('/media/logo.png');
    expect(logo.headers['content-security-policy']).toBe(RESOURCE_POLICY);
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
  });

  it('streams images from disk and never keeps them', async () => {
    const before = files.bytesInMemory;
    const logo = await get('/media/logo.png');
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect([...logo.body]).toEqual([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    expect(files.bytesInMemory).toBe(before);
  });
});

describe("StaticFiles with the build's compressed copies", () => {
  let copies: StaticFiles;
  const big = `<!doctype html><html><body>${Array.from({ length: 60_000 }, (_, n) => `<p>herramienta ${n}</p>`).join('')}</body></html>`;

  beforeAll(async () => {
    await writeFile(path.join(root, 'grande.html'), big);
    await writeFile(path.join(root, 'estilos.css'), 'body{color:red}');
    const result = await precompressDirectory(root);
    expect(result.files).toBe(6);
    expect(Buffer.byteLength(big)).toBeGreaterThan(1024 * 1024);
    copies = await StaticFiles.load(root, { https: false });
    server.removeAllListeners('request');
    server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
      const file = copies.find(new URL(request.url!, 'http://x').pathname);
      if (!file) response.writeHead(404).end();
      else void copies.send(request, response, file);
    });
  });

  it('reads which encodings a request accepts, q=0 meaning refused', () => {
    expect([...acceptedEncodings('gzip, deflate, br, zstd')].sort()).toEqual(['br', 'gzip']);
    expect([...acceptedEncodings('br;q=0, gzip;q=0.5')]).toEqual(['gzip']);
    expect([...acceptedEncodings(undefined)]).toEqual([]);
  });

  it('sends brotli when accepted, gzip otherwise, and plain to a client that takes neither', async () => {
    const brotli = await raw('/pagina-2', { 'accept-encoding': 'gzip, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('accept-encoding');
    expect(Number(brotli.headers['content-length'])).toBe(brotli.bytes.length);
    expect(brotliDecompressSync(brotli.bytes).toString()).toBe(page(2));
    const zipped = await raw('/pagina-2', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(zipped.bytes).toString()).toBe(page(2));
    expect((await raw('/pagina-2')).bytes.toString()).toBe(page(2));
  });

  it('compresses files of any size: a page over 1 MB streams its copy from disk', async () => {
    const brotli = await raw('/grande', { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.bytes.length).toBeLessThan(Buffer.byteLength(big) / 10);
    expect(brotliDecompressSync(brotli.bytes).toString()).toBe(big);
    expect(copies.bytesInMemory).toBeLessThan(Buffer.byteLength(big));
  });

  it('never serves a copy at an address of its own, and skips copies that would not be smaller', async () => {
    expect((await raw('/pagina-2.html.br')).statusCode).toBe(404);
    expect((await raw('/grande.html.gz')).statusCode).toBe(404);
    const tiny = await raw('/estilos.css', { 'accept-encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.bytes.toString()).toBe('body{color:red}');
  });

  it('lends a rebuild made of hard links what it knew of the very same files, and reads a replaced one afresh', async () => {
    const next = await mkdtemp(path.join(os.tmpdir(), 'static-files-next-'));
    try {
      await link(path.join(root, 'pagina-1.html'), path.join(next, 'pagina-1.html'));
      await writeFile(path.join(next, 'pagina-2.html'), page(22));
      const rebuilt = await StaticFiles.load(next, { https: false }, undefined, files);
      const linked = rebuilt.find('/pagina-1')!;
      expect(linked.path).toBe(path.join(next, 'pagina-1.html'));
      expect(linked.etag).toBe(files.find('/pagina-1')!.etag);
      expect(linked.policy).toBe(files.find('/pagina-1')!.policy);
      const replaced = rebuilt.find('/pagina-2')!;
      expect(replaced.etag).not.toBe(files.find('/pagina-2')!.etag);
      expect(replaced.policy).not.toBe(files.find('/pagina-2')!.policy);
      expect(rebuilt.find('/pagina-3')).toBeUndefined();
    } finally {
      await rm(next, { recursive: true, force: true });
    }
  });

  it('serves a layer over the folder: its pages in, its removed pages out, the rest as the folder has them', async () => {
    const layerRoot = await mkdtemp(path.join(os.tmpdir(), 'static-files-layer-'));
    const later = await mkdtemp(path.join(os.tmpdir(), 'static-files-layer-'));
    try {
      await mkdir(path.join(layerRoot, 'categoria', 'nueva'), { recursive: true });
      await writeFile(path.join(layerRoot, 'pagina-1.html'), page(11));
      await writeFile(path.join(layerRoot, 'categoria', 'nueva', 'index.html'), page(5));
      const layer = { root: layerRoot, files: new Set(['pagina-1.html', path.join('categoria', 'nueva', 'index.html')]), removed: new Set(['pagina-3.html']) };
      const layered = await StaticFiles.load(root, { https: false }, undefined, files, layer);
      expect(layered.find('/pagina-1')!.path).toBe(path.join(layerRoot, 'pagina-1.html'));
      expect(layered.find('/pagina-1.html')!.path).toBe(path.join(layerRoot, 'pagina-1.html'));
      expect(layered.find('/categoria/nueva/')!.path).toBe(path.join(layerRoot, 'categoria', 'nueva', 'index.html'));
      expect(layered.find('/pagina-3')).toBeUndefined();
      expect(layered.atPlainAddress('/pagina-3.html')).toBeUndefined();
      // What the layer leaves alone is the very file the folder's instance served, not read again.
      expect(layered.find('/pagina-2')).toBe(files.find('/pagina-2'));
      // The same answers as an instance that lists the folder itself.
      const fresh = await StaticFiles.load(root, { https: false }, undefined, undefined, layer);
      for (const address of ['/', '/pagina-1', '/pagina-2.html', '/pagina-3', '/pagina-4', '/categoria/nueva', '/media/logo.png', '/nada']) {
        expect(layered.find(address)?.path, address).toBe(fresh.find(address)?.path);
        expect(layered.atPlainAddress(address)?.path, address).toBe(fresh.atPlainAddress(address)?.path);
      }

      // The next layer over the same folder replaces this one: what only this one held or removed is the folder's again.
      await writeFile(path.join(later, 'pagina-4.html'), page(44));
      const next = await StaticFiles.load(root, { https: false }, undefined, layered, {
        root: later,
        files: new Set(['pagina-4.html']),
        removed: new Set<string>(),
      });
      expect(next.find('/pagina-1')!.path).toBe(path.join(root, 'pagina-1.html'));
      expect(next.find('/pagina-3')!.path).toBe(path.join(root, 'pagina-3.html'));
      expect(next.find('/categoria/nueva')).toBeUndefined();
      expect(next.find('/pagina-4')!.path).toBe(path.join(later, 'pagina-4.html'));
      // And the folder alone again (a full tree after the layer), from the layered instance.
      const plain = await StaticFiles.load(root, { https: false }, undefined, next);
      expect(plain.find('/pagina-4')!.path).toBe(path.join(root, 'pagina-4.html'));
      expect(plain.find('/pagina-4')).toBe(files.find('/pagina-4'));
    } finally {
      await rm(layerRoot, { recursive: true, force: true });
      await rm(later, { recursive: true, force: true });
    }
  });
});
