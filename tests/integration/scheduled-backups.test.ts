/**
 * Daily backups of the embedded database: when the next one runs, how many are kept, and who may download one
 * (admins only, and only a listed copy: no other file of the server through a crafted name).
 */
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';

const root = await mkdtemp(path.join(tmpdir(), 'brujula-copias-'));
// Before any module reads the configuration: the copies go to this test's own DATA_DIR.
process.env.DATA_DIR = root;

const { useMigratedDatabase } = await import('./helpers/db.ts');
const { callRoute } = await import('./helpers/endpoint.ts');
const { closeDb } = await import('../../src/server/db/client.ts');
const { readTarGz } = await import('../../src/server/backup/tar.ts');
const { backupsDir, backupFileName, listBackups, nextBackupAt, pruneBackups, startBackupSchedule, takeScheduledBackup } =
  await import('../../src/server/backup/schedule.ts');
const { downloadBackupEndpoint, readBackups } = await import('../../src/features/admin/backups.server.ts');

const pool = await useMigratedDatabase();
process.env.DATABASE_URL = inject('databaseUrl');
afterAll(async () => {
  await closeDb();
  await rm(root, { recursive: true, force: true });
});
await pool.query("INSERT INTO posts (title, slug, description, status) VALUES ('Copiada', 'copiada', 'Está en la copia.', 'published')");

const dir = backupsDir(root);
const ADMIN = { id: 'admin-1', role: 'admin' as const };
const USER = { id: 'user-1', role: 'user' as const };

describe('when the daily copy runs', () => {
  it('runs at the configured local time today if it is still ahead, otherwise tomorrow', () => {
    expect(nextBackupAt(new Date(2026, 10, 25, 2, 59), '03:30')).toEqual(new Date(2026, 10, 25, 3, 30));
    expect(nextBackupAt(new Date(2026, 10, 25, 3, 30), '03:30')).toEqual(new Date(2026, 10, 26, 3, 30));
    expect(nextBackupAt(new Date(2026, 10, 25, 23, 59), '00:00')).toEqual(new Date(2026, 10, 26, 0, 0));
    // Month and year ends roll over.
    expect(nextBackupAt(new Date(2026, 11, 31, 12, 0), '03:30')).toEqual(new Date(2027, 0, 1, 3, 30));
  });

  it('starts only with the embedded database and BACKUP_AUTO on', () => {
    const lines: string[] = [];
    const env = { DATA_DIR: root, BACKUP_AUTO: true, BACKUP_TIME: '03:30', BACKUP_KEEP: 7 };
    startBackupSchedule({ env: { ...env, DATABASE_URL: 'postgres://gestionada/brujula' }, pool, log: (line) => lines.push(line) }).stop();
    startBackupSchedule({ env: { ...env, BACKUP_AUTO: false }, pool, log: (line) => lines.push(line) }).stop();
    expect(lines).toEqual([]);
    startBackupSchedule({ env, pool, log: (line) => lines.push(line) }).stop();
    expect(lines).toEqual([`Copias de seguridad diarias a las 03:30 en ${dir} (se guardan 7).`]);
  });
});

describe('retention', () => {
  it('writes a real copy each time and keeps only the newest, leaving other files alone', async () => {
    // A data folder of its own: the copies the download tests list stay out of its count.
    const dataDir = await mkdtemp(path.join(root, 'retencion-'));
    const dir = backupsDir(dataDir);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'notas.txt'), 'no es una copia');
    const days = [20, 21, 22].map((day) => new Date(Date.UTC(2026, 10, day, 3, 30)));
    const pruned: string[][] = [];
    for (const now of days) pruned.push((await takeScheduledBackup({ pool, dataDir, keep: 2, now })).pruned);
    expect(pruned).toEqual([[], [], [backupFileName(days[0]!)]]);
    const files = await listBackups(dir);
    expect(files.map((file) => file.name)).toEqual([backupFileName(days[2]!), backupFileName(days[1]!)]);
    expect(files[0]!.createdAt).toEqual(days[2]);
    expect((await readdir(dir)).sort()).toEqual([...files.map((file) => file.name).reverse(), 'notas.txt']);
    const entries: string[] = [];
    for await (const entry of readTarGz(path.join(dir, files[0]!.name))) entries.push(entry.name);
    expect(entries).toContain('manifest.json');
    expect(await pruneBackups(dir, 1)).toEqual([backupFileName(days[1]!)]);
  });
});

describe('the list and the download', () => {
  const COPY_DAY = new Date(Date.UTC(2026, 10, 22, 3, 30));
  /** The one copy in the site's own DATA_DIR, which the admin pages read: taken again by every test that needs it. */
  const listedCopy = () => takeScheduledBackup({ pool, dataDir: root, keep: 7, now: COPY_DAY });

  it('lists the copies for an admin only', async () => {
    await listedCopy();
    expect((await readBackups(ADMIN)).files.map((file) => file.name)).toEqual([backupFileName(COPY_DAY)]);
    await expect(readBackups(USER)).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(readBackups(null)).rejects.toMatchObject({ kind: 'not_signed_in' });
  });

  it('answers 401 to a guest, 403 to a plain user and the file to an admin', async () => {
    await listedCopy();
    const [file] = await listBackups(dir);
    const params = { name: file!.name };
    expect((await callRoute(downloadBackupEndpoint, { params, user: null })).status).toBe(401);
    const plain = await callRoute(downloadBackupEndpoint, { params, user: USER });
    expect(plain.status).toBe(403);
    const admin = await callRoute(downloadBackupEndpoint, { params, user: ADMIN });
    expect(admin.status).toBe(200);
    expect(admin.headers.get('content-disposition')).toBe(`attachment; filename="${file!.name}"`);
    expect(admin.headers.get('cache-control')).toContain('no-store');
    expect(Buffer.from(await admin.arrayBuffer()).equals(await readFile(path.join(dir, file!.name)))).toBe(true);
  });

  it('refuses any name that is not a listed copy', async () => {
    await listedCopy();
    await writeFile(path.join(dir, 'notas.txt'), 'no es una copia');
    await writeFile(path.join(root, 'secreto.txt'), 'no se descarga');
    const [file] = await listBackups(dir);
    const names = [
      '../secreto.txt',
      'notas.txt',
      `../backups/${file!.name}`,
      `${file!.name}/../../secreto.txt`,
      path.join(root, 'secreto.txt'),
      backupFileName(new Date(Date.UTC(2020, 0, 1))),
      `${file!.name}.partial`,
      '',
    ];
    for (const name of names) {
      const response = await callRoute(downloadBackupEndpoint, { params: { name }, user: ADMIN });
      expect(response.status, name).toBe(404);
      expect((await response.json()).code, name).toBe('not_found');
    }
  });
});
