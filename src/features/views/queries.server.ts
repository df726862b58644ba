/** Tool views: counting (one database call), statistics and the current counts the live stream pushes. */
import type pg from 'pg';
import type { CountViewResult, ViewStats } from './views.ts';
import type { VisitorType } from '../../lib/visitor/visitor.ts';
import { getPool } from '../../server/db/client.ts';
import { beforeShutdown } from '../../server/shutdown.ts';
import { ViewBatcher } from './view-batches.server.ts';

/**
 * A reload, a back-and-forth between the grid and the page or a click on 'Visitar' after reading the
 * page all come from one visit; thirty minutes is the usual analytics session timeout, so the same
 * browser tab returning later counts again while one visit counts once.
 */
export const VIEW_DEDUPE_MINUTES = 30;

export interface ViewToCount {
  toolId: string;
  sessionId: string;
  userId: string | null;
  visitorType: VisitorType;
  userAgent: string | null;
}

/** One batcher per pool (a process has one; tests stand for several processes with several). */
const batchers = new Map<pg.Pool, ViewBatcher>();

/** Counts a view of a published tool, batched with the others arriving meanwhile; undefined when there is no such published tool. */
export function countView(view: ViewToCount, pool: pg.Pool = getPool()): Promise<CountViewResult | undefined> {
  let batcher = batchers.get(pool);
  if (!batcher) {
    const created = new ViewBatcher(pool, VIEW_DEDUPE_MINUTES);
    batchers.set(pool, created);
    // Views still queued or in flight are counted before the process closes its pool.
    beforeShutdown(() => created.settled());
    batcher = created;
  }
  return batcher.count(view);
}

/**
 * The view statistics of a published tool (totals by visitor type, unique sessions, last 7 days and 24 hours),
 * or undefined. The per-type figures count people: distinct accounts for registered views, distinct browser
 * sessions for the others.
 */
export async function readViewStats(toolId: string, pool: pg.Pool = getPool()): Promise<ViewStats | undefined> {
  const { rows } = await pool.query<Record<keyof ViewStats, number>>(
    `SELECT
       count(v.id)::int AS total_views,
       count(DISTINCT v.user_id) FILTER (WHERE v.visitor_type = 'registered')::int AS registered_users,
       count(DISTINCT v.session_id) FILTER (WHERE v.visitor_type = 'unregistered')::int AS unregistered_users,
       count(DISTINCT v.session_id) FILTER (WHERE v.visitor_type = 'incognito')::int AS incognito_users,
       count(DISTINCT v.session_id)::int AS unique_sessions,
       count(v.id) FILTER (WHERE v.created_at > now() - interval '7 days')::int AS last_7_days,
       count(v.id) FILTER (WHERE v.created_at > now() - interval '24 hours')::int AS last_24_hours
     FROM posts p
     LEFT JOIN post_views v ON v.post_id = p.id
     WHERE p.id = $1 AND p.status = 'published'
     GROUP BY p.id`,
    [toolId],
  );
  return rows[0];
}

/** Current view counts of the given published tools, for the live stream's shared poll. */
export async function readViewCounts(toolIds: string[], pool: pg.Pool = getPool()): Promise<Map<string, number>> {
  const { rows } = await pool.query<{ id: string; views: string }>("SELECT id, views FROM posts WHERE id = ANY($1::uuid[]) AND status = 'published'", [
    toolIds,
  ]);
  return new Map(rows.map((row) => [row.id, Number(row.views)]));
}
