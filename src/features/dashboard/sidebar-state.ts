/**
 * The sidebar's open or collapsed state: kept 7 days in a cookie that the server reads, so the
 * first paint already has the right width.
 */
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;

/** Open unless the cookie says 'false' (a first visit sees the full sidebar). */
export function sidebarOpenFromCookie(value: string | undefined): boolean {
  return value !== 'false';
}

/** The Set-Cookie value the browser writes on each toggle. */
export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}

/** Ctrl+B, or Cmd+B on a Mac, without other modifiers. */
export function isSidebarShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'b';
}
