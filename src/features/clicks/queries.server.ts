/** Counting 'Visitar' clicks: one database call (count_post_click, migration *_living_catalogue.sql). */
import type pg from 'pg';
import { getPool } from '../../server/db/client.ts';
import type { CountClickResult } from './clicks.ts';

/** A second click from the same browser tab within this time is the same use of the tool (as for views). */
export const CLICK_DEDUPE_MINUTES = 30;

export interface ClickToCount {
  toolId: string;
  sessionId: string;
  userId: string | null;
}

/** Counts a click out to a published tool's site; undefined when there is no such published tool. */
export async function countClick(click: ClickToCount, pool: pg.Pool = getPool()): Promise<CountClickResult | undefined> {
  const { rows } = await pool.query<{ counted: boolean; clicks: string }>(
    'SELECT counted, clicks FROM count_post_click($1, $2, $3, make_interval(mins => $4))',
    [click.toolId, click.sessionId, click.userId, CLICK_DEDUPE_MINUTES],
  );
  const row = rows[0];
  return row && { counted: row.counted, clicks: Number(row.clicks) };
}
