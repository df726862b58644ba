import type { APIRoute } from 'astro';
import { CLIENT_IP_HEADER, getAuth } from '../../../server/auth/auth.ts';

export const prerender = false;

/** Every better-auth endpoint; the client's IP comes from the connection, never from a header it could forge. */
export const ALL: APIRoute = async ({ request, clientAddress }) => {
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_IP_HEADER);
  try {
    headers.set(CLIENT_IP_HEADER, clientAddress);
  } catch {
    // Adapters without a client address: better-auth then rate-limits on one shared bucket.
  }
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  return getAuth().handler(new Request(request.url, { method: request.method, headers, body }));
};
