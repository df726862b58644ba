import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startEmbeddedDatabase } from '../../../src/server/db/embedded.ts';
import { ConfigError } from '../../../src/server/env.ts';

const run = promisify(execFile);
const dataDir = await mkdtemp(path.join(tmpdir(), 'brujula-lock-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('embedded database', () => {
  it('refuses a second opener of the same directory and keeps committed rows', async () => {
    const first = await startEmbeddedDatabase({ dataDir });
    const client = new pg.Client(first.url);
    await client.connect();
    await client.query('CREATE TABLE kept (value text)');
    await client.query("INSERT INTO kept VALUES ('uno')");
    await expect(startEmbeddedDatabase({ dataDir })).rejects.toThrow(ConfigError);
    await expect(startEmbeddedDatabase({ dataDir })).rejects.toThrow(/ya está abierta por otro proceso \(PID \d+\)/);
    const lock = JSON.parse(await readFile(path.join(dataDir, 'pg.lock'), 'utf8'));
    expect(lock).toEqual({ pid: process.pid, port: first.port });
    await client.end();
    await first.stop();

    const reopened = await startEmbeddedDatabase({ dataDir });
    const again = new pg.Client(reopened.url);
    await again.connect();
    expect((await again.query('SELECT value FROM kept')).rows).toEqual([{ value: 'uno' }]);
    await again.end();
    await reopened.stop();
  });

  it('tells another process, in one line and without a stack trace, that the directory is in use', async () => {
    const holder = await startEmbeddedDatabase({ dataDir });
    try {
      const error = await run(process.execPath, ['scripts/migrate.ts'], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      }).catch((failure: { code: number; stderr: string }) => failure);
      expect('code' in error && error.code).toBe(1);
      const stderr = (error as { stderr: string }).stderr.trim();
      expect(stderr).toMatch(/^Error: La base de datos embebida de .+ ya está abierta por otro proceso/);
      expect(stderr).not.toMatch(/\n\s+at /);
    } finally {
      await holder.stop();
    }
  });

  it('takes over a lock left behind by a process that died', async () => {
    await writeFile(path.join(dataDir, 'pg.lock'), JSON.stringify({ pid: 2 ** 22 + 12345, port: 1 }));
    const database = await startEmbeddedDatabase({ dataDir });
    await database.stop();
  });
});
