/**
 * The public address of the page being rendered. With build.format 'file' a prerendered page sees its output file
 * as its path ('/chatgpt.html', '/index.html'); the incremental rebuild renders it through its internal twin
 * (src/pages/reconstruccion-interna/, docs/decisions/013), whose prefix is no part of the page's address.
 */
export const TWIN_PREFIX = '/reconstruccion-interna';

export function publicPagePath(pathname: string): string {
  const path = pathname === TWIN_PREFIX ? '/' : pathname.startsWith(TWIN_PREFIX + '/') ? pathname.slice(TWIN_PREFIX.length) : pathname;
  return path.replace(/\.html$/, '').replace(/^\/index$/, '/');
}
