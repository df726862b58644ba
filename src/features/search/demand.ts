/**
 * What visitors search for and do not find: searches on /buscar with fewer than FEW_RESULTS results are
 * counted per day under their folded text, for the admin's «Búsquedas sin resultado». Shared by the page's script
 * and the server; no zod here, so the search page does not load it.
 */
import { normalizeForSearch } from '../../lib/text.ts';

export const SEARCH_MISSES_ENDPOINT = '/api/search-misses';

/** A search with fewer results than this found too little: the visitor probably did not find what they wanted. */
export const FEW_RESULTS = 3;

/** Longer texts are not searches anyone types (the database refuses them too). */
export const SEARCH_MISS_MAX_LENGTH = 100;

/** How a query is counted: lower case, no accents, spaces collapsed, so «Imágenes» and «imagenes » are one. */
export function missKey(query: string): string {
  return normalizeForSearch(query);
}
