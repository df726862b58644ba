/**
 * The answer to a request that needs PostgreSQL while it is down or restarting: API routes get the error table's
 * JSON 503, pages a small Spanish 503 page; both with Retry-After. Prerendered pages never get here: they are
 * files and keep being served.
 */
import { DATABASE_RETRY_AFTER_S, errorResponse, toAppError } from './errors.ts';

/** A minimal page of our own, for answers that cannot render the site's layout (it may need the database). */
export function plainPage(status: number, title: string, body: string, headers: Record<string, string> = {}): Response {
  const page = `<!doctype html><html lang="es"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><h1>${title}</h1>${body}</html>`;
  return new Response(page, { status, headers: { 'content-type': 'text/html; charset=utf-8', ...headers } });
}

/** `error` is one that isDatabaseUnavailable() recognises: the error table maps it, and logs it once. */
export function databaseUnavailableResponse(pathname: string, error: unknown, label: string): Response {
  if (pathname.startsWith('/api/')) return errorResponse(error, label);
  const problem = toAppError(error, label);
  const body = `<p>${problem.message}</p><p><a href="">Reintentar</a> · <a href="/">Ir al inicio</a></p>`;
  return plainPage(problem.status, 'Volvemos enseguida', body, {
    'retry-after': String(problem.retryAfter ?? DATABASE_RETRY_AFTER_S),
    'cache-control': 'no-store',
  });
}
