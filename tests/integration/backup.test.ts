import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { writeBackup } from '../../src/server/backup/backup.ts';
import { restoreBackup, type TriggerMode } from '../../src/server/backup/restore.ts';
import { holdSiteLock, tryExclusiveSiteLock } from '../../src/server/backup/site-lock.ts';
import { readTarGz } from '../../src/server/backup/tar.ts';
import { seedCatalogue } from '../../src/server/catalogue/seed.ts';
import { createPool } from '../../src/server/db/client.ts';
import { useMigratedDatabase } from './helpers/db.ts';

const run = promisify(execFile);
const pool = await useMigratedDatabase();
// Every table of the data model is in the copy: as many as the migrations create.
const TABLES = Number((await pool.query<{ n: string }>("SELECT count(*) AS n FROM pg_tables WHERE schemaname = 'public'")).rows[0]!.n);
const scratch = await mkdtemp(path.join(tmpdir(), 'brujula-backup-'));
const uploadsDir = path.join(scratch, 'data', 'uploads');
afterAll(() => rm(scratch, { recursive: true, force: true }));

await seedCatalogue(pool);
await pool.query(`INSERT INTO profiles (id, name, email) VALUES ('lectora', 'Lectora', 'lectora@brujula.test')`);
await pool.query(`INSERT INTO saved_posts (user_id, post_id) SELECT 'lectora', id FROM posts WHERE slug IN ('chatgpt', 'midjourney')`);
await pool.query(`UPDATE posts SET saved_count = 1 WHERE slug IN ('chatgpt', 'midjourney')`);
await pool.query(
  `INSERT INTO post_views (post_id, session_id, visitor_type) SELECT id, 'sesion-' || n, 'unregistered' FROM posts, generate_series(1, 3) n WHERE slug = 'chatgpt'`,
);
const images = ['generated/2026-11/primera.jpg', 'generated/2026-11/segunda.jpg'];
for (const [index, key] of images.entries()) {
  await mkdir(path.dirname(path.join(uploadsDir, key)), { recursive: true });
  await writeFile(path.join(uploadsDir, key), Buffer.from(`imagen ${index} `.repeat(1000)));
  await pool.query(
    `INSERT INTO image_generation_history (user_id, prompt, model_used, image_url, width, height) VALUES ('lectora', $1, 'flux', $2, 1024, 1024)`,
    [`Un faro al amanecer ${index}`, `/media/${key}`],
  );
}
// A file half-written by the storage driver is not part of the site.
await writeFile(path.join(uploadsDir, 'generated/2026-11/tercera.jpg.1234.tmp'), 'a medias');

/** A fingerprint of every table's rows (search vectors, counters and timestamps included), for before/after comparisons. */
async function snapshot(): Promise<Record<string, string>> {
  const { rows: tables } = await pool.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1");
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await pool.query<{ digest: string; count: number }>(
      `SELECT md5(coalesce(string_agg(row_to_json(t)::text, E'\\n' ORDER BY row_to_json(t)::text), '')) AS digest, count(*)::int AS count FROM public."${name}" t`,
    );
    result[name] = `${rows[0]!.count}:${rows[0]!.digest}`;
  }
  return result;
}

async function sequence(name: string): Promise<{ last: string; called: boolean }> {
  const { rows } = await pool.query<{ last: string; called: boolean }>(`SELECT last_value::text AS last, is_called AS called FROM public.${name}`);
  return rows[0]!;
}

async function restoreWith(file: string, triggers: TriggerMode = 'auto') {
  const client = await pool.connect();
  try {
    expect(await tryExclusiveSiteLock(client)).toBe(true);
    return await restoreBackup({ client, file, uploadsDir, triggers });
  } finally {
    await client.query('SELECT pg_advisory_unlock_all()');
    client.release();
  }
}

