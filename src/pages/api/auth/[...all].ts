import type { APIRoute } from 'astro';
import { CLIENT_IP_HEADER, getAuth } from '../../../server/auth/auth.ts';

export const prerender = false;

/**
 * Every better-auth endpoint. The IP used for rate limits is Astro's clientAddress (the socket's address, or
 * X-Forwarded-For only when security.allowedDomains trusts a proxy), never a header the client chooses.
 */
export const ALL: APIRoute = async ({ request, clientAddress }) => {
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_IP_HEADER);
  try {
    headers.set(CLIENT_IP_HEADER, clientAddress);
  } catch {
    // Adapters without a client address: better-auth then rate-limits on one shared bucket.
  }
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  const response = await getAuth().handler(new Request(request.url, { method: request.method, headers, body }));
  // Session answers are personal: no shared cache (CDN, proxy) may keep them.
  const sent = new Headers(response.headers);
  if (!sent.has('cache-control')) sent.set('cache-control', 'private, no-store');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: sent });
};
