/**
 * The full Pagefind index and the small one of the tools changed since it (src/lib/search/search-changes.ts),
 * searched as one: every search asks both, leaves out the full index's outdated records, and merges the answers
 * in the order each search asks for (a task's ranking, the prominence, or Pagefind's relevance), with filter counts
 * that count every current tool once.
 */
import { CHANGED_RECORD_PREFIX, hasChangedRecords, hasSearchChanges, type SearchChanges } from '../../lib/search/search-changes.ts';
import type { Pagefind, PagefindFilters, PagefindResponse, PagefindResult, PagefindSearchOptions } from './pagefind.ts';

type FilterCounts = Record<string, Record<string, number>>;

const hasFilters = (filters: PagefindFilters | undefined): boolean =>
  filters !== undefined && Object.values(filters).some((value) => (Array.isArray(value) ? value.length > 0 : value !== undefined));

/** Counts plus `added`, less the filter values of each hidden record among `hiddenFound`. */
function countsWithChanges(counts: FilterCounts | undefined, added: FilterCounts | undefined, hiddenFound: readonly Record<string, string[]>[]): FilterCounts {
  const result: FilterCounts = {};
  const add = (name: string, value: string, count: number) => {
    const values = (result[name] ??= {});
    values[value] = (values[value] ?? 0) + count;
  };
  for (const source of [counts, added])
    for (const [name, values] of Object.entries(source ?? {})) for (const [value, count] of Object.entries(values)) add(name, value, count);
  for (const filters of hiddenFound) for (const [name, values] of Object.entries(filters)) for (const value of values) add(name, value, -1);
  return result;
}

/** Both lists by Pagefind's score, highest first; the full index's first among equals. */
function byScore(kept: readonly PagefindResult[], changed: readonly PagefindResult[]): PagefindResult[] {
  return [...kept, ...changed].sort((a, b) => b.score - a.score);
}

/**
 * `kept` in its order with each changed record placed before the first record that has at least its count ahead of
 * it (`rank`: a kept record's place among the full index's remaining records in that order, from 0).
 */
function byPlace(
  kept: readonly PagefindResult[],
  changed: readonly PagefindResult[],
  rank: ReadonlyMap<string, number>,
  ahead: (hit: PagefindResult) => number,
): PagefindResult[] {
  const merged: PagefindResult[] = [];
  let next = 0;
  for (const hit of kept) {
    const place = rank.get(hit.id) ?? Number.POSITIVE_INFINITY;
    while (next < changed.length && ahead(changed[next]!) <= place) merged.push(changed[next++]!);
    merged.push(hit);
  }
  return [...merged, ...changed.slice(next)];
}

/** `changedIndex`: the small index, absent when the changes only withdraw tools. */
export function withChanges(full: Pagefind, changedIndex: Pagefind | undefined, changes: SearchChanges): Pagefind {
  const none: PagefindResponse = { results: [], filters: {}, totalFilters: {} };
  const hidden = new Map(Object.entries(changes.hidden));
  const hiddenAmong = (results: readonly PagefindResult[]) =>
    results.flatMap((hit) => {
      const filters = hidden.get(hit.id);
      return filters ? [filters] : [];
    });
  const ranks = new Map<string, Promise<Map<string, number>>>();
  /** Each remaining full-index record's place in one sort order, whatever the filters: asked once per visit. */
  const ranking = (key: string) => {
    let known = ranks.get(key);
    if (!known) {
      known = full
        .search(null, { sort: { [key]: 'asc' } })
        .then(({ results }) => new Map(results.filter((hit) => !hidden.has(hit.id)).map((hit, index) => [hit.id, index])));
      known.catch(() => ranks.delete(key));
      ranks.set(key, known);
    }
    return known;
  };
  const changedOnes = (response: PagefindResponse): PagefindResult[] =>
    response.results.map((hit) => ({ id: CHANGED_RECORD_PREFIX + hit.id, score: hit.score, words: hit.words, data: () => hit.data() }));
  const aheadOf = (key: string) => (hit: PagefindResult) => changes.after[hit.id.slice(CHANGED_RECORD_PREFIX.length)]?.[key] ?? Number.POSITIVE_INFINITY;

  return {
    async search(query, options: PagefindSearchOptions = {}) {
      const [key] = Object.keys(options.sort ?? {});
      const [fromFull, fromChanged, unfiltered] = await Promise.all([
        full.search(query, options),
        changedIndex?.search(query, options) ?? none,
        // A hidden record's part in the counts without filters shows only in an unfiltered answer. Pagefind counts
        // nothing there for a search without words.
        hidden.size > 0 && query !== null && hasFilters(options.filters) ? full.search(query) : undefined,
      ]);
      const kept = fromFull.results.filter((hit) => !hidden.has(hit.id));
      const changed = changedOnes(fromChanged);
      // The whole order is read only when a changed record has to find its place in it.
      const ordered = key ? (changed.length > 0 ? byPlace(kept, changed, await ranking(key), aheadOf(key)) : kept) : byScore(kept, changed);
      return {
        results: ordered,
        filters: countsWithChanges(fromFull.filters, fromChanged.filters, hiddenAmong(fromFull.results)),
        totalFilters: countsWithChanges(fromFull.totalFilters, fromChanged.totalFilters, query === null ? [] : hiddenAmong((unfiltered ?? fromFull).results)),
      };
    },
    async filters() {
      const [fromFull, fromChanged] = await Promise.all([full.filters(), changedIndex?.filters() ?? {}]);
      return countsWithChanges(fromFull, fromChanged, [...hidden.values()]);
    },
  };
}

/** A loaded Pagefind bundle: the full index, and other indexes opened as instances of their own. */
export interface PagefindBundle extends Pagefind {
  createInstance(options: { basePath: string }): Pagefind;
}

/**
 * The full index read through `changes`, the small index opened from `changesBasePath` when there is one. Both load
 * every filter file first: Pagefind counts only the filters whose files it loaded (every search filters, and the
 * first would otherwise wait for them: 0.5-0.7 s at 10,000 tools).
 */
export async function openWithChanges(bundle: PagefindBundle, changes: SearchChanges, changesBasePath: string): Promise<Pagefind> {
  const filtersLoaded = bundle.filters();
  if (!hasSearchChanges(changes)) {
    filtersLoaded.catch(() => undefined);
    return bundle;
  }
  // The small index's instance only once the full one has its WebAssembly: init() answers before, and two
  // instances loading it at once each start their own, the first then reading the other's memory.
  await filtersLoaded;
  const changed = hasChangedRecords(changes) ? bundle.createInstance({ basePath: changesBasePath }) : undefined;
  await changed?.filters();
  return withChanges(bundle, changed, changes);
}
