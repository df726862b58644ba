/** A freshly migrated database for one test file, on whichever server the project's setup started. */
import { afterAll, inject } from 'vitest';
import type pg from 'pg';
import { createPool } from '../../../src/server/db/client.ts';
import { migrate } from '../../../src/server/db/migrate.ts';

export async function resetDatabase(pool: pg.Pool): Promise<void> {
  await pool.query(`
    DROP SCHEMA IF EXISTS public CASCADE;
    DROP SCHEMA IF EXISTS extensions CASCADE;
    DROP SCHEMA IF EXISTS supabase_migrations CASCADE;
    CREATE SCHEMA public;
  `);
}

/** Empties the server's schemas, applies every migration and closes the pool after the file. */
export async function useMigratedDatabase(): Promise<pg.Pool> {
  const pool = createPool(inject('databaseUrl'), 4);
  afterAll(() => pool.end());
  await resetDatabase(pool);
  await migrate(pool);
  return pool;
}

export const databaseKind = () => inject('databaseKind');
