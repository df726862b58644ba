/** Counting searches that found too little, and listing them for the admin. */
import type pg from 'pg';
import { can } from '../../lib/permissions.ts';
import type { SessionUser } from '../../server/auth/auth.ts';
import { getPool } from '../../server/db/client.ts';
import { AppError } from '../../server/http/errors.ts';
import { missKey } from './demand.ts';

/** «Búsquedas sin resultado» looks this many days back, today included. */
export const SEARCH_DEMAND_DAYS = 30;

/** The admin list shows the most frequent this many: the long tail of one-off searches says little. */
export const SEARCH_DEMAND_LIMIT = 200;

// The day a search counts for, the same on every app server whatever its time zone.
const TODAY = `(now() AT TIME ZONE 'UTC')::date`;

/** Adds one search of `query` that found `results` results to today's count (an upsert: concurrent ones all count). */
export async function countSearchMiss(query: string, results: number, pool: pg.Pool = getPool()): Promise<void> {
  await pool.query(
    `INSERT INTO search_misses AS miss (day, query, searches, results) VALUES (${TODAY}, $1, 1, $2)
     ON CONFLICT (day, query) DO UPDATE SET searches = miss.searches + 1, results = excluded.results`,
    [missKey(query), results],
  );
}

export interface SearchDemand {
  query: string;
  searches: number;
  /** Results found the last time it was searched. */
  results: number;
  /** The last day it was searched (YYYY-MM-DD, UTC). */
  lastDay: string;
}

/** The last SEARCH_DEMAND_DAYS days' searches that found too little, the most frequent first. Admins only. */
export async function listSearchDemand(actor: Pick<SessionUser, 'role'> | null, pool: pg.Pool = getPool()): Promise<SearchDemand[]> {
  if (!actor) throw new AppError('not_signed_in');
  if (!can(actor.role, 'read:search-demand:any')) throw new AppError('forbidden');
  const { rows } = await pool.query<SearchDemand>(
    `SELECT query, sum(searches)::int AS searches, (array_agg(results ORDER BY day DESC))[1]::int AS results, max(day)::text AS "lastDay"
     FROM search_misses
     WHERE day > ${TODAY} - $1::int
     GROUP BY query
     ORDER BY searches DESC, "lastDay" DESC, query
     LIMIT $2`,
    [SEARCH_DEMAND_DAYS, SEARCH_DEMAND_LIMIT],
  );
  return rows;
}
