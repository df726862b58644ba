/** The part of Pagefind's browser API the search page uses, loaded on demand from the built site. */
import type { SearchMeta } from '../../lib/search/search.ts';
import { NO_SEARCH_CHANGES, SEARCH_CHANGES_INDEX, SEARCH_CHANGES_PATH, type SearchChanges } from '../../lib/search/search-changes.ts';
import { openWithChanges, type PagefindBundle } from './pagefind-changes.ts';

export interface PagefindData {
  url: string;
  meta: SearchMeta;
  /** The indexed text; a result's `words` are positions in it, split on whitespace. */
  content: string;
}

export interface PagefindResult {
  id: string;
  /** Pagefind's relevance (higher first); the order of a text search. */
  score: number;
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

/** `sort`: one key, lowest first (the places the index build wrote); the search page sorts no other way. */
export interface PagefindSearchOptions {
  filters?: PagefindFilters;
  sort?: Record<string, 'asc'>;
}

export interface Pagefind {
  /** A null query lists every record the filters allow, in the order of `sort` (records without that key are left out). */
  search(query: string | null, options?: PagefindSearchOptions): Promise<PagefindResponse>;
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

interface PagefindModule extends PagefindBundle {
  init(): Promise<void>;
}

let changesLoading: Promise<SearchChanges> | undefined;

/** One of the JSON files the build writes beside the index, or `fallback` when this build has none. */
export const readIndexJson = <T>(path: string, fallback: T): Promise<T> =>
  fetch(path).then((response) => (response.ok ? (response.json() as Promise<T>) : fallback));

/** The changes since the full index (none when the build wrote none): the page reads the index and the names through them. */
export function loadSearchChanges(): Promise<SearchChanges> {
  changesLoading ??= readIndexJson(SEARCH_CHANGES_PATH, NO_SEARCH_CHANGES);
  changesLoading.catch(() => {
    changesLoading = undefined;
  });
  return changesLoading;
}

let loading: Promise<Pagefind> | undefined;

/**
 * Imports /pagefind/pagefind.js once, with the small index of changes beside it when the build wrote one. It is
 * written next to the pages at build time, so Vite must not resolve it.
 */
export function loadPagefind(): Promise<Pagefind> {
  loading ??= Promise.all([import(/* @vite-ignore */ PAGEFIND_URL) as Promise<PagefindModule>, loadSearchChanges()]).then(async ([module, changes]) => {
    await module.init();
    return rememberingSearches(await openWithChanges(module, changes, SEARCH_CHANGES_INDEX));
  });
  // A failed load (offline, a build in progress) may succeed on the next search.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
