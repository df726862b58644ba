/**
 * How the incremental rebuild reaches the internal twins of the prerendered pages (src/pages/reconstruccion-interna/,
 * one per template, at the same path under TWIN_PREFIX) and where each page lives in a build's client folder.
 */
import { TWIN_PREFIX } from '../../lib/page-path.ts';

/** Header and environment variable carrying the renderer's token: unset on a live server, so every twin is a 404 there. */
export const RENDER_TOKEN_HEADER = 'x-reconstruccion';
export const RENDER_TOKEN_ENV = 'INCREMENTAL_RENDER_TOKEN';

/** One line of the renderer's output (render-pages.ts), after EVENT_PREFIX: the bundle may print lines of its own. */
export type RenderEvent = { written: string } | { missing: string };
export const EVENT_PREFIX = 'render-pages ';

/** The file under a build's client folder that holds a page (build.format 'file': "/x" is x.html, "/" index.html). */
export function pageFile(pathname: string): string {
  if (pathname === '/') return 'index.html';
  const relative = pathname.slice(1);
  return /\.[a-z]+$/.test(relative) ? relative : `${relative}.html`;
}

/** The address of a page's internal twin. */
export function twinAddress(pathname: string): string {
  return pathname === '/' ? TWIN_PREFIX : TWIN_PREFIX + pathname;
}