async function uploadedFiles(): Promise<Record<string, string>> {
  const files = (await readdir(uploadsDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  const contents: Record<string, string> = {};
  for (const entry of files) {
    const full = path.join(entry.parentPath, entry.name);
    contents[path.relative(uploadsDir, full)] = (await readFile(full, 'utf8')).slice(0, 12);
  }
  return contents;
}

const archive = path.join(scratch, 'copia.tar.gz');
const before = await snapshot();
// The copy of the state above, written once by whichever test needs it first, so each test also passes alone.
let copied: ReturnType<typeof writeBackup> | undefined;
const copyOnce = () => (copied ??= writeBackup({ pool, uploadsDir, file: archive }));
const viewsSequence = await sequence('post_views_id_seq');

describe('backup and restore', () => {
  it('writes one archive with the manifest first, every table in load order and the uploads', async () => {
    const summary = await copyOnce();

    expect(summary).toMatchObject({ files: 2, tables: TABLES });
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
    const names: string[] = [];
    for await (const entry of readTarGz(archive)) names.push(entry.name);
    expect(names[0]).toBe('manifest.json');
    expect(names).toContain('database/posts/000001.jsonl');
    expect(names).toContain('database/posts/000003.jsonl');
    expect(names.filter((name) => name.startsWith('uploads/'))).toEqual(images.map((key) => `uploads/${key}`));
    // Parents load before the tables that point at them.
    const order = names.filter((name) => name.startsWith('database/')).map((name) => name.split('/')[1]);
    expect(order.indexOf('posts')).toBeGreaterThan(order.indexOf('categories'));
    expect(order.indexOf('saved_posts')).toBeGreaterThan(order.indexOf('profiles'));
    // Any tar can read it.
    const { stdout } = await run('tar', ['-tzf', archive]);
    expect(stdout.split('\n')).toContain('uploads/generated/2026-11/primera.jpg');
  });

  it('restores rows, search vectors, sequences and files as they were at the copy', async () => {
    await copyOnce();
    const chatgpt = (await pool.query<{ id: string }>("SELECT id FROM posts WHERE slug = 'chatgpt'")).rows[0]!.id;
    await pool.query("UPDATE posts SET title = 'Nombre cambiado', keywords = '{}' WHERE slug = 'chatgpt'");
    await pool.query("DELETE FROM posts WHERE slug = 'midjourney'");
    await pool.query(`INSERT INTO post_views (post_id, session_id) SELECT $1, 'despues-' || n FROM generate_series(1, 5) n`, [chatgpt]);
    await pool.query("INSERT INTO profiles (id, name, email) VALUES ('nueva', 'Nueva', 'nueva@brujula.test')");
    await writeFile(path.join(uploadsDir, images[0]!), 'reemplazada');
    await rm(path.join(uploadsDir, images[1]!));
    await writeFile(path.join(uploadsDir, 'generated/2026-11/posterior.jpg'), 'posterior');
    const versionBefore = BigInt((await sequence('content_version_seq')).last);

    const summary = await restoreWith(archive);

    expect(summary).toMatchObject({ tables: TABLES, files: 2, pendingMigrations: 0 });
    expect(await snapshot()).toEqual(before);
    expect(await sequence('post_views_id_seq')).toEqual(viewsSequence);
    // Higher than before the restore, so the next start rebuilds the site from the restored content.
    expect(BigInt((await sequence('content_version_seq')).last)).toBeGreaterThan(versionBefore);
    const { rows: found } = await pool.query<{ slug: string }>(
      "SELECT slug FROM posts WHERE search_vector @@ websearch_to_tsquery('public.es_unaccent', 'chatgpt') ORDER BY slug",
    );
    expect(found.map((row) => row.slug)).toContain('chatgpt');
    const { rows: next } = await pool.query<{ id: string }>(`INSERT INTO post_views (post_id, session_id) VALUES ($1, 'nueva') RETURNING id::text`, [chatgpt]);
    expect(BigInt(next[0]!.id)).toBe(BigInt(viewsSequence.last) + 1n);
    await pool.query("DELETE FROM post_views WHERE session_id = 'nueva'");
    await pool.query(`SELECT setval('post_views_id_seq', $1::bigint, $2)`, [viewsSequence.last, viewsSequence.called]);
    expect(await uploadedFiles()).toEqual({ [images[0]!]: 'imagen 0 ima', [images[1]!]: 'imagen 1 ima' });
    expect(await readdir(path.dirname(uploadsDir))).toEqual(['uploads']);
  });

  it('restores the same way without session_replication_role (only our triggers turned off)', async () => {
    await copyOnce();
    await pool.query("UPDATE posts SET description = 'Otra descripción, más corta.' WHERE slug = 'claude'");
    await restoreWith(archive, 'disable');
    expect(await snapshot()).toEqual(before);
    const { rows } = await pool.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_trigger WHERE tgrelid = 'public.posts'::regclass AND NOT tgisinternal AND tgenabled <> 'O'`,
    );
    expect(rows[0]!.count).toBe(0);
  });

  it('leaves the database and the files untouched when the archive is cut short', async () => {
    await copyOnce();
    const damaged = path.join(scratch, 'cortada.tar.gz');
    await writeFile(damaged, await readFile(archive));
    await truncate(damaged, Math.floor((await stat(damaged)).size * 0.8));
    await pool.query("UPDATE posts SET title = 'Cambio que debe quedarse' WHERE slug = 'claude'");
    const files = await uploadedFiles();
    await expect(restoreWith(damaged)).rejects.toThrow(/cortada\.tar\.gz está dañado o incompleto: no es un \.tar\.gz válido\./);
    const { rows } = await pool.query<{ title: string }>("SELECT title FROM posts WHERE slug = 'claude'");
    expect(rows[0]!.title).toBe('Cambio que debe quedarse');
    expect(await uploadedFiles()).toEqual(files);
    await restoreWith(archive);
  });

  it('copies one consistent snapshot while another connection keeps writing', async () => {
    await copyOnce();
    const during = path.join(scratch, 'durante.tar.gz');
    const writer = createPool(inject('databaseUrl'), 1);
    const { rows } = await pool.query<{ id: string }>("SELECT id FROM posts WHERE slug = 'claude'");
    let writing = true;
    let written = 0;
    const background = (async () => {
      while (writing) {
        await writer.query(`INSERT INTO post_views (post_id, session_id) VALUES ($1, 'durante-la-copia')`, [rows[0]!.id]);
        written++;
      }
    })();
    await writeBackup({ pool, uploadsDir, file: during });
    writing = false;
    await background;
    await writer.end();
    expect(written).toBeGreaterThan(0);

    // The restore checks every table's row count against the manifest, counted in the same snapshot as the rows.
    await restoreWith(during);
    const manifest = JSON.parse((await readTarGz(during).next()).value!.body.toString()) as { tables: { name: string; rows: number }[] };
    const { rows: counted } = await pool.query<{ count: number }>('SELECT count(*)::int AS count FROM post_views');
    expect(counted[0]!.count).toBe(manifest.tables.find((table) => table.name === 'post_views')!.rows);
    await restoreWith(archive);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses, in one line, to restore while a site holds the site lock', async () => {
    await copyOnce();
    const site = await holdSiteLock(inject('databaseUrl'), () => undefined);
    try {
      const client = await pool.connect();
      try {
        expect(await tryExclusiveSiteLock(client)).toBe(false);
      } finally {
        client.release();
      }
      const failure = await run(process.execPath, ['scripts/restore.ts', archive], {
        env: { ...process.env, DATABASE_URL: inject('databaseUrl'), DATA_DIR: path.join(scratch, 'data') },
      }).catch((error: { code: number; stderr: string }) => error);
      expect('code' in failure && failure.code).toBe(1);
      expect((failure as { stderr: string }).stderr.trim()).toBe(
        'Error: No se puede restaurar con el sitio en marcha: un servidor (npm start o npm run serve) usa esta base de datos. Detenlo y vuelve a intentarlo.',
      );
    } finally {
      await site.release();
    }
  });

  it('backs up and restores through the npm scripts with DATABASE_URL', async () => {
    const env = { ...process.env, DATABASE_URL: inject('databaseUrl'), DATA_DIR: path.join(scratch, 'data') };
    const copy = path.join(scratch, 'por-script.tar.gz');
    const backup = await run(process.execPath, ['scripts/backup.ts', copy], { env });
    expect(backup.stdout).toMatch(new RegExp(`Copia de seguridad en .+: ${TABLES} tablas \\([\\d.]+ filas\\) y 2 archivos \\([\\d,]+ KB\\); ocupa`));
    await pool.query("DELETE FROM saved_posts WHERE user_id = 'lectora'");
    const restore = await run(process.execPath, ['scripts/restore.ts', copy], { env });
    expect(restore.stdout).toMatch(new RegExp(`Copia restaurada desde .+: ${TABLES} tablas \\([\\d.]+ filas\\) y 2 archivos\\.`));
    expect(await snapshot()).toEqual(before);
  });
});
