/**
 * Compression for what Astro renders on demand (pages such as /publicar, a tool page changed since the build,
 * comparisons, and the JSON API), as the static server does for the build's files: brotli or gzip, as the client
 * accepts. Images are already compressed; streams (server events, a story being written) must reach the client as
 * each part is written, so an answer that asks proxies not to buffer it (`X-Accel-Buffering: no`) is left as it is.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

type Encoding = 'br' | 'gzip';

/** Below this, the compressed answer would barely be smaller than the headers that announce it. */
const MIN_BYTES = 1024;

const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:json|xml|rss\+xml|atom\+xml|javascript|manifest\+json|ld\+json)|image\/svg\+xml)/i;

/**
 * Brotli 5 compresses a 30 KB page in about a millisecond, a quarter of quality 11's time, for a few percent
 * more bytes: on-demand pages are compressed on every request, unlike the build's files.
 */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/** The encoding to answer with: brotli first, then gzip, unless the client refuses it with q=0. */
export function preferredEncoding(acceptEncoding: string | null): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...parameters] = part.trim().split(';');
    if (!name) continue;
    const quality = parameters.map((parameter) => /^\s*q=([0-9.]+)\s*$/.exec(parameter)?.[1]).find((value) => value !== undefined);
    accepted.set(name, quality === undefined ? 1 : Number(quality));
  }
  const allows = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

function compressible(response: Response, hasBody: boolean): boolean {
  const headers = response.headers;
  return (
    hasBody &&
    response.status !== 204 &&
    response.status !== 206 &&
    response.status !== 304 &&
    !headers.has('content-encoding') &&
    !(headers.get('cache-control') ?? '').includes('no-transform') &&
    headers.get('x-accel-buffering')?.toLowerCase() !== 'no' &&
    COMPRESSIBLE.test(headers.get('content-type') ?? '')
  );
}

/**
 * The response compressed for this request, or as it was. `text` is the body when the caller has already read it
 * (HTML, which gets its content security policy from its own scripts); other bodies are read here.
 */
export async function compressResponse(request: Request, response: Response, text?: string): Promise<Response> {
  const encoding = request.method === 'HEAD' ? null : preferredEncoding(request.headers.get('accept-encoding'));
  if (!encoding || !compressible(response, text !== undefined || response.body !== null))
    return text === undefined ? response : withBody(response, text, response.headers);
  const body = text === undefined ? Buffer.from(await response.arrayBuffer()) : Buffer.from(text);
  const headers = new Headers(response.headers);
  headers.append('vary', 'accept-encoding');
  if (body.byteLength < MIN_BYTES) return withBody(response, body, headers);
  const packed = encoding === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body, { level: 6 });
  headers.set('content-encoding', encoding);
  headers.delete('content-length');
  return withBody(response, packed, headers);
}

function withBody(response: Response, body: string | Buffer, headers: Headers): Response {
  // A view of the buffer's bytes, without copying them (Response takes an ArrayBuffer-backed view).
  const bytes = typeof body === 'string' ? body : new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
  return new Response(bytes, { status: response.status, statusText: response.statusText, headers });
}
