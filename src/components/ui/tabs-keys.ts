/**
 * The tab a key moves to in a tab list with a roving tabindex (WAI-ARIA tabs pattern): arrows move to the next or
 * previous tab, wrapping round; Home and End to the first and last; any other key moves nowhere (null).
 */
export function nextTab<T>(values: readonly T[], current: T, key: string): T | null {
  const at = values.indexOf(current);
  if (at < 0 || values.length === 0) return null;
  if (key === 'ArrowRight') return values[(at + 1) % values.length]!;
  if (key === 'ArrowLeft') return values[(at - 1 + values.length) % values.length]!;
  if (key === 'Home') return values[0]!;
  if (key === 'End') return values[values.length - 1]!;
  return null;
}

export const tabId = (idBase: string, value: string) => `${idBase}-tab-${value}`;
export const tabPanelId = (idBase: string) => `${idBase}-panel`;
