/**
 * The record ids of the names file, in a file of their own. The search page needs them only to fetch a result's card
 * without reading its record through Pagefind first, and they weigh as much as the names (short hashes compress
 * poorly: at 10,000 tools 47 KB against the names' 48 KB, brotli), so they load after the names instead of before
 * the first search. Shared by the build that writes them and the page that reads them; no DOM.
 */
import type { NameEntry } from './name-match.ts';

export const SEARCH_NAME_RECORDS_PATH = '/pagefind/registros.json';

/** Each name's record id, in the names file's order ('' for a name without one). */
export type NameRecords = readonly string[];

/** The slug of each record: the names file's, by its records file, and the changed names' own (namesWithChanges). */
export function slugsByRecord(fileNames: readonly NameEntry[], records: NameRecords, names: readonly NameEntry[]): Map<string, string> {
  const slugs = new Map<string, string>();
  records.forEach((record, index) => {
    const slug = fileNames[index]?.[1];
    if (record && slug) slugs.set(record, slug);
  });
  for (const [, slug, record] of names) if (record) slugs.set(record, slug);
  return slugs;
}
