/** The one PostgreSQL pool of a process, reached through DATABASE_URL (embedded or external). */
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from './schema.ts';

export type Database = ReturnType<typeof drizzle<typeof schema>>;

let pool: pg.Pool | undefined;
let database: Database | undefined;

export function createPool(connectionString: string, max = 10): pg.Pool {
  return new pg.Pool({
    connectionString,
    max,
    // Lets `astro build` and scripts exit once their last query has finished.
    allowExitOnIdle: true,
    connectionTimeoutMillis: 10_000,
    // Transaction-mode poolers (Supabase :6543) do not support named prepared statements;
    // node-postgres only prepares when a query is given a name, which we never do.
  });
}

export function getPool(): pg.Pool {
  if (!pool) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL no está definida: arranca el sitio con npm start o npm run dev.');
    pool = createPool(url);
  }
  return pool;
}

export function getDb(): Database {
  database ??= drizzle(getPool(), { schema });
  return database;
}

export async function closeDb(): Promise<void> {
  const current = pool;
  pool = undefined;
  database = undefined;
  await current?.end();
}
