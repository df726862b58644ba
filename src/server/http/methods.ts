/**
 * Which HTTP methods each kind of address answers, and the Spanish 405 (with `Allow`) for the rest. Static files,
 * prerendered and on-demand pages answer GET, HEAD and OPTIONS; an endpoint answers the methods its file exports
 * (HEAD with GET, OPTIONS always). OPTIONS lists them with a 204 unless the endpoint answers it itself (CORS).
 */
import { AppError, errorResponse } from './errors.ts';

export const PAGE_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;

const ENDPOINT_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * Methods the WHATWG Request (and so Astro) refuses to carry: our node server hands such a request to Astro as
 * OPTIONS with the real method in this header, so that the one place that knows each route's methods answers
 * its 405. The server removes the header from every incoming request, so a client cannot set it there.
 */
export const FORBIDDEN_METHODS: ReadonlySet<string> = new Set(['CONNECT', 'TRACE', 'TRACK']);
export const ORIGINAL_METHOD_HEADER = 'x-brujula-original-method';

/**
 * The methods an endpoint module answers, from its exports. A module exporting `ALL` lists its methods in
 * `methods` (better-auth: GET and POST); without that list it takes every method itself (the API's 404).
 */
export function endpointMethods(module: Record<string, unknown>): string[] | null {
  if ('ALL' in module) return Array.isArray(module.methods) ? [...new Set([...(module.methods as string[]), 'OPTIONS'])] : null;
  const methods: string[] = ENDPOINT_METHODS.filter((method) => method in module);
  if (methods.includes('GET')) methods.splice(1, 0, 'HEAD');
  if (!methods.includes('OPTIONS')) methods.push('OPTIONS');
  return methods;
}

const allowHeader = (allow: readonly string[]) => allow.join(', ');

/** The 405 in Spanish: the error table's JSON under /api/, a short page elsewhere; `Allow` says what works. */
export function methodNotAllowed(pathname: string, allow: readonly string[]): Response {
  const response = pathname.startsWith('/api/')
    ? errorResponse(new AppError('method_not_allowed'))
    : new Response(
        `<!doctype html><html lang="es"><meta charset="utf-8"><title>Método no permitido</title><h1>Método no permitido</h1><p>Esta dirección solo se puede abrir (GET) o consultar (HEAD, OPTIONS).</p><p><a href="/">Volver al inicio</a></p></html>`,
        { status: 405, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } },
      );
  response.headers.set('allow', allowHeader(allow));
  return response;
}

/** OPTIONS where the route does not answer it itself: what may be sent here, and nothing else. */
export function optionsResponse(allow: readonly string[]): Response {
  return new Response(null, { status: 204, headers: { allow: allowHeader(allow), 'cache-control': 'no-store' } });
}
