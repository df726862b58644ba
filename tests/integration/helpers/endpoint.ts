/** Calls an Astro APIRoute the way the site does, with the session the middleware would have set. */
import type { APIContext, APIRoute } from 'astro';

export const TEST_SITE = 'http://localhost:4321';

export interface RouteCall {
  method?: string;
  path?: string;
  /** An object is sent as JSON; a string, FormData or bytes as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  user?: { id: string; role?: 'user' | 'admin'; name?: string; email?: string } | null;
  params?: Record<string, string | undefined>;
  clientAddress?: string;
  signal?: AbortSignal;
}

export async function callRoute(route: APIRoute, call: RouteCall = {}): Promise<Response> {
  const method = call.method ?? (call.body === undefined ? 'GET' : 'POST');
  const url = new URL(call.path ?? '/api/test', TEST_SITE);
  const headers = new Headers({ origin: TEST_SITE, ...call.headers });
  let body: BodyInit | undefined;
  if (call.body instanceof FormData || typeof call.body === 'string' || call.body instanceof Uint8Array) body = call.body as BodyInit;
  else if (call.body !== undefined) {
    body = JSON.stringify(call.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const request = new Request(url, { method, headers, body, signal: call.signal });
  const user = call.user ? { name: call.user.id, email: `${call.user.id}@ejemplo.es`, role: 'user' as const, avatarUrl: null, ...call.user } : null;
  const context = {
    request,
    url,
    params: call.params ?? {},
    locals: { user, session: user ? { id: `sesion-${user.id}`, expiresAt: new Date(Date.now() + 3_600_000) } : null },
    clientAddress: call.clientAddress ?? '203.0.113.7',
  } as unknown as APIContext;
  return route(context);
}
