/**
 * A portable logical backup made with the `pg` driver alone (the embedded server ships no pg_dump, and Debian's
 * pg_dump 15 cannot dump PostgreSQL 18): every table of schema public and the sequences, read in one
 * REPEATABLE READ transaction so the copy is consistent while the site keeps serving, plus DATA_DIR/uploads.
 */
import { readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { listTables, quote, readSequences } from './catalog.ts';
import { FORMAT, FORMAT_VERSION, MANIFEST_ENTRY, tableEntry, type Manifest } from './manifest.ts';
import { writeTarGz, type TarEntry } from './tar.ts';

export interface BackupSummary {
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
  archiveBytes: number;
}

// Rows per archive entry: a page of tool articles stays within a few megabytes of memory.
const PAGE_ROWS = 500;

/** Files under `dir` (relative paths, sorted), leaving out the half-written ones the storage driver names *.tmp. */
async function listUploads(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.tmp'))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Writes the database reached through `pool` and the files of `uploadsDir` to the archive `file`. */
export async function writeBackup(options: { pool: pg.Pool; uploadsDir: string; file: string }): Promise<BackupSummary> {
  const client = await options.pool.connect();
  const summary: BackupSummary = { tables: 0, rows: 0, files: 0, fileBytes: 0, archiveBytes: 0 };
  // Written beside the target and renamed at the end: an interrupted backup never looks like a finished one.
  const partial = `${options.file}.partial`;
  let inTransaction = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    inTransaction = true;
    const { rows: migrations } = await client
      .query<{ version: string; name: string }>('SELECT version, name FROM supabase_migrations.schema_migrations ORDER BY version')
      .catch(() => ({ rows: [] }));
    if (migrations.length === 0) throw new Error('La base de datos no tiene migraciones aplicadas: no hay nada que copiar.');
    const tables = await listTables(client);
    const counted = [];
    for (const table of tables) {
      const { rows } = await client.query<{ count: string }>(`SELECT count(*) FROM public.${quote(table.name)}`);
      counted.push({ name: table.name, rows: Number(rows[0]!.count) });
    }
    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      server: (await client.query<{ version: string }>('SELECT version()')).rows[0]!.version,
      migrations,
      tables: counted,
      sequences: await readSequences(client),
    };
    summary.tables = tables.length;
    summary.rows = counted.reduce((total, table) => total + table.rows, 0);

    async function* entries(): AsyncGenerator<TarEntry> {
      yield { name: MANIFEST_ENTRY, body: Buffer.from(JSON.stringify(manifest, null, 2) + '\n') };
      for (const table of tables) {
        const order = table.primaryKey.length > 0 ? ` ORDER BY ${table.primaryKey.map(quote).join(', ')}` : '';
        await client.query(`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM public.${quote(table.name)} t${order}`);
        for (let page = 1; ; page++) {
          const { rows } = await client.query<{ row: string }>(`FETCH FORWARD ${PAGE_ROWS} FROM backup_rows`);
          if (rows.length === 0) break;
          yield { name: tableEntry(table.name, page), body: Buffer.from(rows.map((row) => row.row).join('\n') + '\n') };
        }
        await client.query('CLOSE backup_rows');
      }
      // The snapshot is no longer needed once the rows are out.
      await client.query('COMMIT');
      inTransaction = false;
      const uploads = await listUploads(options.uploadsDir);
      for (const relative of uploads) {
        const full = path.join(options.uploadsDir, relative);
        // A file deleted since the listing (a visitor removed an image) is simply not in the copy.
        const [body, info] = await Promise.all([readFile(full), stat(full)]).catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return [undefined, undefined] as const;
          throw error;
        });
        if (!body) continue;
        summary.files++;
        summary.fileBytes += body.length;
        yield { name: `uploads/${relative}`, body, mtime: info.mtime };
      }
    }

    summary.archiveBytes = await writeTarGz(partial, entries());
    await rename(partial, options.file);
    return summary;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    if (inTransaction) await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
}
