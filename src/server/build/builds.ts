/**
 * Build folders: each build goes to builds/<id>; builds/current is a symlink switched atomically,
 * so the live site never reads a half-written build. builds/previous points at the build served before it,
 * kept for open pages still loading its assets; any other build folder is a leftover (a killed or failed build).
 */
import { readFile, readdir, readlink, realpath, rename, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CatalogueMap } from '../db/queries/public/catalogue-map.ts';
import { removeFolder } from './remove-folder.ts';

export interface BuildInfo {
  id: string;
  fingerprint: string;
  contentVersion: number;
  /** The database's clock when the build started reading content: pages changed after it are not in this build. */
  contentReadAt?: string;
  builtAt: string;
  durationMs: number;
  pages: number;
  /** The fingerprint without the content: an incremental rebuild is possible only while it stays the same. */
  baseFingerprint?: string;
  /** When the last full build ran (this one, or the one an incremental rebuild started from). */
  fullBuildAt?: string;
  /** Made by an incremental rebuild from another build (docs/decisions/013). */
  incremental?: boolean;
  /**
   * An incremental rebuild's first pass, live while its second renders these pages: the next rebuild renders them
   * if this one never gets replaced by the second pass's build.
   */
  pendingPaths?: string[];
  /**
   * A layer (build-tree.ts): this folder holds only the pages its pass rendered, and every other file is the full
   * tree of the build named here, less `removedFiles` (pages, relative to the client folder).
   */
  layerOf?: string;
  removedFiles?: string[];
}

const INFO_FILE = 'build-info.json';
/** The catalogue a build was made from (src/server/db/queries/public/catalogue-map.ts), beside its build-info.json. */
const CATALOGUE_MAP_FILE = 'catalogue-map.json';
const BUILD_ID = /^\d{17}$/;
/** builds/<id>.building holds the pid of the process writing builds/<id>: another process leaves that folder alone. */
const BUILDING_SUFFIX = '.building';

export function currentLink(buildsDir: string): string {
  return path.join(buildsDir, 'current');
}

function previousLink(buildsDir: string): string {
  return path.join(buildsDir, 'previous');
}

/** The build folder a link names, or undefined when there is no such link. */
async function linkTarget(link: string): Promise<string | undefined> {
  try {
    return path.basename(await readlink(link));
  } catch {
    return undefined;
  }
}

/** Points `link` at `target` in one rename, so a reader sees the old link or the new one, never none. */
async function switchLink(buildsDir: string, link: string, target: string): Promise<void> {
  const temporary = path.join(buildsDir, `.${path.basename(link)}-${process.pid}`);
  await rm(temporary, { force: true });
  await symlink(target, temporary);
  await rename(temporary, link);
}

export interface CurrentBuild {
  dir: string;
  info: BuildInfo;
}

export async function readCurrentBuild(buildsDir: string): Promise<CurrentBuild | undefined> {
  try {
    const target = await readlink(currentLink(buildsDir));
    const dir = path.resolve(buildsDir, target);
    const info = JSON.parse(await readFile(path.join(dir, INFO_FILE), 'utf8')) as BuildInfo;
    return { dir, info };
  } catch {
    return undefined;
  }
}

/**
 * The folder of the build served before the current one (kept until the next swap), if any: for its assets, so for a
 * layer (which holds pages only) the full build it lies over.
 */
export async function readPreviousBuildDir(buildsDir: string): Promise<string | undefined> {
  const target = (await layerBase(previousLink(buildsDir))) ?? (await linkTarget(previousLink(buildsDir)));
  return target ? path.resolve(buildsDir, target) : undefined;
}

export async function writeBuildInfo(dir: string, info: BuildInfo): Promise<void> {
  await writeFile(path.join(dir, INFO_FILE), JSON.stringify(info, null, 2));
}

export async function writeCatalogueMap(dir: string, map: CatalogueMap): Promise<void> {
  await writeFile(path.join(dir, CATALOGUE_MAP_FILE), JSON.stringify(map));
}

