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
