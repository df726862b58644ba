/** Browser calls to our JSON endpoints, with the endpoints' Spanish errors passed through as they are. */
import type { ErrorBody } from './error-table.ts';

/** A failed call: the server's message (or a connection message) and the fields it names. */
export class RequestError extends Error {
  override name = 'RequestError';
  readonly status: number;
  readonly fields: Record<string, string>;
  readonly code: string | undefined;

  constructor(message: string, status: number, fields: Record<string, string> = {}, code?: string) {
    super(message);
    this.status = status;
    this.fields = fields;
    this.code = code;
  }
}

const OFFLINE = 'No se pudo conectar con el servidor. Comprueba tu conexión e inténtalo de nuevo.';

/** A JSON call to one of our endpoints; its Spanish error (or `fallback`) arrives as a RequestError. */
export async function call<T>(path: string, init: RequestInit, fallback: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', ...init, headers: { accept: 'application/json', ...init.headers } });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new RequestError(OFFLINE, 0);
  }
  const body = (await response.json().catch(() => null)) as (T & Partial<ErrorBody>) | null;
  if (!response.ok || !body) throw new RequestError(body?.error ?? fallback, response.status, body?.fields ?? {}, body?.code);
  return body;
}

export const json = (method: string, body: unknown, signal?: AbortSignal): RequestInit => ({
  method,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
  signal,
});
