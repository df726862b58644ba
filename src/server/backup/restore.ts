/**
 * Restores an archive written by backup.ts, all database work in one transaction: the schema is reset, the
 * migrations the copy was made with are applied, the rows are loaded with triggers off (the stored search
 * vectors and counters come back as they were, not recomputed or counted twice), and the sequences are set.
 * The uploads are unpacked beside DATA_DIR/uploads and swapped in once the database has committed.
 */
import { mkdir, rename, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { readMigrations, type Migration } from '../db/migrate.ts';
import { ConfigError } from '../env.ts';
import { listTables, quote, type TableInfo } from './catalog.ts';
import { classifyEntry, FORMAT, FORMAT_VERSION, MANIFEST_ENTRY, type Manifest } from './manifest.ts';
import { readTarGz } from './tar.ts';

export interface RestoreSummary {
  tables: number;
  rows: number;
  files: number;
  /** Migrations newer than the copy: the next start (or npm run db:migrate) applies them. */
  pendingMigrations: number;
}

/**
 * How triggers are kept off while rows load. 'replica' (session_replication_role) also skips foreign-key checks,
 * but needs a superuser or the SET privilege on it; 'disable' turns off our own triggers table by table and
 * relies on the archive's parent-first order for the foreign keys. 'auto' tries the first, then the second.
 */
export type TriggerMode = 'auto' | 'replica' | 'disable';

/** A copy this code cannot restore: the sentence says why. */
export class BackupFormatError extends ConfigError {}

function checkManifest(value: unknown): Manifest {
  const manifest = value as Partial<Manifest>;
  if (manifest?.format !== FORMAT) throw new BackupFormatError('El archivo no es una copia de seguridad de Brújula IA.');
  if (manifest.version !== FORMAT_VERSION) {
    throw new BackupFormatError(
      `La copia usa el formato ${manifest.version}, y este código solo lee el ${FORMAT_VERSION}: actualiza el código antes de restaurar.`,
    );
  }
  return manifest as Manifest;
}

/** The local migrations matching the copy's, in order; refuses a copy made by code newer than this. */
function migrationsOf(manifest: Manifest, local: Migration[]): { apply: Migration[]; pending: number } {
  const byVersion = new Map(local.map((migration) => [migration.version, migration]));
  const apply = manifest.migrations.map(({ version, name }) => {
    const migration = byVersion.get(version);
    if (!migration || migration.name !== name) {
      throw new BackupFormatError(
        `La copia se hizo con una migración que este código no tiene (${version}_${name}): restáurala con la versión de Brújula IA que la creó, o una más nueva.`,
      );
    }
    return migration;
  });
  const applied = new Set(apply.map((migration) => migration.version));
  return { apply, pending: local.filter((migration) => !applied.has(migration.version)).length };
}

/** Drops and recreates schema public (keeping its owner and grants, which a Supabase project sets) and the migration log. */
async function resetSchema(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ owner: string; grants: { grantee: string; privilege: string }[] }>(`
    SELECT pg_get_userbyid(n.nspowner) AS owner,
           coalesce((SELECT json_agg(json_build_object(
                        'grantee', CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(pg_get_userbyid(a.grantee)) END,
                        'privilege', a.privilege_type))
                     FROM aclexplode(n.nspacl) a WHERE a.grantee <> n.nspowner), '[]') AS grants
    FROM pg_namespace n WHERE n.nspname = 'public'`);
  await client.query('DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS supabase_migrations CASCADE; CREATE SCHEMA public');
  const previous = rows[0];
  if (!previous) return;
  await client.query('SAVEPOINT schema_grants');
  try {
    await client.query(`ALTER SCHEMA public OWNER TO ${quote(previous.owner)}`);
    for (const grant of previous.grants) await client.query(`GRANT ${grant.privilege} ON SCHEMA public TO ${grant.grantee}`);
    await client.query('RELEASE SAVEPOINT schema_grants');
  } catch {
    // Not allowed to give the schema back to its owner: it stays ours, which is all the site needs.
    await client.query('ROLLBACK TO SAVEPOINT schema_grants');
  }
}

/** The same steps and bookkeeping as migrate.ts, inside the caller's transaction. */
async function applyMigrations(client: pg.ClientBase, migrations: Migration[]): Promise<void> {
  await client.query(`
    CREATE SCHEMA supabase_migrations;
    CREATE TABLE supabase_migrations.schema_migrations (version text PRIMARY KEY, statements text[], name text)`);
  for (const migration of migrations) {
    await client.query(migration.sql);
    await client.query('INSERT INTO supabase_migrations.schema_migrations (version, statements, name) VALUES ($1, $2, $3)', [
      migration.version,
      migration.sql.split('--> statement-breakpoint').map((statement) => statement.trim()),
      migration.name,
    ]);
  }
}

async function turnTriggersOff(client: pg.ClientBase, tables: TableInfo[], mode: TriggerMode): Promise<'replica' | 'disable'> {
  if (mode !== 'disable') {
    await client.query('SAVEPOINT replica_role');
    try {
      await client.query('SET LOCAL session_replication_role = replica');
      await client.query('RELEASE SAVEPOINT replica_role');
      return 'replica';
    } catch (error) {
      await client.query('ROLLBACK TO SAVEPOINT replica_role');
      if (mode === 'replica') throw error;
    }
  }
  for (const table of tables) await client.query(`ALTER TABLE public.${quote(table.name)} DISABLE TRIGGER USER`);
  return 'disable';
}

