/** The part of Pagefind's browser API the search page uses, loaded on demand from the built site. */
import type { SearchMeta } from './search.ts';

export interface PagefindData {
  url: string;
  meta: SearchMeta;
  /** The indexed text; `locations` are positions of matched words in it, split on whitespace. */
  content: string;
  locations: number[];
}

export interface PagefindResult {
  id: string;
  data(): Promise<PagefindData>;
}

export interface PagefindResponse {
  results: PagefindResult[];
  /** Counts per filter value for the query without the active filters. */
  totalFilters: Record<string, Record<string, number>>;
}

export interface Pagefind {
  search(query: string, options?: { filters?: Record<string, string[]> }): Promise<PagefindResponse>;
}

const PAGEFIND_URL = '/pagefind/pagefind.js';

let loading: Promise<Pagefind> | undefined;

/** Imports /pagefind/pagefind.js once. It is written next to the pages at build time, so Vite must not resolve it. */
export function loadPagefind(): Promise<Pagefind> {
  loading ??= import(/* @vite-ignore */ PAGEFIND_URL).then(async (module: Pagefind & { init(): Promise<void> }) => {
    await module.init();
    return module;
  });
  // A failed load (offline, a build in progress) may succeed on the next search.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
