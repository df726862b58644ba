/**
 * The search's changes since its full index (docs/decisions/013): past a few thousand tools the full Pagefind index
 * is written again only in a rebuild's second pass, so the first pass writes a small index of the tools changed
 * since the full one, beside it, and this file, which says how the two read as one. Shared by the build that
 * writes it and the page that reads it; pure functions, no DOM.
 */
import type { NameEntry } from './name-match.ts';

/** Written with every index: the full index's own is empty. */
export const SEARCH_CHANGES_PATH = '/pagefind/cambios.json';
/** The small index's folder, when there is one (a Pagefind instance of its own). */
export const SEARCH_CHANGES_INDEX = '/pagefind/cambios/';

export interface SearchChanges {
  /**
   * The full index's records of the tools changed or withdrawn since it was written, by record id, with the filter
   * values each record counts in: they are left out of every answer and of every count.
   */
  hidden: Record<string, Record<string, string[]>>;
  /**
   * The small index's records, by their id there: for each sort key they carry, how many of the full index's
   * remaining records come before them in that order (a task's ranking, the prominence).
   */
  after: Record<string, Record<string, number>>;
  /**
   * The names file's changes: the slugs it no longer holds, then each changed tool's entry at its place, with its
   * record's id in the small index.
   */
  names: { removed: string[]; added: [title: string, slug: string, index: number, record: string][] };
}

/** How the page tells the small index's record ids from the full one's (both are short content hashes). */
export const CHANGED_RECORD_PREFIX = 'cambios:';

export const NO_SEARCH_CHANGES: SearchChanges = { hidden: {}, after: {}, names: { removed: [], added: [] } };

/** Whether the full index alone is out of date. */
export function hasSearchChanges(changes: SearchChanges): boolean {
  return Object.keys(changes.hidden).length > 0 || hasChangedRecords(changes);
}

/** Whether there is a small index to search (a withdrawal alone writes none). */
export function hasChangedRecords(changes: SearchChanges): boolean {
  return Object.keys(changes.after).length > 0;
}

/** The full index's names with the changes applied: withdrawn and old names out, each changed tool at its place. */
export function namesWithChanges(names: readonly NameEntry[], changes: SearchChanges): NameEntry[] {
  const removed = new Set(changes.names.removed);
  const result: NameEntry[] = names.filter(([, slug]) => !removed.has(slug));
  // In order of place, each lands where the current list has it.
  for (const [title, slug, index, record] of [...changes.names.added].sort((a, b) => a[2] - b[2]))
    result.splice(index, 0, [title, slug, CHANGED_RECORD_PREFIX + record]);
  return result;
}
