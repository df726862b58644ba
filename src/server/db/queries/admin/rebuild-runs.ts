/** rebuild_runs as /admin shows and requests them (the rebuild watcher claims and records runs itself). */
import type { Queryable } from '../../queryable.ts';

export interface RebuildRun {
  id: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  reason: string;
  requestedBy: string | null;
  buildId: string | null;
  phase: string | null;
  progress: number | null;
  /** 0 for a first request; n for the n-th retry after a failed or interrupted build. */
  attempt: number;
  /** A retry waits until then. */
  notBefore: string | null;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

const RUN_COLUMNS = `r.id, r.status, r.reason, pr.name AS "requestedBy", r.build_id AS "buildId", r.phase, r.progress, r.attempt,
  r.not_before AS "notBefore", r.error,
  r.created_at AS "createdAt", r.started_at AS "startedAt", r.finished_at AS "finishedAt"`;

/** The run in progress (else the one waiting), the last failure, the five newest and the last that ended. */
export async function readRebuildRuns(db: Queryable) {
  const [active, failure, recent, ended] = await Promise.all([
    db.query<RebuildRun>(
      `SELECT ${RUN_COLUMNS} FROM rebuild_runs r LEFT JOIN profiles pr ON pr.id = r.requested_by
       WHERE r.status IN ('running', 'queued') ORDER BY (r.status = 'running') DESC, r.created_at LIMIT 1`,
    ),
    db.query<RebuildRun>(
      `SELECT ${RUN_COLUMNS} FROM rebuild_runs r LEFT JOIN profiles pr ON pr.id = r.requested_by
       WHERE r.status = 'failed' ORDER BY r.finished_at DESC NULLS LAST LIMIT 1`,
    ),
    db.query<RebuildRun>(`SELECT ${RUN_COLUMNS} FROM rebuild_runs r LEFT JOIN profiles pr ON pr.id = r.requested_by ORDER BY r.created_at DESC LIMIT 5`),
    db.query<RebuildRun>(
      `SELECT ${RUN_COLUMNS} FROM rebuild_runs r LEFT JOIN profiles pr ON pr.id = r.requested_by
       WHERE r.status IN ('succeeded', 'failed') ORDER BY r.finished_at DESC NULLS LAST LIMIT 1`,
    ),
  ]);
  return { active: active.rows[0] ?? null, failure: failure.rows[0] ?? null, recent: recent.rows, ended: ended.rows[0] ?? null };
}

/** Queues a rebuild asked for by `requestedBy`, or joins the request already waiting; inside the caller's transaction. */
export async function queueRequestedRebuild(requestedBy: string, db: Queryable): Promise<{ runId: string; alreadyQueued: boolean }> {
  // One request at a time: concurrent clicks serialize here and the second finds the first.
  await db.query("SELECT pg_advisory_xact_lock(hashtext('rebuild_runs:queue'))");
  // An admin asking again starts the count afresh: a retry waiting out its delay runs now.
  await db.query("UPDATE rebuild_runs SET attempt = 0, not_before = NULL WHERE status = 'queued'");
  const waiting = await db.query<{ id: string }>("SELECT id FROM rebuild_runs WHERE status = 'queued' AND requested_by IS NOT NULL LIMIT 1");
  if (waiting.rows[0]) return { runId: waiting.rows[0].id, alreadyQueued: true };
  const { rows } = await db.query<{ id: string }>(
    "INSERT INTO rebuild_runs (status, reason, requested_by) VALUES ('queued', 'Solicitada desde el panel', $1) RETURNING id",
    [requestedBy],
  );
  return { runId: rows[0]!.id, alreadyQueued: false };
}
