/**
 * Keeps the static site in step with the database while serving: when the content version moves (an approval,
 * an edit, a removal, a setting shown on built pages) or an admin asks for it ('Reconstruir ahora' queues a row
 * in rebuild_runs), it waits for changes to settle, builds into a new folder, records the run with its progress
 * and its error, and swaps the served build. One build at a time, at most one a minute. A build that fails or
 * is cut short (the server stopped mid-build) is queued again with a growing delay (1, 2, 4… minutes, at most
 * an hour) and given up after a few attempts in a row, so a request is never lost and a build that always
 * fails does not loop.
 */
import type pg from 'pg';

export type RebuildProgress = (phase: string, percent: number) => void;

export interface RebuildWatcherOptions {
  pool: pg.Pool;
  readContentVersion(): Promise<number>;
  /** Builds and activates a new site; resolves with its build id. `force` builds in full even when nothing changed. */
  build(progress: RebuildProgress, force: boolean): Promise<BuiltSite>;
  /** Called after a successful build so the server serves it. */
  onBuilt(buildId: string): Promise<void>;
  builtVersion: number;
  intervalMs?: number;
  /** Several quick edits (an admin saving twice) lead to one build. */
  settleMs?: number;
  /** At most one full build per this many ms, however often content changes (changes meanwhile are coalesced). */
  minIntervalMs?: number;
  /** How often a running build writes its progress to rebuild_runs. */
  progressEveryMs?: number;
  /** Delay before the first retry of a failed or interrupted build; it doubles with each further failure. */
  retryBaseMs?: number;
  log?: (line: string) => void;
}

export interface BuiltSite {
  id: string;
  /**
   * Took seconds, not minutes: an incremental rebuild (docs/decisions/013), or none at all (nothing had changed, as
   * when a build cut short by a restart is retried). The next change need not wait for the minute.
   */
  quick?: boolean;
}

export interface RebuildWatcher {
  stop(): void;
  /** Checks now instead of waiting for the next tick; resolves when any resulting build is done. */
  check(): Promise<void>;
}

export const CONTENT_CHANGE_REASON = 'Cambios en el contenido';
/** Failed attempts in a row after which the watcher stops retrying (a content change or an admin starts again). */
export const MAX_REBUILD_ATTEMPTS = 5;
const MAX_RETRY_DELAY_MS = 60 * 60_000;
export const INTERRUPTED_ERROR = 'El servidor se detuvo mientras construía el sitio.';

/** How long to wait before the given attempt (1 is the first retry): doubling from the base, at most an hour. */
export function retryDelayMs(attempt: number, baseMs: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.max(0, attempt - 1));
}

/** What a build was asked for: its runs, whether an admin forced it, and which attempt in a row it is. */
interface ClaimedRuns {
  ids: string[];
  force: boolean;
  attempt: number;
  reason: string;
  requestedBy: string | null;
}