/** The catalogue a build was made from; undefined for builds made before the file existed. */
export async function readCatalogueMapFile(dir: string): Promise<CatalogueMap | undefined> {
  try {
    return JSON.parse(await readFile(path.join(dir, CATALOGUE_MAP_FILE), 'utf8')) as CatalogueMap;
  } catch {
    return undefined;
  }
}

/** Points builds/current at the given build in one rename, keeps the one it replaces as builds/previous, and removes the rest. */
export async function activateBuild(buildsDir: string, id: string): Promise<void> {
  await switchCurrentBuild(buildsDir, id);
  await removeLeftoverBuilds(buildsDir);
}

/**
 * Serves `id` from now on and keeps the build it replaces as the previous one, leaving the removal of older builds
 * to the next activation: an incremental rebuild's first pass goes live without waiting for thousands of unlinks.
 */
export async function switchCurrentBuild(buildsDir: string, id: string): Promise<void> {
  const replaced = await linkTarget(currentLink(buildsDir));
  if (replaced && replaced !== id) await switchLink(buildsDir, previousLink(buildsDir), replaced);
  await switchLink(buildsDir, currentLink(buildsDir), id);
}

/** The build whose full tree a layer lies over (build-tree.ts). */
async function layerBase(link: string): Promise<string | undefined> {
  try {
    return (JSON.parse(await readFile(path.join(link, INFO_FILE), 'utf8')) as BuildInfo).layerOf;
  } catch {
    return undefined;
  }
}

/** The build folder whose server bundle a build serves (its own, or for an incremental build the full build's). */
async function serverOrigin(link: string): Promise<string | undefined> {
  try {
    return path.basename(path.dirname(await realpath(path.join(link, 'server'))));
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Marks builds/<id> as being written by this process until the returned function is called. */
export async function markBuilding(buildsDir: string, id: string): Promise<() => Promise<void>> {
  const marker = path.join(buildsDir, id + BUILDING_SUFFIX);
  await writeFile(marker, String(process.pid));
  return () => rm(marker, { force: true });
}

/** The pid in builds/<id>.building, if that process is still alive. */
async function builderOf(buildsDir: string, id: string): Promise<number | undefined> {
  const pid = Number(await readFile(path.join(buildsDir, id + BUILDING_SUFFIX), 'utf8').catch(() => ''));
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined;
}

/**
 * Removes the build folders that are neither served (current), nor kept for the grace period (previous), nor
 * being written by another live process (npm run build beside a running site): what a killed or failed build
 * left, about 120 MB each. Returns the names removed.
 */
export async function removeLeftoverBuilds(buildsDir: string): Promise<string[]> {
  const entries = await readdir(buildsDir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const kept = new Set([
    await linkTarget(currentLink(buildsDir)),
    await linkTarget(previousLink(buildsDir)),
    // An incremental build's server/ is a link to the full build that compiled it: that folder stays while used.
    await serverOrigin(currentLink(buildsDir)),
    await serverOrigin(previousLink(buildsDir)),
    // A layer serves the full tree of the build it lies over.
    await layerBase(currentLink(buildsDir)),
    await layerBase(previousLink(buildsDir)),
  ]);
  const removed: string[] = [];
  for (const entry of entries) {
    if (entry.isFile() && entry.name.endsWith(BUILDING_SUFFIX)) {
      // The marker of a process killed before it could remove it.
      const id = entry.name.slice(0, -BUILDING_SUFFIX.length);
      if ((await builderOf(buildsDir, id)) === undefined) await unlink(path.join(buildsDir, entry.name)).catch(() => undefined);
      continue;
    }
    if (!entry.isDirectory() || !BUILD_ID.test(entry.name) || kept.has(entry.name)) continue;
    const builder = await builderOf(buildsDir, entry.name);
    // Our own pid in a marker is a stale one from an earlier run (containers reuse pids): this process builds one at a time.
    if (builder !== undefined && builder !== process.pid) continue;
    await removeFolder(path.join(buildsDir, entry.name));
    removed.push(entry.name);
  }
  return removed;
}

export function newBuildId(): string {
  return new Date()
    .toISOString()
    .replace(/[-:.TZ]/g, '')
    .slice(0, 17);
}
