/**
 * Build folders: each build goes to builds/<id>; builds/current is a symlink switched atomically,
 * so the live site never reads a half-written build.
 */
import { readFile, readdir, readlink, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface BuildInfo {
  id: string;
  fingerprint: string;
  contentVersion: number;
  /** The database's clock when the build started reading content: pages changed after it are not in this build. */
  contentReadAt?: string;
  builtAt: string;
  durationMs: number;
  pages: number;
}

const INFO_FILE = 'build-info.json';
const KEEP_PREVIOUS = 1;
const BUILD_ID = /^\d{17}$/;

export function currentLink(buildsDir: string): string {
  return path.join(buildsDir, 'current');
}

export async function readCurrentBuild(buildsDir: string): Promise<{ dir: string; info: BuildInfo } | undefined> {
  try {
    const target = await readlink(currentLink(buildsDir));
    const dir = path.resolve(buildsDir, target);
    const info = JSON.parse(await readFile(path.join(dir, INFO_FILE), 'utf8')) as BuildInfo;
    return { dir, info };
  } catch {
    return undefined;
  }
}

export async function writeBuildInfo(dir: string, info: BuildInfo): Promise<void> {
  await writeFile(path.join(dir, INFO_FILE), JSON.stringify(info, null, 2));
}

/** Points builds/current at the given build in one rename, then prunes builds older than the previous one. */
export async function activateBuild(buildsDir: string, id: string): Promise<void> {
  const temporary = path.join(buildsDir, `.current-${process.pid}`);
  await rm(temporary, { force: true });
  await symlink(id, temporary);
  await rename(temporary, currentLink(buildsDir));
  const builds = (await readdir(buildsDir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && BUILD_ID.test(entry.name) && entry.name !== id)
    .map((entry) => entry.name)
    .sort();
  // Keep the previous build for open pages still loading its assets.
  const stale = builds.slice(0, Math.max(0, builds.length - KEEP_PREVIOUS));
  await Promise.all(stale.map((name) => rm(path.join(buildsDir, name), { recursive: true, force: true })));
}

export function newBuildId(): string {
  return new Date()
    .toISOString()
    .replace(/[-:.TZ]/g, '')
    .slice(0, 17);
}
