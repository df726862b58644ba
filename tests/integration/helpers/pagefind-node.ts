/** Loads a built Pagefind bundle in Node, as the browser would, with its index files read from disk. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { NameEntry } from '../../../src/lib/search/name-match.ts';
import type { Pagefind } from '../../../src/features/search/pagefind.ts';
import { openWithChanges } from '../../../src/features/search/pagefind-changes.ts';
import { SEARCH_NAMES_PATH } from '../../../src/lib/search/search.ts';
import { SEARCH_NAME_RECORDS_PATH, slugsByRecord, type NameRecords } from '../../../src/lib/search/name-records.ts';
import { NO_SEARCH_CHANGES, SEARCH_CHANGES_INDEX, SEARCH_CHANGES_PATH, namesWithChanges, type SearchChanges } from '../../../src/lib/search/search-changes.ts';

export interface NodePagefind extends Pagefind {
  options(options: { basePath: string }): Promise<void>;
  filters(): Promise<Record<string, Record<string, number>>>;
  createInstance(options: { basePath: string }): Pagefind;
}

const folderUrl = (folder: string) => pathToFileURL(folder).href + '/';

let patched = false;

/**
 * The search as the page reads it: the full index under `<clientDir>/pagefind` with its names file and, when a
 * build's first pass wrote them (in `changesClientDir`, a layer's client folder), the changes since it; and the slug
 * of each record the names and their records file give, as the page reads them.
 */
export async function loadServedSearch(
  clientDir: string,
  changesClientDir = clientDir,
): Promise<{ pagefind: Pagefind; names: NameEntry[]; recordSlugs: Map<string, string> }> {
  const { pagefind, names } = await loadBuiltSearch(clientDir);
  // As the page does (pagefind.ts), and with every filter file loaded also without changes: tests compare counts.
  await pagefind.filters();
  const changes = await readFile(path.join(changesClientDir, SEARCH_CHANGES_PATH), 'utf8').then(
    (text) => JSON.parse(text) as SearchChanges,
    () => NO_SEARCH_CHANGES,
  );
  const basePath = folderUrl(path.join(changesClientDir, SEARCH_CHANGES_INDEX));
  const records = JSON.parse(await readFile(path.join(clientDir, SEARCH_NAME_RECORDS_PATH), 'utf8')) as NameRecords;
  const current = namesWithChanges(names, changes);
  return { pagefind: await openWithChanges(pagefind, changes, basePath), names: current, recordSlugs: slugsByRecord(names, records, current) };
}

/** The bundle under `<clientDir>/pagefind` and the names file beside it. */
export async function loadBuiltSearch(clientDir: string): Promise<{ pagefind: NodePagefind; names: NameEntry[] }> {
  if (!patched) {
    // The bundle fetches its index files; from Node they are read from disk.
    const realFetch = globalThis.fetch;
    globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input);
      if (url.protocol === 'file:') return new Response(await readFile(url));
      return realFetch(input, init);
    };
    patched = true;
  }
  const bundleDir = path.join(clientDir, 'pagefind');
  // A query string makes each build's bundle a module of its own.
  const pagefind = (await import(/* @vite-ignore */ `${pathToFileURL(path.join(bundleDir, 'pagefind.js')).href}?${Date.now()}`)) as NodePagefind;
  await pagefind.options({ basePath: folderUrl(bundleDir) });
  const names = JSON.parse(await readFile(path.join(clientDir, SEARCH_NAMES_PATH), 'utf8')) as NameEntry[];
  return { pagefind, names };
}

/** The slug of a result's page, from its URL (the bundle sees file: URLs in Node). */
export async function slugOf(hit: { data(): Promise<{ url: string }> }): Promise<string> {
  return (await hit.data()).url.split('/').pop()!;
}
