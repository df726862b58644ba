/**
 * Fills Astro.locals with the visitor's session on on-demand routes and gives every on-demand answer the
 * security headers (pages get a CSP with their inline scripts' hashes). Authorization happens in each page
 * and endpoint, never here.
 */
import type { APIContext, MiddlewareNext } from 'astro';
import { defineMiddleware } from 'astro:middleware';
import { adPolicySources, pageCarriesAds } from './server/ads/ads-policy.ts';
import { readSession } from './server/auth/auth.ts';
import { getPool } from './server/db/client.ts';
import { isDatabaseUnavailable } from './server/db/unavailable.ts';
import { compressResponse } from './server/http/compress-response.ts';
import { AppError, errorResponse } from './server/http/errors.ts';
import { endpointMethods, methodNotAllowed, optionsResponse, ORIGINAL_METHOD_HEADER, PAGE_METHODS } from './server/http/methods.ts';
import { RedirectTable, redirectLocation } from './server/http/redirects.ts';
import { baseSecurityHeaders, inlineScriptHashes, isHtml, pagePolicy } from './server/http/security-headers.ts';
import { securityOptions } from './server/http/security-options.ts';
import { databaseUnavailableResponse, plainPage } from './server/http/unavailable.ts';
import { currentSettings, freezeSettingsForBuild } from './server/settings/site-settings.ts';

/** Security headers (a page's CSP from its own inline scripts), then compression as the request accepts it. */
async function finished(request: Request, response: Response): Promise<Response> {
  // Astro.rewrite (the 403 and 404 pages) runs this middleware again for the page it rewrites to: that answer comes
  // back here secured and compressed already, and reading its bytes as text would corrupt them.
  if (response.headers.has('content-encoding')) return response;
  const security = securityOptions();
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(baseSecurityHeaders(security))) {
    if (!headers.has(name)) headers.set(name, value);
  }
  const secured = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  if (!isHtml(headers.get('content-type')) || !response.body) return compressResponse(request, secured);
  const html = await secured.text();
  headers.set('content-security-policy', pagePolicy(security, inlineScriptHashes(html), pageCarriesAds(html) ? await adPolicySources() : undefined));
  return compressResponse(request, new Response(null, { status: response.status, statusText: response.statusText, headers }), html);
}

// Our node server applies redirects before any file; this covers `npm run dev` and serverless hosts.
const redirects = new RedirectTable(getPool);

/** A tool deleted on purpose (the node server sends the site's not-found page with this status). */
function goneResponse(): Response {
  return plainPage(410, 'Publicación no encontrada', '<p>La publicación que buscas no existe o ha sido eliminada.</p><p><a href="/">Volver al inicio</a></p>');
}

/** API clients read JSON: an unknown API path answers the table's 404, not the site's HTML page. */
function jsonForApi(pathname: string, response: Response): Response {
  if (!pathname.startsWith('/api/') || response.status !== 404) return response;
  return isHtml(response.headers.get('content-type')) ? errorResponse(new AppError('not_found')) : response;
}

// Loaded only when a request needs its route's methods (lazily: importing every endpoint up front costs memory).
const ENDPOINT_MODULES = import.meta.glob<Record<string, unknown>>(['./pages/**/*.ts', '!./pages/**/*.test.ts']);

/**
 * The Spanish 405 (or the 204 for OPTIONS) when the route does not answer this method, before any page renders
 * or endpoint runs: Astro would render a page for PUT or PROPFIND with a 200, and answer an endpoint's missing
 * method with an empty 404. Null when the route answers the method itself.
 */
async function methodGate(routePattern: string, pathname: string, method: string): Promise<Response | null> {
  const load = ENDPOINT_MODULES[`./pages${routePattern}.ts`] ?? ENDPOINT_MODULES[`./pages${routePattern}/index.ts`];
  const module = load ? await load() : null;
  const allow: readonly string[] | null = module ? endpointMethods(module) : PAGE_METHODS;
  if (!allow) return null;
  if (!allow.includes(method)) return methodNotAllowed(pathname, allow);
  if (method === 'OPTIONS' && !(module && 'OPTIONS' in module)) return optionsResponse(allow);
  return null;
}

export const onRequest = defineMiddleware(async (context, next) => {
  context.locals.user = null;
  context.locals.session = null;
  // Site settings for the synchronous readers (siteConfig): as of a few seconds ago on a live server; read once
  // for a whole build (prerendered pages only reach the middleware while building, in production mode).
  if (context.isPrerendered && import.meta.env.PROD) await freezeSettingsForBuild();
  else await currentSettings();
  // Prerendered pages are built once for everyone: no session exists at build time, and no header is sent (in
  // production their files answer every method in src/server/http/site-server.ts).
  if (context.isPrerendered) return next();
  // Vite's development server injects inline scripts of its own (no policy there) and compresses by itself.
  const secure = import.meta.env.DEV ? (response: Response) => response : (response: Response) => finished(context.request, response);
  try {
    return secure(await onDemand(context, next));
  } catch (error) {
    // A page or the session lookup that needed PostgreSQL while it is down: 503 to retry, never the 500 page.
    if (!isDatabaseUnavailable(error)) throw error;
    return secure(databaseUnavailableResponse(context.url.pathname, error, `${context.request.method} ${context.url.pathname}`));
  }
});

async function onDemand(context: APIContext, next: MiddlewareNext): Promise<Response> {
  // Our node server passes a method Request cannot carry (TRACE) as OPTIONS, naming the real one (methods.ts).
  const method = context.request.headers.get(ORIGINAL_METHOD_HEADER) ?? context.request.method;
  const refused = await methodGate(context.routePattern, context.url.pathname, method);
  if (refused) return refused;
  if (context.request.method === 'GET' || context.request.method === 'HEAD') {
    const redirect = await redirects.match(context.url.pathname);
    if (redirect?.to) return context.redirect(redirectLocation(redirect.to, context.url.search), redirect.status as 301 | 302 | 307 | 308);
    if (redirect) return goneResponse();
  }
  // Stored files (/media/) are public and the same for everyone, and the auth routes read the session themselves.
  if (context.url.pathname.startsWith('/api/auth/') || context.url.pathname.startsWith('/media/')) return next();
  // No session cookie, no session: most on-demand requests are anonymous and skip the lookup.
  if (context.request.headers.get('cookie')?.includes('session_token')) {
    const current = await readSession(context.request.headers);
    if (current) {
      context.locals.user = current.user;
      context.locals.session = current.session;
    }
  }
  return jsonForApi(context.url.pathname, await next());
}
