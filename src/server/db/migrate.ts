/**
 * Applies supabase/migrations/*.sql in order. Progress is recorded in the same table the
 * Supabase CLI uses, so `supabase db push` and this runner agree about what has been applied.
 */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

export const migrationsDir = fileURLToPath(new URL('../../../supabase/migrations/', import.meta.url));

const MIGRATION_FILE = /^(\d{14})_(.+)\.sql$/;
// Any constant works; it only keeps two migrators from interleaving.
const ADVISORY_LOCK_ID = 724_310_001;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

export async function readMigrations(dir = migrationsDir): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => MIGRATION_FILE.test(file)).sort();
  return Promise.all(
    files.map(async (file) => {
      const [, version, name] = MIGRATION_FILE.exec(file)!;
      return { version: version!, name: name!, sql: await readFile(`${dir}/${file}`, 'utf8') };
    }),
  );
}

/** Applies pending migrations, each in its own transaction; returns the versions applied. */
export async function migrate(pool: pg.Pool, dir = migrationsDir): Promise<string[]> {
  const migrations = await readMigrations(dir);
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK_ID]);
    await client.query(`
      CREATE SCHEMA IF NOT EXISTS supabase_migrations;
      CREATE TABLE IF NOT EXISTS supabase_migrations.schema_migrations (
        version text PRIMARY KEY, statements text[], name text
      )`);
    const { rows } = await client.query<{ version: string }>('SELECT version FROM supabase_migrations.schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    const done: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO supabase_migrations.schema_migrations (version, statements, name) VALUES ($1, $2, $3)', [
          migration.version,
          migration.sql.split('--> statement-breakpoint').map((statement) => statement.trim()),
          migration.name,
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`La migración ${migration.version}_${migration.name} falló: ${(error as Error).message}`, { cause: error });
      }
      done.push(migration.version);
    }
    return done;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}