async function readContentVersion(client: pg.ClientBase): Promise<bigint> {
  const { rows } = await client.query<{ present: boolean }>("SELECT to_regclass('public.content_version_seq') IS NOT NULL AS present");
  if (!rows[0]!.present) return 0n;
  const { rows: version } = await client.query<{ value: string }>(
    'SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS value FROM public.content_version_seq',
  );
  return BigInt(version[0]!.value);
}

/** Swaps the unpacked folder in for the live one; the old files go only once the new ones are in place. */
async function swapIn(staging: string, target: string): Promise<void> {
  const previous = `${target}.anterior`;
  await rm(previous, { recursive: true, force: true });
  await rename(target, previous).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await rename(staging, target);
  await rm(previous, { recursive: true, force: true });
}

/** Restores `file` into the database of `client` (which the caller has made sure no site is using) and `uploadsDir`. */
export async function restoreBackup(options: { client: pg.ClientBase; file: string; uploadsDir: string; triggers?: TriggerMode }): Promise<RestoreSummary> {
  const { client } = options;
  const entries = readTarGz(options.file);
  const first = await entries.next();
  if (first.done || first.value.name !== MANIFEST_ENTRY) throw new BackupFormatError('El archivo no es una copia de seguridad de Brújula IA.');
  let manifest: Manifest;
  try {
    manifest = checkManifest(JSON.parse(first.value.body.toString('utf8')));
  } catch (error) {
    if (error instanceof BackupFormatError) throw error;
    throw new BackupFormatError('El archivo no es una copia de seguridad de Brújula IA.');
  }
  const { apply, pending } = migrationsOf(manifest, await readMigrations());
  const expected = new Map(manifest.tables.map((table) => [table.name, table.rows]));
  const loaded = new Map<string, number>();
  const staging = `${options.uploadsDir}.restaurando`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  let files = 0;

  try {
    await client.query('BEGIN');
    // Builds remember the content version they were made from: restored data must look newer than any of them.
    const versionBefore = await readContentVersion(client);
    await resetSchema(client);
    await applyMigrations(client, apply);
    const tables = await listTables(client);
    const byName = new Map(tables.map((table) => [table.name, table]));
    for (const name of expected.keys()) {
      if (!byName.has(name)) throw new BackupFormatError(`La copia tiene una tabla que sus migraciones no crean: ${name}.`);
    }
    const triggers = await turnTriggersOff(client, tables, options.triggers ?? 'auto');

    for await (const entry of entries) {
      const kind = classifyEntry(entry.name);
      if (kind.kind === 'rows') {
        const table = byName.get(kind.table);
        if (!table || !expected.has(kind.table)) throw new BackupFormatError(`La copia tiene filas de una tabla desconocida: ${kind.table}.`);
        const lines = entry.body.toString('utf8').trimEnd().split('\n');
        const columns = table.insertable.map(quote).join(', ');
        // PostgreSQL turns each JSON object back into a row of the table's own types (timestamps, arrays, tsvector, jsonb).
        await client.query(
          `INSERT INTO public.${quote(table.name)} (${columns}) OVERRIDING SYSTEM VALUE
           SELECT ${columns} FROM jsonb_populate_recordset(NULL::public.${quote(table.name)}, $1::jsonb)`,
          [`[${lines.join(',')}]`],
        );
        loaded.set(kind.table, (loaded.get(kind.table) ?? 0) + lines.length);
      } else if (kind.kind === 'upload') {
        const target = path.join(staging, kind.path);
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, entry.body, { flag: 'wx' });
        if (entry.mtime) await utimes(target, entry.mtime, entry.mtime);
        files++;
      } else {
        throw new BackupFormatError(`La copia tiene una entrada desconocida: ${entry.name}.`);
      }
    }

    for (const [name, rows] of expected) {
      if ((loaded.get(name) ?? 0) !== rows) {
        throw new BackupFormatError(`La copia está incompleta: la tabla ${name} debía tener ${rows} filas y tiene ${loaded.get(name) ?? 0}.`);
      }
    }
    for (const sequence of manifest.sequences) {
      let value = BigInt(sequence.lastValue);
      let isCalled = sequence.isCalled;
      if (sequence.name === 'content_version_seq' && (isCalled ? value : 0n) <= versionBefore) [value, isCalled] = [versionBefore + 1n, true];
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [`public.${quote(sequence.name)}`, value.toString(), isCalled]);
    }
    if (triggers === 'disable') {
      for (const table of tables) await client.query(`ALTER TABLE public.${quote(table.name)} ENABLE TRIGGER USER`);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  await swapIn(staging, options.uploadsDir);
  // Fresh statistics, so the first queries after the restore are planned well.
  await client.query('ANALYZE');
  return { tables: manifest.tables.length, rows: [...loaded.values()].reduce((total, rows) => total + rows, 0), files, pendingMigrations: pending };
}
