/**
 * The admin navigation's counters (Pendientes, Publicados) follow a decision taken on the page without a reload:
 * the queue's script moves them by the decision's effect. The next page load reads them from SQL again.
 */
export type NavCount = 'pending' | 'published';

const format = new Intl.NumberFormat('es-ES');

/** '1.234' moved by `delta`, never below zero, in the same es-ES format; null when the text is not a count. */
export function shiftCount(text: string, delta: number): string | null {
  const digits = text.replace(/\D/g, '');
  if (digits === '') return null;
  return format.format(Math.max(0, Number(digits) + delta));
}

/** Moves the navigation's counter for `key` (its span carries data-admin-count) by `delta`. */
export function adjustNavCount(key: NavCount, delta: number, root: ParentNode = document): void {
  const badge = root.querySelector<HTMLElement>(`[data-admin-count="${key}"]`);
  if (!badge) return;
  const next = shiftCount(badge.textContent ?? '', delta);
  if (next !== null) badge.textContent = next;
}
