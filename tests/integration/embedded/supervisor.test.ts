import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPool } from '../../../src/server/db/client.ts';
import { startEmbeddedDatabase } from '../../../src/server/db/embedded.ts';
import { isAlive, readPostmasterPid } from '../../../src/server/db/postgres-server.ts';
import { isDatabaseUnavailable } from '../../../src/server/db/unavailable.ts';

const dataDir = await mkdtemp(path.join(tmpdir(), 'brujula-supervisor-'));
// mkdtemp makes a 0700 folder: as root the cluster would move to /var/lib (embedded-place.ts), away from pgDir.
await chmod(dataDir, 0o711);
const pgDir = path.join(dataDir, 'pg');
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('supervised embedded database', () => {
  it('restarts a killed postmaster on the same port, keeps committed data, lets the pool reconnect, and stays down after a deliberate stop', async () => {
    const lines: string[] = [];
    const database = await startEmbeddedDatabase({ dataDir, supervise: (line) => lines.push(line) });
    const pool = createPool(database.url, 4);
    try {
      await pool.query('CREATE TABLE survivors (id int PRIMARY KEY)');
      await pool.query('INSERT INTO survivors VALUES (1), (2)');
      const before = (await readPostmasterPid(pgDir))!.pid;

      const killedAt = Date.now();
      process.kill(before, 'SIGKILL');
      // Its backends may answer for a few more moments; the test starts asking once the supervisor saw the fall.
      await until(async () => (lines.length > 0 ? true : undefined), 5_000);
      // Every failure while it is down is one the site answers with 503, never an unexpected error.
      const failures: unknown[] = [];
      const rows = await until(async () => {
        try {
          return (await pool.query<{ count: string }>('SELECT count(*) FROM survivors')).rows;
        } catch (error) {
          failures.push(error);
          return undefined;
        }
      }, 30_000);
      console.log(`Base de datos de nuevo disponible ${Date.now() - killedAt} ms después del kill -9.`);

      expect(rows[0]!.count).toBe('2');
      expect(failures.length).toBeGreaterThan(0);
      for (const failure of failures) expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
      // The pool can get through before the supervisor's own check of the new server logs its recovery.
      await until(async () => (lines.at(-1)?.startsWith('Base de datos embebida recuperada') ? true : undefined), 30_000);
      const after = (await readPostmasterPid(pgDir))!;
      expect(after.pid).not.toBe(before);
      expect(after.port).toBe(database.port);
      expect(lines[0]).toMatch(new RegExp(`^Caída de la base de datos embebida \\(PID ${before}\\)`));
      expect(lines.some((line) => line.startsWith('Reinicio de la base de datos embebida (intento 1)'))).toBe(true);
      expect(lines.at(-1)).toMatch(/^Base de datos embebida recuperada en \d+ ms \(PID \d+\)\.$/);

      await pool.end();
      await database.stop();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(isAlive(after.pid)).toBe(false);
      expect(await readPostmasterPid(pgDir)).toBeUndefined();
      expect(lines.filter((line) => line.startsWith('Caída'))).toHaveLength(1);
    } finally {
      await pool.end().catch(() => undefined);
      await database.stop();
    }
  });

  it('does not restart a server that a Ctrl-C in the terminal stopped together with the site', async () => {
    // As npm start does: a supervised database and a SIGINT handler of its own that closes the site (a second
    // here) and then the database; PostgreSQL, which got the same signal, has long finished by then.
    const script = `
      import { startEmbeddedDatabase } from ${JSON.stringify(path.resolve('src/server/db/embedded.ts'))};
      const database = await startEmbeddedDatabase({ dataDir: ${JSON.stringify(dataDir)}, supervise: (line) => console.log(line) });
      process.once('SIGINT', async () => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await database.stop();
        console.log('parado');
        process.exit(0);
      });
      console.log('listo');
      setInterval(() => {}, 1000);
    `;
    // Its own process group, like a terminal's foreground job: the signal reaches node and PostgreSQL at once.
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    await until(async () => (output.includes('listo') ? true : undefined), 60_000);
    const server = (await readPostmasterPid(pgDir))!.pid;

    process.kill(-child.pid!, 'SIGINT');
    expect(await exited).toBe(0);
    expect(output).toContain('parado');
    expect(output).not.toMatch(/Caída|Reinicio/);
    expect(isAlive(server)).toBe(false);
    expect(await readPostmasterPid(pgDir)).toBeUndefined();
  });
});
