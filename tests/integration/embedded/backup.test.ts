import { execFile, spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startEmbeddedDatabase } from '../../../src/server/db/embedded.ts';

const run = promisify(execFile);
const scratch = await mkdtemp(path.join(tmpdir(), 'brujula-embedded-backup-'));
// mkdtemp makes a private folder; PostgreSQL, run as its own user when we are root, must be able to pass through it.
await chmod(scratch, 0o711);
const dataDir = path.join(scratch, 'data');
const archive = path.join(scratch, 'copia.tar.gz');
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** A process that keeps the embedded database of dataDir open, migrated, with one category, as a running site would. */
async function runningSite() {
  const script = `
    import { startEmbeddedDatabase } from ${JSON.stringify(path.resolve('src/server/db/embedded.ts'))};
    import { createPool } from ${JSON.stringify(path.resolve('src/server/db/client.ts'))};
    import { migrate } from ${JSON.stringify(path.resolve('src/server/db/migrate.ts'))};
    const database = await startEmbeddedDatabase({ dataDir: ${JSON.stringify(dataDir)} });
    const pool = createPool(database.url, 1);
    await migrate(pool);
    await pool.query("INSERT INTO categories (name, slug) VALUES ('Antes de la copia', 'antes') ON CONFLICT DO NOTHING");
    await pool.end();
    console.log('ready');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`the site process ended early (${code})`)));
  });
  return {
    async stop() {
      const ended = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await ended;
    },
  };
}

async function categories(): Promise<string[]> {
  const database = await startEmbeddedDatabase({ dataDir });
  const client = new pg.Client(database.url);
  await client.connect();
  try {
    return (await client.query<{ slug: string }>('SELECT slug FROM categories ORDER BY slug')).rows.map((row) => row.slug);
  } finally {
    await client.end();
    await database.stop();
  }
}

describe('backups of the embedded database', () => {
  it('backs up while the site runs, refuses to restore until it stops, then restores database and files', async () => {
    await mkdir(path.join(dataDir, 'uploads/generated/2026-11'), { recursive: true });
    await writeFile(path.join(dataDir, 'uploads/generated/2026-11/foto.jpg'), 'foto original');
    const site = await runningSite();
    try {
      const backup = await run(process.execPath, ['scripts/backup.ts', archive], { env });
      expect(backup.stdout).toMatch(new RegExp(`Copia de seguridad en .+copia\\.tar\\.gz: \\d+ tablas \\(\\d+ filas?\\) y 1 archivo `));

      const refused = await run(process.execPath, ['scripts/restore.ts', archive], { env }).catch((error: { code: number; stderr: string }) => error);
      expect('code' in refused && refused.code).toBe(1);
      expect((refused as { stderr: string }).stderr.trim()).toMatch(
        /^Error: No se puede restaurar con el sitio en marcha: el proceso \d+ usa la base de datos embebida de .+\. Detenlo y vuelve a ejecutar npm run restore\.$/,
      );
    } finally {
      await site.stop();
    }

    const database = await startEmbeddedDatabase({ dataDir });
    const client = new pg.Client(database.url);
    await client.connect();
    await client.query("INSERT INTO categories (name, slug) VALUES ('Después de la copia', 'despues')");
    await client.end();
    await database.stop();
    await writeFile(path.join(dataDir, 'uploads/generated/2026-11/foto.jpg'), 'foto cambiada');

    const restored = await run(process.execPath, ['scripts/restore.ts', archive], { env });
    expect(restored.stdout).toMatch(new RegExp(`Copia restaurada desde .+: \\d+ tablas \\(\\d+ filas?\\) y 1 archivo\\.`));
    expect(await categories()).toEqual(['antes']);
    expect(await readFile(path.join(dataDir, 'uploads/generated/2026-11/foto.jpg'), 'utf8')).toBe('foto original');
  });
});
