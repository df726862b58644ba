/** The part of Pagefind's browser API the search page uses, loaded on demand from the built site. */
import type { SearchMeta } from '../../lib/search/search.ts';

export interface PagefindData {
  url: string;
  meta: SearchMeta;
  /** The indexed text; a result's `words` are positions in it, split on whitespace. */
  content: string;
}

export interface PagefindResult {
  id: string;
  /**
   * Positions of this search's matched words in the record's content. Not data().locations: Pagefind keeps one
   * object per record and rewrites those on every data() call, whichever search it comes from.
   */
  words: number[];
  data(): Promise<PagefindData>;
}

export interface PagefindResponse {
  results: PagefindResult[];
  /** Counts per filter value among these results. */
  filters?: Record<string, Record<string, number>>;
  /** Counts per filter value for the query without the active filters. */
  totalFilters: Record<string, Record<string, number>>;
}

/** A filter: values per filter name (all must hold), or a compound of filters. */
export type PagefindFilters = { [name: string]: string | string[] | PagefindFilters[] } | { any: PagefindFilters[] } | { all: PagefindFilters[] };

export interface Pagefind {
  /** A null query lists every record the filters allow, in the order of `sort` (records without that key are left out). */
  search(query: string | null, options?: { filters?: PagefindFilters; sort?: Record<string, 'asc' | 'desc'> }): Promise<PagefindResponse>;
  /** Every filter's values and counts; loads all the filter files. */
  filters(): Promise<Record<string, Record<string, number>>>;
}

const PAGEFIND_URL = '/pagefind/pagefind.js';

/** About the searches of the last few keystrokes (one keystroke asks for up to a dozen). */
const REMEMBERED_SEARCHES = 32;

/**
 * Pagefind answering a search it was just asked from memory, even while the first is running: consecutive keystrokes
 * repeat most searches (the names, tasks and categories the query names), and the loaded index never changes.
 */
function rememberingSearches(pagefind: Pagefind): Pagefind {
  const remembered = new Map<string, Promise<PagefindResponse>>();
  return {
    filters: () => pagefind.filters(),
    search(query, options) {
      const key = JSON.stringify([query, options ?? {}]);
      const known = remembered.get(key);
      if (known) return known;
      const response = pagefind.search(query, options);
      response.catch(() => remembered.delete(key));
      remembered.set(key, response);
      // Maps keep insertion order: the first key is the oldest search.
      const [oldest] = remembered.keys();
      if (remembered.size > REMEMBERED_SEARCHES && oldest !== undefined) remembered.delete(oldest);
      return response;
    },
  };
}

let loading: Promise<Pagefind> | undefined;

/** Imports /pagefind/pagefind.js once. It is written next to the pages at build time, so Vite must not resolve it. */
export function loadPagefind(): Promise<Pagefind> {
  loading ??= import(/* @vite-ignore */ PAGEFIND_URL).then(async (module: Pagefind & { init(): Promise<void> }) => {
    await module.init();
    // Every search filters, and the first would otherwise wait for the filter files (0.5-0.7 s at 10,000 tools).
    module.filters().catch(() => undefined);
    return rememberingSearches(module);
  });
  // A failed load (offline, a build in progress) may succeed on the next search.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
