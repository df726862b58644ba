/**
 * Files of the local storage driver (with STORAGE_DRIVER=supabase browsers load them from Supabase and this
 * route answers 404). Keys embed a random id, so a URL's content never changes: browsers and CDNs may keep
 * it for a year. ?w= serves one of SPEC's widths, resized by sharp.
 */
import type { APIRoute } from 'astro';
import { getStorage } from '../../server/storage/storage.ts';
import { LocalStorage } from '../../server/storage/local.ts';
import { isServedWidth, resizeImage } from '../../server/storage/images.ts';

export const prerender = false;

const notFound = () => new Response('No encontrado', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

export const GET: APIRoute = async ({ params, url }) => {
  const storage = getStorage();
  if (!(storage instanceof LocalStorage)) return notFound();
  const stored = await storage.read(params.path ?? '');
  if (!stored) return notFound();
  const requestedWidth = url.searchParams.get('w');
  let body: Buffer = stored.bytes;
  if (requestedWidth !== null) {
    const width = Number(requestedWidth);
    if (!isServedWidth(width))
      return new Response('Ancho no válido: usa 600, 900, 1200 o 1600.', { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    body = await resizeImage(stored.bytes, width, stored.contentType);
  }
  return new Response(body as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': stored.contentType,
      'content-length': String(body.byteLength),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    },
  });
};
