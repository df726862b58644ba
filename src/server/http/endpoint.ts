/**
 * What every JSON endpoint needs: responses with a Spanish error, the same-origin check for mutations,
 * a size-limited, zod-validated body and the caller's IP. Endpoints stay a few lines long.
 */
import type { APIContext } from 'astro';
import type { z } from 'zod';

export const NOT_SIGNED_IN_MESSAGE = 'Usuario no autenticado';
export const FORBIDDEN_MESSAGE = 'No tienes permisos para realizar esta acción.';
export const CROSS_SITE_MESSAGE = 'Solicitud rechazada: debe hacerse desde este mismo sitio.';
export const BODY_TOO_LARGE_MESSAGE = 'La solicitud es demasiado grande.';
export const BAD_BODY_MESSAGE = 'La solicitud no tiene un formato válido.';

/** Small JSON bodies (ids, prompts, options) fit in this many bytes with room to spare. */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  const sent = new Headers(headers);
  sent.set('content-type', 'application/json; charset=utf-8');
  if (!sent.has('cache-control')) sent.set('cache-control', 'private, no-store');
  return new Response(JSON.stringify(body), { status, headers: sent });
}

export function jsonError(status: number, message: string, headers: HeadersInit = {}): Response {
  return json({ error: message }, status, headers);
}

/**
 * True when the request comes from one of our own pages. Browsers always send Origin on cross-site
 * POST/PUT/PATCH/DELETE; without it, Sec-Fetch-Site decides; a request with neither (curl, server to
 * server) carries no ambient cookies of a victim, so it is allowed.
 */
export function isSameOrigin(request: Request, siteOrigin: string): boolean {
  const origin = request.headers.get('origin');
  if (origin) return origin === siteOrigin || origin === new URL(request.url).origin;
  const site = request.headers.get('sec-fetch-site');
  return site === null || site === 'same-origin' || site === 'none';
}

type BodyResult<T> = { ok: true; data: T } | { ok: false; response: Response };

/** Reads at most maxBytes of a JSON body and validates it; the failure is a ready 400/413 response. */
export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<BodyResult<z.infer<S>>> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) return { ok: false, response: jsonError(413, BODY_TOO_LARGE_MESSAGE) };
  const text = await readLimitedText(request, maxBytes);
  if (text === null) return { ok: false, response: jsonError(413, BODY_TOO_LARGE_MESSAGE) };
  let raw: unknown;
  try {
    raw = text === '' ? {} : JSON.parse(text);
  } catch {
    return { ok: false, response: jsonError(400, BAD_BODY_MESSAGE) };
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return { ok: false, response: jsonError(400, parsed.error.issues[0]?.message ?? BAD_BODY_MESSAGE) };
  return { ok: true, data: parsed.data };
}

/** The body as text, or null once it passes maxBytes (a lying or absent Content-Length cannot get around it). */
export async function readLimitedText(request: Request, maxBytes: number): Promise<string | null> {
  const bytes = await readLimitedBytes(request, maxBytes);
  return bytes === null ? null : new TextDecoder().decode(bytes);
}

export async function readLimitedBytes(request: Request, maxBytes: number): Promise<Uint8Array | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** The socket's address (or the trusted proxy's forwarded one, per Astro's security.allowedDomains). */
export function clientIp(context: Pick<APIContext, 'clientAddress'>): string {
  try {
    return context.clientAddress;
  } catch {
    return 'desconocida';
  }
}
