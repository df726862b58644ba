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
import { queueRequestedRebuild, readRebuildRuns, type RebuildRun } from '../../server/db/queries/admin/rebuild-runs.ts';
import { inTransaction } from '../../server/db/transaction.ts';
import { serverEnv } from '../../server/env.ts';
import { AppError, endpoint } from '../../server/http/endpoint.ts';
import { assertAdmin, assertAllowed, type AdminActor } from '../../server/admin/admin-queries.ts';

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

export async function readRebuildStatus(actor: Pick<SessionUser, 'role'> | null): Promise<RebuildStatus> {
  assertAdmin(actor);
  const env = serverEnv();
  const [current, { active, failure, recent, ended }] = await Promise.all([readCurrentBuild(env.BUILDS_DIR), readRebuildRuns(getPool())]);
  const lastRun = ended;
  return {
    current: current ? { id: current.info.id, builtAt: current.info.builtAt, pages: current.info.pages, durationMs: current.info.durationMs } : null,
    active,
    lastRun,
    lastFailure: failure,
    gaveUp: !active && lastRun?.status === 'failed' && lastRun.attempt + 1 >= MAX_REBUILD_ATTEMPTS,
    maxAttempts: MAX_REBUILD_ATTEMPTS,
    recent,
    selfRebuilding: env.DEPLOY_TARGET !== 'vercel',
  };
}

/** Queues a full rebuild (one at a time: a second request joins the one already waiting). */
export async function requestRebuild(actor: AdminActor | null): Promise<{ runId: string; alreadyQueued: boolean }> {
  assertAllowed(actor, 'rebuild:site:any');
  if (serverEnv().DEPLOY_TARGET === 'vercel') throw new AppError('rebuild_unavailable');
  return inTransaction(async (db) => {
    const queued = await queueRequestedRebuild(actor.id, db);
    if (queued.alreadyQueued) return queued;
    await recordAdminAction(actor, { action: 'site.rebuild', targetType: 'site', targetId: queued.runId, summary: 'Pidió reconstruir el sitio' }, db);
    return queued;
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
