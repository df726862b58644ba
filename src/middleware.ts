/** Fills Astro.locals with the visitor's session on on-demand routes. Authorization happens in each page and endpoint. */
import { defineMiddleware } from 'astro:middleware';
import { readSession } from './server/auth/auth.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  context.locals.user = null;
  context.locals.session = null;
  // Prerendered pages are built once for everyone: no session exists at build time.
  // Stored files (/media/) are public and the same for everyone: no session lookup per image.
  if (context.isPrerendered || context.url.pathname.startsWith('/api/auth/') || context.url.pathname.startsWith('/media/')) return next();
  // No session cookie, no session: most on-demand requests are anonymous and skip the lookup.
  if (!context.request.headers.get('cookie')?.includes('session_token')) return next();
  const current = await readSession(context.request.headers);
  if (current) {
    context.locals.user = current.user;
    context.locals.session = current.session;
  }
  return next();
});
