/** The one PostgreSQL pool of a process, reached through DATABASE_URL (embedded or external). */
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from './schema.ts';

export type Database = ReturnType<typeof drizzle<typeof schema>>;

let pool: pg.Pool | undefined;
let database: Database | undefined;

export function createPool(connectionString: string, max = 10): pg.Pool {
  const created = new pg.Pool({
    connectionString,
    max,
    // Lets `astro build` and scripts exit once their last query has finished.
    allowExitOnIdle: true,
    connectionTimeoutMillis: 10_000,
    // Transaction-mode poolers (Supabase :6543) do not support named prepared statements;
    // node-postgres only prepares when a query is given a name, which we never do.
  });
  // An idle connection the server closes (a restart, or the embedded database stopping at shutdown) is dropped
  // by the pool and replaced on the next query; without a listener its 'error' event would end the process.
  created.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') console.error(`Conexión inactiva con la base de datos cerrada: ${error.message}`);
  });
  return created;
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
