/** How the admin panel writes dates and numbers (es-ES, Spain's time). */
const dateTime = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Madrid' });
const date = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeZone: 'Europe/Madrid' });
const number = new Intl.NumberFormat('es-ES');

export const formatDateTime = (value: Date | string) => dateTime.format(new Date(value));
export const formatDate = (value: Date | string) => date.format(new Date(value));
export const formatNumber = (value: number) => number.format(value);

/** A URL for the same list with some query parameters changed (undefined or '' removes one; the page resets). */
export function withQuery(url: URL, changes: Record<string, string | number | undefined>): string {
  const next = new URL(url);
  if (!('pagina' in changes)) next.searchParams.delete('pagina');
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') next.searchParams.delete(key);
    else next.searchParams.set(key, String(value));
  }
  return `${next.pathname}${next.search}`;
}
