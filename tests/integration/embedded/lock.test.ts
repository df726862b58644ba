import { execFile, spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { embeddedDatabaseUrl, startEmbeddedDatabase } from '../../../src/server/db/embedded.ts';
import { isAlive, readPostmasterPid } from '../../../src/server/db/postgres-server.ts';
import { ConfigError } from '../../../src/server/env.ts';

const run = promisify(execFile);
const dataDir = await mkdtemp(path.join(tmpdir(), 'brujula-lock-'));
// mkdtemp makes a private folder; PostgreSQL, run as its own user when we are root, must be able to pass through it
// (a closed DATA_DIR would move the cluster under /var/lib/brujula-ia, which tests/integration/embedded/closed-folder.test.ts covers).
await chmod(dataDir, 0o711);
const pgDir = path.join(dataDir, 'pg');
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function query<Row extends pg.QueryResultRow>(url: string, sql: string): Promise<Row[]> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query<Row>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** Commits a row of its own before a test's crash, for that test to find after the recovery. */
async function commitRow(value: string): Promise<void> {
  const database = await startEmbeddedDatabase({ dataDir });
  try {
    await query(database.url, `CREATE TABLE IF NOT EXISTS kept (value text); INSERT INTO kept VALUES ('${value}')`);
  } finally {
    await database.stop();
  }
}

const rowsOf = (url: string, value: string) => query(url, `SELECT value FROM kept WHERE value = '${value}'`);

/** Runs a script in a child process that opens the embedded database of `dataDir`; `then` says how it ends. */
function holder(then: 'sigkill' | 'exit' | 'wait') {
  const script = `
    import { startEmbeddedDatabase } from ${JSON.stringify(path.resolve('src/server/db/embedded.ts'))};
    const database = await startEmbeddedDatabase({ dataDir: ${JSON.stringify(dataDir)} });
    console.log('ready ' + database.port);
    if (${JSON.stringify(then)} === 'sigkill') process.kill(process.pid, 'SIGKILL');
    if (${JSON.stringify(then)} === 'wait') setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.once('exit', (code, signal) => reject(new Error(`holder ended before it was ready (${code ?? signal})`)));
  });
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, ready, ended };
}

describe('embedded database', () => {
  it('creates PostgreSQL 18 under DATA_DIR/pg, on loopback only, with a private password, the extensions and autovacuum', async () => {
    const database = await startEmbeddedDatabase({ dataDir });
    try {
      expect((await stat(path.join(pgDir, 'PG_VERSION'))).isFile()).toBe(true);
      const passwordFile = await stat(path.join(dataDir, 'pg-password'));
      expect(passwordFile.mode & 0o777).toBe(0o600);
      const password = (await readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim();
      expect(password.length).toBeGreaterThanOrEqual(32);
      expect(database.url).toBe(`postgres://postgres:${password}@127.0.0.1:${database.port}/postgres`);
      expect(await embeddedDatabaseUrl(dataDir)).toBe(database.url);

      const [settings] = await query<Record<string, string>>(
        database.url,
        `SELECT current_setting('server_version_num') AS version, current_setting('listen_addresses') AS listen,
                current_setting('autovacuum') AS autovacuum, current_setting('unix_socket_directories') AS sockets`,
      );
      expect(Number(settings!.version)).toBeGreaterThanOrEqual(180_000);
      expect(settings).toMatchObject({ listen: '127.0.0.1', autovacuum: 'on', sockets: '' });
      const extensions = await query<{ name: string }>(
        database.url,
        "SELECT name FROM pg_available_extensions WHERE name IN ('unaccent', 'pg_trgm') ORDER BY name",
      );
      expect(extensions.map((row) => row.name)).toEqual(['pg_trgm', 'unaccent']);
      await expect(query(database.url.replace(password, 'otra'), 'SELECT 1')).rejects.toThrow(/password authentication failed/);
    } finally {
      await database.stop();
    }
  });

  it('refuses a second opener of the same directory and keeps committed rows', async () => {
    const first = await startEmbeddedDatabase({ dataDir });
    await query(first.url, "CREATE TABLE IF NOT EXISTS kept (value text); INSERT INTO kept VALUES ('uno')");
    await expect(startEmbeddedDatabase({ dataDir })).rejects.toThrow(ConfigError);
    await expect(startEmbeddedDatabase({ dataDir })).rejects.toThrow(/ya está abierta por otro proceso \(PID \d+\)/);
    const lock = JSON.parse(await readFile(path.join(dataDir, 'pg.lock'), 'utf8'));
    expect(lock).toEqual({ pid: process.pid, port: first.port });
    await first.stop();
    expect(await readPostmasterPid(pgDir)).toBeUndefined();

    const reopened = await startEmbeddedDatabase({ dataDir });
    expect(await rowsOf(reopened.url, 'uno')).toEqual([{ value: 'uno' }]);
    await reopened.stop();
  });

  it('tells another process, in one line and without a stack trace, that the directory is in use', async () => {
    const running = holder('wait');
    await running.ready;
    try {
      const error = await run(process.execPath, ['scripts/migrate.ts'], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      }).catch((failure: { code: number; stderr: string }) => failure);
      expect('code' in error && error.code).toBe(1);
      const stderr = (error as { stderr: string }).stderr.trim();
      expect(stderr).toMatch(/^Error: La base de datos embebida de .+ ya está abierta por otro proceso \(PID \d+\)\. Detén ese proceso/);
      expect(stderr.split('\n')).toHaveLength(1);
    } finally {
      running.child.kill('SIGTERM');
      await running.ended;
    }
    // The holder had no signal handler of its own: the database stopped with it.
    await expect.poll(() => readPostmasterPid(pgDir), { timeout: 10_000 }).toBeUndefined();
  });

  it('stops its server when the process that started it exits without stopping it', async () => {
    const exiting = holder('exit');
    await exiting.ready;
    await exiting.ended;
    await expect.poll(() => readPostmasterPid(pgDir), { timeout: 10_000 }).toBeUndefined();
    const database = await startEmbeddedDatabase({ dataDir });
    await database.stop();
  });

  it('recovers after its owner was killed: stops the orphaned server and starts again, rows intact', async () => {
    await commitRow('huérfano');
    const killed = holder('sigkill');
    await killed.ready;
    await killed.ended;
    const orphan = await readPostmasterPid(pgDir);
    expect(orphan && isAlive(orphan.pid)).toBe(true);

    const database = await startEmbeddedDatabase({ dataDir });
    try {
      expect(isAlive(orphan!.pid)).toBe(false);
      expect(await rowsOf(database.url, 'huérfano')).toEqual([{ value: 'huérfano' }]);
    } finally {
      await database.stop();
    }
  });

  it('recovers when the server died with its owner, leaving postmaster.pid and pg.lock behind', async () => {
    await commitRow('caído');
    const killed = holder('sigkill');
    await killed.ready;
    await killed.ended;
    const orphan = (await readPostmasterPid(pgDir))!;
    process.kill(orphan.pid, 'SIGKILL');
    await expect.poll(() => isAlive(orphan.pid)).toBe(false);
    expect(await readPostmasterPid(pgDir)).toMatchObject({ pid: orphan.pid });

    const database = await startEmbeddedDatabase({ dataDir });
    try {
      expect(await rowsOf(database.url, 'caído')).toEqual([{ value: 'caído' }]);
    } finally {
      await database.stop();
    }
  });

  it.runIf(process.getuid?.() === 0)('as root, gives a data directory copied by root back to the server user and keeps working', async () => {
    await commitRow('copiado');
    await run('chown', ['-R', 'root:root', pgDir]);
    const database = await startEmbeddedDatabase({ dataDir });
    try {
      expect(await rowsOf(database.url, 'copiado')).toEqual([{ value: 'copiado' }]);
      expect((await stat(path.join(pgDir, 'PG_VERSION'))).uid).not.toBe(0);
    } finally {
      await database.stop();
    }
  });

  it('explains that a PGlite folder from an earlier version cannot be opened', async () => {
    const oldDir = await mkdtemp(path.join(tmpdir(), 'brujula-pglite-'));
    await chmod(oldDir, 0o711);
    try {
      await mkdir(path.join(oldDir, 'pg', 'base'), { recursive: true });
      await writeFile(path.join(oldDir, 'pg', 'PG_VERSION'), '18\n');
      await expect(startEmbeddedDatabase({ dataDir: oldDir })).rejects.toThrow(
        /contiene la base de datos PGlite de una versión anterior de Brújula IA, que PostgreSQL no puede abrir: muévela o bórrala/,
      );
    } finally {
      await rm(oldDir, { recursive: true, force: true });
    }
  });

  it('takes over a lock left behind by a process that died', async () => {
    await writeFile(path.join(dataDir, 'pg.lock'), JSON.stringify({ pid: 2 ** 22 + 12345, port: 1 }));
    const database = await startEmbeddedDatabase({ dataDir });
    await database.stop();
  });
});
