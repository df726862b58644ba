/**
 * The fingerprinted files of the build served before the current one: Astro's /_astro/ chunks and Pagefind's
 * index chunks. A page opened before a rebuild still asks for its own build's chunks (its search keeps reading
 * the index it started with), and their names do not exist in the new build: without these, a search typed just
 * after a rebuild fails on a 404 page where it expected a chunk. Loaded on the first such miss, since most rebuilds
 * never see one.
 */
import path from 'node:path';
import { readPreviousBuildDir } from '../build/builds.ts';
import type { SecurityOptions } from './security-headers.ts';
import { StaticFiles, type StaticFile } from './static-files.ts';

/** Only a few chunks are ever asked for again; the current build's files keep the server's memory budget. */
const MEMORY_BUDGET_BYTES = 4 * 1024 * 1024;
const FINGERPRINTED_FOLDERS = ['/_astro', '/pagefind'] as const;

type Folders = Map<string, StaticFiles>;

export class PreviousAssets {
  private folders: Promise<Folders> | undefined;
  private readonly buildsDir: string;
  private readonly security: SecurityOptions;

  constructor(buildsDir: string, security: SecurityOptions) {
    this.buildsDir = buildsDir;
    this.security = security;
  }

  /** A new build is current: the previous one is another folder now. */
  reset(): void {
    this.folders = undefined;
  }

  /** The previous build's file for a path under /_astro/ or /pagefind/, with the files that send it. */
  async find(pathname: string): Promise<{ files: StaticFiles; file: StaticFile } | undefined> {
    const folder = FINGERPRINTED_FOLDERS.find((prefix) => pathname.startsWith(`${prefix}/`));
    if (!folder) return undefined;
    this.folders ??= this.load();
    const files = (await this.folders).get(folder);
    const file = files?.find(pathname.slice(folder.length));
    return files && file ? { files, file } : undefined;
  }

  private async load(): Promise<Folders> {
    const folders: Folders = new Map();
    const dir = await readPreviousBuildDir(this.buildsDir);
    if (!dir) return folders;
    for (const folder of FINGERPRINTED_FOLDERS) {
      const files = await StaticFiles.load(path.join(dir, 'client', folder), this.security, MEMORY_BUDGET_BYTES).catch(() => undefined);
      if (files) folders.set(folder, files);
    }
    return folders;
  }
}
