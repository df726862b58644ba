/**
 * The rebuild status on /admin and 'Reconstruir ahora': the build being served, a queued or running rebuild
 * with its progress, and the last error in full. A request is a queued row in rebuild_runs that the rebuild
 * watcher of `npm start` / `npm run serve` picks up (src/server/build/rebuild-watcher.ts).
 */
import { readCurrentBuild } from '../../server/build/builds.ts';
import { MAX_REBUILD_ATTEMPTS } from '../../server/build/rebuild-watcher.ts';
import { recordAdminAction } from '../../server/audit/audit-log.ts';
import type { SessionUser } from '../../server/auth/auth.ts';
import { getPool } from '../../server/db/client.ts';
import { inTransaction } from '../../server/db/transaction.ts';
import { serverEnv } from '../../server/env.ts';
import { AppError, endpoint } from '../../server/http/endpoint.ts';
import { assertAdmin, assertAllowed, type AdminActor } from '../../server/admin/admin-queries.ts';

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

export interface RebuildStatus {
  /** The build this server serves (null under `npm run dev` or on Vercel). */
  current: { id: string; builtAt: string; pages: number; durationMs: number } | null;
  /** The run in progress, else the one waiting. */
  active: RebuildRun | null;
  /** The last run that ended, well or not. */
  lastRun: RebuildRun | null;
  lastFailure: RebuildRun | null;
  /** The last run failed as often in a row as the watcher retries: it waits for a content change or an admin. */
  gaveUp: boolean;
  maxAttempts: number;
  recent: RebuildRun[];
  /** Whether this deployment rebuilds by itself (not on Vercel, where a new deployment does it). */
  selfRebuilding: boolean;
}

const RUN_COLUMNS = `r.id, r.status, r.reason, pr.name AS "requestedBy", r.build_id AS "buildId", r.phase, r.progress, r.attempt,
  r.not_before AS "notBefore", r.error,
  r.created_at AS "createdAt", r.started_at AS "startedAt", r.finished_at AS "finishedAt"`;

export async function readRebuildStatus(actor: Pick<SessionUser, 'role'> | null): Promise<RebuildStatus> {
  assertAdmin(actor);
  const env = serverEnv();
  const pool = getPool();
  const [current, active, failure, recent, ended] = await Promise.all([
    readCurrentBuild(env.BUILDS_DIR),
    pool.query<RebuildRun>(
      `SELECT ${RUN_COLUMNS} FROM rebuild_runs r LEFT JOIN profiles pr ON pr.id = r.requested_by
       WHERE r.status IN ('running', 'queued') ORDER BY (r.status = 'running') DESC, r.created_at LIMIT 1`,
    ),
    pool.query<RebuildRun>(
      `SELECT ${RUN_COLUMNS} FROM rebuild_runs r LEFT JOIN profiles pr ON pr.id = r.requested_by
       WHERE r.status = 'failed' ORDER BY r.finished_at DESC NULLS LAST LIMIT 1`,
    ),
    pool.query<RebuildRun>(`SELECT ${RUN_COLUMNS} FROM rebuild_runs r LEFT JOIN profiles pr ON pr.id = r.requested_by ORDER BY r.created_at DESC LIMIT 5`),
    pool.query<RebuildRun>(
      `SELECT ${RUN_COLUMNS} FROM rebuild_runs r LEFT JOIN profiles pr ON pr.id = r.requested_by
       WHERE r.status IN ('succeeded', 'failed') ORDER BY r.finished_at DESC NULLS LAST LIMIT 1`,
    ),
  ]);
  const lastRun = ended.rows[0] ?? null;
  return {
    current: current ? { id: current.info.id, builtAt: current.info.builtAt, pages: current.info.pages, durationMs: current.info.durationMs } : null,
    active: active.rows[0] ?? null,
    lastRun,
    lastFailure: failure.rows[0] ?? null,
    gaveUp: !active.rows[0] && lastRun?.status === 'failed' && lastRun.attempt + 1 >= MAX_REBUILD_ATTEMPTS,
    maxAttempts: MAX_REBUILD_ATTEMPTS,
    recent: recent.rows,
    selfRebuilding: env.DEPLOY_TARGET !== 'vercel',
  };
}

/** Queues a full rebuild (one at a time: a second request joins the one already waiting). */
export async function requestRebuild(actor: AdminActor | null): Promise<{ runId: string; alreadyQueued: boolean }> {
  assertAllowed(actor, 'rebuild:site:any');
  if (serverEnv().DEPLOY_TARGET === 'vercel') throw new AppError('rebuild_unavailable');
  return inTransaction(async (db) => {
    // One request at a time: concurrent clicks serialize here and the second finds the first.
    await db.query("SELECT pg_advisory_xact_lock(hashtext('rebuild_runs:queue'))");
    // An admin asking again starts the count afresh: a retry waiting out its delay runs now.
    await db.query("UPDATE rebuild_runs SET attempt = 0, not_before = NULL WHERE status = 'queued'");
    const waiting = await db.query<{ id: string }>("SELECT id FROM rebuild_runs WHERE status = 'queued' AND requested_by IS NOT NULL LIMIT 1");
    if (waiting.rows[0]) return { runId: waiting.rows[0].id, alreadyQueued: true };
    const { rows } = await db.query<{ id: string }>(
      "INSERT INTO rebuild_runs (status, reason, requested_by) VALUES ('queued', 'Solicitada desde el panel', $1) RETURNING id",
      [actor.id],
    );
    await recordAdminAction(actor, { action: 'site.rebuild', targetType: 'site', targetId: rows[0]!.id, summary: 'Pidió reconstruir el sitio' }, db);
    return { runId: rows[0]!.id, alreadyQueued: false };
  });
}

/** GET /api/admin/rebuilds: the status, polled by /admin while a rebuild waits or runs. */
export const rebuildStatusEndpoint = endpoint({
  access: 'rebuild:site:any',
  handle: async ({ user }) => readRebuildStatus(user),
});

/** POST /api/admin/rebuilds: 'Reconstruir ahora'. */
export const requestRebuildEndpoint = endpoint({
  access: 'rebuild:site:any',
  limits: { name: 'admin-rebuild', user: { window: 60, max: 10 } },
  handle: async ({ user }) => requestRebuild(user),
});
