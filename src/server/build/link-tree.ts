/** A copy of a folder made of hard links: instant and free of space, and the files stay shared until one is replaced. */
import type { Dirent } from 'node:fs';
import { link, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * `folder` normalized and ending in a separator, the part a file's path under it starts with: a name joined to it by
 * hand skips path.join's normalizing, which costs at 170,000 names.
 */
export function folderPrefix(folder: string): string {
  return path.join(folder, '_').slice(0, -1);
}

/**
 * Every entry under `folder`, with its path relative to it. A build of 50,000 tools holds about 170,000 files, and
 * this runs in the process that serves the site: path.relative (which resolves both paths) on each held requests
 * for a second, so each folder's part is worked out once, and the loop yields every 1,000 entries.
 */
export async function entriesWithin(folder: string): Promise<{ entry: Dirent; relative: string }[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  // Normalized as each entry's parent is: cut there.
  const cut = folderPrefix(folder).length;
  let parent: string | undefined;
  let prefix = '';
  const named: { entry: Dirent; relative: string }[] = [];
  for (const [index, entry] of entries.entries()) {
    if (index % 1_000 === 999) await nextTurn();
    if (entry.parentPath !== parent) {
      parent = entry.parentPath;
      prefix = folderPrefix(parent).slice(cut);
    }
    named.push({ entry, relative: prefix + entry.name });
  }
  return named;
}

/** link() calls in flight: enough to hide each call's latency, few enough not to exhaust file handles. */
const CONCURRENCY = 32;

/**
 * Links every file under `from` into `to`, leaving out the entries (paths relative to `from`) that `skip` names;
 * an aborted `signal` stops it between two links.
 */
export async function linkTree(from: string, to: string, skip: (relative: string) => boolean = () => false, signal?: AbortSignal): Promise<number> {
  const files: string[] = [];
  const folders = new Set<string>([to]);
  // entriesWithin yields while it names the entries; this loop only sorts them.
  for (const { entry, relative } of await entriesWithin(from)) {
    if (skip(relative)) continue;
    if (entry.isDirectory()) folders.add(path.join(to, relative));
    else if (entry.isFile()) files.push(relative);
  }
  // Parents before children: sorted paths put a folder before what it holds.
  for (const folder of [...folders].sort()) await mkdir(folder, { recursive: true });
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      signal?.throwIfAborted();
      const relative = files[next++]!;
      await link(path.join(from, relative), path.join(to, relative));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return files.length;
}
