/**
 * The fact filters in an address (?filtro=gratis,en-espanol), read and written alike by the category pages, /buscar
 * and GET /api/tools. No zod and no list of its own: the browser scripts pass the filters their page offers, the API
 * schema passes factFilters (src/lib/tool-facts.ts), so this stays a few bytes of public JS.
 */

/** The query parameter, the same on every page and in the JSON API. */
export const FACT_FILTER_PARAM = 'filtro';

/** The values of a parameter, split on commas, trimmed, without empties or repeats. */
export function splitFilterParam(value: string | null): string[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}

/** The known filters an address asks for, in the order the page offers them; unknown values are left out. */
export function readFactFilterParam<T extends string>(value: string | null, known: readonly T[]): T[] {
  const asked = splitFilterParam(value);
  return known.filter((filter) => asked.includes(filter));
}

/** Sets (or, with none active, removes) the parameter on a query string, keeping every other parameter. */
export function withFactFilterParam(search: string, active: readonly string[]): string {
  const params = new URLSearchParams(search);
  if (active.length > 0) params.set(FACT_FILTER_PARAM, active.join(','));
  else params.delete(FACT_FILTER_PARAM);
  // URLSearchParams writes the comma as %2C; the address reads better with it as typed.
  const query = params.toString().replaceAll('%2C', ',');
  return query ? `?${query}` : '';
}
