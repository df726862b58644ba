/**
 * How the incremental rebuild reaches the internal twins of the prerendered pages (src/pages/reconstruccion-interna/,
 * one per template, at the same path under TWIN_PREFIX) and where each page lives in a build's client folder.
 */
import { TWIN_PREFIX } from '../../lib/page-path.ts';

/** Header and environment variable carrying the renderer's token: unset on a live server, so every twin is a 404 there. */
export const RENDER_TOKEN_HEADER = 'x-reconstruccion';
export const RENDER_TOKEN_ENV = 'INCREMENTAL_RENDER_TOKEN';
/**
 * Set by the renderer for a rebuild that renders only some tools' search cards (their ids, comma-separated): the
 * others are the served build's files, linked. Unset, the cards route renders every tool's card.
 */
export const RENDER_CARDS_ENV = 'INCREMENTAL_RENDER_CARDS';

/** What the warm renderer (warm-renderer.ts) asks its process (render-pages.ts): one rebuild's pages. */
export interface RenderRequest {
  /** Names this rebuild for the bundle's once-per-build caches (once-per-build.ts). */
  generation: number;
  /** The build folder the pages go into (under its client/). */
  buildDir: string;
  paths: string[];
  /** Only these tools' search cards (RENDER_CARDS_ENV); every tool's when absent. */
  cardsOf?: string[];
}

/** Asks the renderer's process to stop a rebuild's pages where it is (a second pass giving way to a newer change). */
export interface CancelRequest {
  cancel: number;
}

/**
 * What the renderer's process tells its parent: that the bundle is loaded, then per request each page written, or
 * missing when its route no longer has it (404), and at the end done or failed.
 */
export type RendererMessage =
  | { ready: true }
  | { generation: number; written: string }
  | { generation: number; missing: string }
  | { generation: number; done: true }
  | { generation: number; failed: string };

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
