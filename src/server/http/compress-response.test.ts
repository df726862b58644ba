import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressResponse, preferredEncoding } from './compress-response.ts';

const page = `<!doctype html><html lang="es"><body>${'<p>Una herramienta de IA en español.</p>'.repeat(200)}</body></html>`;
const request = (acceptEncoding?: string, method = 'GET') =>
  new Request('http://127.0.0.1/publicar', { method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
const html = (body: string | null = page, headers: Record<string, string> = {}) =>
  new Response(body, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', ...headers } });

describe('preferredEncoding', () => {
  it('prefers brotli, falls back to gzip, and respects q=0 and *', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(null)).toBeNull();
    expect(preferredEncoding('gzip;q=0')).toBeNull();
  });
});

describe('compressResponse', () => {
  it('sends a page as brotli or gzip, with Vary, keeping status and headers', async () => {
    const brotli = await compressResponse(request('gzip, br'), html(null, { 'x-frame-options': 'DENY' }), page);
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toContain('accept-encoding');
    expect(brotli.headers.get('x-frame-options')).toBe('DENY');
    const bytes = Buffer.from(await brotli.arrayBuffer());
    expect(bytes.byteLength).toBeLessThan(page.length / 10);
    expect(brotliDecompressSync(bytes).toString()).toBe(page);

    const gzip = await compressResponse(request('gzip'), html());
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(page);
  });

  it('compresses JSON answers too, and leaves alone what should not change', async () => {
    const json = new Response(JSON.stringify({ tools: Array.from({ length: 100 }, (_, i) => ({ slug: `herramienta-${i}` })) }), {
      headers: { 'content-type': 'application/json' },
    });
    expect((await compressResponse(request('br'), json)).headers.get('content-encoding')).toBe('br');

    const plain = await compressResponse(request(), html());
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(page);

    const head = await compressResponse(request('br', 'HEAD'), html(null));
    expect(head.headers.get('content-encoding')).toBeNull();

    const small = await compressResponse(request('br'), html('<p>Hola</p>'));
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toBe('<p>Hola</p>');

    const events = new Response('data: 1\n\n'.repeat(500), { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
    expect((await compressResponse(request('br'), events)).headers.get('content-encoding')).toBeNull();

    const image = new Response(new Uint8Array(4096), { headers: { 'content-type': 'image/webp' } });
    expect((await compressResponse(request('br'), image)).headers.get('content-encoding')).toBeNull();

    const parts = ['El relato de un faro. ', 'Fin.'];
    let written = 0;
    const story = new ReadableStream<Uint8Array>({
      pull(controller) {
        const part = parts[written++];
        if (part === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(part.repeat(100)));
      },
    });
    const streamed = await compressResponse(
      request('br'),
      new Response(story, { headers: { 'content-type': 'text/plain; charset=utf-8', 'x-accel-buffering': 'no' } }),
    );
    expect(streamed.headers.get('content-encoding')).toBeNull();
    // The first part reaches the client while the rest is still to be written.
    expect(written).toBe(1);
    expect(await streamed.text()).toContain('Fin.');

    const noTransform = html(page, { 'cache-control': 'no-store, no-transform' });
    expect((await compressResponse(request('br'), noTransform)).headers.get('content-encoding')).toBeNull();
  });
});
