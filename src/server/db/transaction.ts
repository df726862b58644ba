/** Runs `work` in one transaction on one pooled connection: everything commits together or nothing does. */
import type pg from 'pg';
import { getPool } from './client.ts';

export async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>, pool: pg.Pool = getPool()): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Runs `work` in a transaction that is always rolled back: a what-if (a preview written with the real insert and
 * read back with the real query) that leaves nothing behind, not even a notification.
 */
export async function inRolledBackTransaction<T>(work: (client: pg.PoolClient) => Promise<T>, pool: pg.Pool = getPool()): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    return await work(client);
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
}
