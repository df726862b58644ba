/**
 * Public GET endpoints our node server answers before Astro's handler. /api/tools is the hottest
 * on-demand route and needs no session or middleware; skipping Astro's request and response
 * adapters there doubles its throughput on two cores (bench: p99 under load). A tool's social image
 * (/og/{slug}.png, drawn on its first request) needs neither. The Astro routes stay the definitions
 * for `npm run dev` and Vercel (src/pages/api/tools.ts, src/pages/[...fallback].astro): both call the same function.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toolListResponse } from '../catalogue/tool-list.ts';
import { socialImageSlug, toolImageResponse } from '../og/tool-image.ts';

/** A direct route's answer; null when nothing has that address, and the server sends the site's not-found page. */
export type DirectRoute = (url: URL, request: IncomingMessage) => Promise<Response | null>;

const DIRECT_ROUTES: Record<string, DirectRoute> = {
  '/api/tools': (url) => toolListResponse(url),
};

export function directRoute(pathname: string): DirectRoute | undefined {
  if (Object.hasOwn(DIRECT_ROUTES, pathname)) return DIRECT_ROUTES[pathname];
  const slug = socialImageSlug(pathname);
  return slug ? (_url, request) => toolImageResponse(slug, request.headers['if-none-match']) : undefined;
}

export async function sendWebResponse(request: IncomingMessage, response: ServerResponse, web: Response): Promise<void> {
  const body = Buffer.from(await web.arrayBuffer());
  const headers = Object.fromEntries(web.headers);
  // A 304 has no body of its own; a length there would describe the image it stands for, so none is sent.
  if (web.status !== 304) headers['content-length'] = String(body.byteLength);
  response.writeHead(web.status, headers);
  response.end(request.method === 'HEAD' || web.status === 304 ? undefined : body);
}