export function startRebuildWatcher(options: RebuildWatcherOptions): RebuildWatcher {
  // Reading a sequence is a fraction of a millisecond, and an incremental rebuild is meant to show a change within
  // 10 s: polling every second and settling for another cost 1.5 s of that on average. Half a second still joins a
  // burst of writes (an import, a bulk action in the admin) into one build.
  const interval = options.intervalMs ?? 250;
  const settle = options.settleMs ?? 500;
  const minInterval = options.minIntervalMs ?? 60_000;
  const progressEvery = options.progressEveryMs ?? 1_000;
  const retryBase = options.retryBaseMs ?? 60_000;
  const { pool } = options;
  let lastStartedAt = -Infinity;
  const log = options.log ?? (() => undefined);
  let builtVersion = options.builtVersion;
  // A version whose build failed is not retried until the content changes again (or an admin asks).
  let failedVersion: number | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const ready = recoverAbandonedRuns().catch((error: Error) => log(`No se pudieron recuperar las reconstrucciones interrumpidas: ${error.message}`));

  /** A request waiting for a build, leaving out retries whose delay has not passed yet. */
  const hasQueuedRequest = async () =>
    (await pool.query("SELECT 1 FROM rebuild_runs WHERE status = 'queued' AND (not_before IS NULL OR not_before <= now()) LIMIT 1")).rowCount! > 0;

  /**
   * Queues the failed build again after its delay, with the same reason and requester (so an admin's forced
   * rebuild stays forced), unless it has failed too often in a row. A request already waiting absorbs it.
   */
  async function requeue(failed: ClaimedRuns): Promise<void> {
    const attempt = failed.attempt + 1;
    if (attempt >= MAX_REBUILD_ATTEMPTS) {
      log(`La reconstrucción ha fallado ${attempt} veces seguidas: no se reintentará hasta que cambie el contenido o se pida desde el panel.`);
      return;
    }
    const delay = retryDelayMs(attempt, retryBase);
    const { rowCount } = await pool.query(
      `UPDATE rebuild_runs SET attempt = GREATEST(attempt, $1), requested_by = COALESCE(requested_by, $2) WHERE status = 'queued'`,
      [attempt, failed.requestedBy],
    );
    if (rowCount! > 0) {
      log(`La reconstrucción se reintentará con la petición que ya estaba en cola (intento ${attempt + 1} de ${MAX_REBUILD_ATTEMPTS}).`);
      return;
    }
    await pool.query(
      `INSERT INTO rebuild_runs (status, reason, requested_by, attempt, not_before)
       VALUES ('queued', $1, $2, $3, now() + make_interval(secs => $4::float8 / 1000))`,
      [failed.reason, failed.requestedBy, attempt, delay],
    );
    log(`Se reintentará la reconstrucción (intento ${attempt + 1} de ${MAX_REBUILD_ATTEMPTS}) dentro de ${Math.round(delay / 1000)} s.`);
  }

  /** Rows a process left 'running' when it stopped mid-build never finish: closed as failed and queued again. */
  async function recoverAbandonedRuns(): Promise<void> {
    const { rows } = await pool.query<{ id: string; reason: string; requested_by: string | null; attempt: number }>(
      `UPDATE rebuild_runs SET status = 'failed', finished_at = now(), phase = NULL, error = $1
       WHERE status = 'running' RETURNING id, reason, requested_by, attempt`,
      [INTERRUPTED_ERROR],
    );
    if (rows.length > 0) await requeue(summarize(rows));
  }

  /** Shows a content change as queued while it settles or waits for its minute. */
  async function queueContentChange(): Promise<void> {
    await pool.query(
      `INSERT INTO rebuild_runs (status, reason)
       SELECT 'queued', $1 WHERE NOT EXISTS (SELECT 1 FROM rebuild_runs WHERE status = 'queued')`,
      [CONTENT_CHANGE_REASON],
    );
  }

  /** Takes every queued request into this build (a retry still waiting too: this build does its work). */
  async function claimRuns(version: number): Promise<ClaimedRuns> {
    const { rows } = await pool.query<{ id: string; reason: string; requested_by: string | null; attempt: number }>(
      `UPDATE rebuild_runs SET status = 'running', started_at = now(), content_version = $1, phase = 'Preparando', progress = 0
       WHERE status = 'queued' RETURNING id, reason, requested_by, attempt`,
      [version],
    );
    if (rows.length > 0) return summarize(rows);
    const inserted = await pool.query<{ id: string }>(
      `INSERT INTO rebuild_runs (status, reason, content_version, started_at, phase, progress)
       VALUES ('running', $2, $1, now(), 'Preparando', 0) RETURNING id`,
      [version, CONTENT_CHANGE_REASON],
    );
    return { ids: [inserted.rows[0]!.id], force: false, attempt: 0, reason: CONTENT_CHANGE_REASON, requestedBy: null };
  }

  function progressWriter(ids: string[]): RebuildProgress {
    let lastWrite = 0;
    let lastPhase = '';
    let writing: Promise<unknown> = Promise.resolve();
    return (phase, percent) => {
      const now = Date.now();
      if (phase === lastPhase && now - lastWrite < progressEvery) return;
      lastWrite = now;
      lastPhase = phase;
      // Writes stay in order and never fail the build: progress is only a display.
      writing = writing
        .then(() => pool.query("UPDATE rebuild_runs SET phase = $2, progress = $3 WHERE id = ANY($1) AND status = 'running'", [ids, phase, percent]))
        .catch((error: Error) => log(`No se pudo anotar el progreso: ${error.message}`));
    };
  }

  async function rebuild(version: number): Promise<void> {
    lastStartedAt = Date.now();
    const claimed = await claimRuns(version);
    const { ids, force } = claimed;
    try {
      const { id: buildId, quick } = await options.build(progressWriter(ids), force);
      if (quick) lastStartedAt = -Infinity;
      await options.onBuilt(buildId);
      builtVersion = version;
      await pool.query("UPDATE rebuild_runs SET status = 'succeeded', build_id = $2, finished_at = now(), phase = NULL, progress = 100 WHERE id = ANY($1)", [
        ids,
        buildId,
      ]);
      log(`Sitio reconstruido (${buildId}).`);
    } catch (error) {
      await pool.query("UPDATE rebuild_runs SET status = 'failed', error = $2, finished_at = now(), phase = NULL WHERE id = ANY($1)", [
        ids,
        (error as Error).message.slice(0, 20_000),
      ]);
      failedVersion = version;
      log(`La reconstrucción falló: ${(error as Error).message.split('\n')[0]}`);
      await requeue(claimed).catch((requeueError: Error) => log(`No se pudo volver a poner en cola la reconstrucción: ${requeueError.message}`));
    }
  }

  async function check(): Promise<void> {
    if (running) return running;
    running = (async () => {
      await ready;
      let version = await options.readContentVersion();
      const changed = version !== builtVersion && version !== failedVersion;
      if (!changed && !(await hasQueuedRequest())) return;
      if (changed) await queueContentChange();
      // A build ran less than a minute ago: wait for the rest of the minute; what changes meanwhile joins this build.
      const cooldown = lastStartedAt + minInterval - Date.now();
      if (cooldown > 0) await new Promise((resolve) => setTimeout(resolve, cooldown));
      // Wait until the version stops moving, so a burst of edits costs one build.
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, settle));
        const next = await options.readContentVersion();
        if (next === version) break;
        version = next;
      }
      await rebuild(version);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  const timer = setInterval(() => {
    if (!stopped) check().catch((error: Error) => log(`No se pudo comprobar si hay cambios: ${error.message}`));
  }, interval);
  timer.unref();

  return {
    stop() {
      stopped = true;
      clearInterval(timer);
    },
    check,
  };
}

/** Several runs built together, as one request: an admin's reason and requester win (the build is forced), and the highest attempt. */
function summarize(rows: { id: string; reason: string; requested_by: string | null; attempt: number }[]): ClaimedRuns {
  const requested = rows.find((row) => row.requested_by !== null);
  return {
    ids: rows.map((row) => row.id),
    force: requested !== undefined,
    attempt: Math.max(...rows.map((row) => row.attempt)),
    reason: (requested ?? rows[0]!).reason,
    requestedBy: requested?.requested_by ?? null,
  };
}
