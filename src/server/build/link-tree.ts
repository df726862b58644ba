/** A copy of a folder made of hard links: instant and free of space, and the files stay shared until one is replaced. */
import { link, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/** link() calls in flight: enough to hide each call's latency, few enough not to exhaust file handles. */
const CONCURRENCY = 32;

/**
 * Links every file under `from` into `to`, leaving out the entries (paths relative to `from`) that `skip` names;
 * an aborted `signal` stops it between two links.
 */
export async function linkTree(from: string, to: string, skip: (relative: string) => boolean = () => false, signal?: AbortSignal): Promise<number> {
  const entries = await readdir(from, { recursive: true, withFileTypes: true });
  const files: string[] = [];
  const folders = new Set<string>([to]);
  for (const entry of entries) {
    const relative = path.relative(from, path.join(entry.parentPath, entry.name));
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
