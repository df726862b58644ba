/**
 * GET /api/health, for load balancers and uptime checks: the database's state and round-trip time and the build
 * being served. 200 while PostgreSQL answers, 503 (with Retry-After) while it does not. No secrets, one
 * `SELECT 1`, no session, no rate limit: a balancer polling every second costs next to nothing.
 */
import type pg from 'pg';
import { ERROR_TABLE } from '../../lib/error-table.ts';
import { checkDatabase } from '../db/health.ts';
import { DATABASE_RETRY_AFTER_S, json } from './errors.ts';

export interface ServedBuild {
  id: string;
  builtAt: string;
}

/** `build`: what this server serves, or null where no build of ours is served (npm run dev, Vercel). */
export async function healthResponse(pool: pg.Pool, build: ServedBuild | null): Promise<Response> {
  const database = await checkDatabase(pool);
  const headers = { 'cache-control': 'no-store' };
  if (database.state === 'up') return json({ status: 'ok', database, build }, 200, headers);
  return json({ status: 'unavailable', error: ERROR_TABLE.unavailable.message, code: 'unavailable', database, build }, 503, {
    ...headers,
    'retry-after': String(DATABASE_RETRY_AFTER_S),
  });
}
