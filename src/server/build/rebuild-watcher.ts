/**
 * Keeps the static site in step with the database while serving: when the content version moves (an approval,
 * an edit, a removal, a setting shown on built pages) or an admin asks for it ('Reconstruir ahora' queues a row
 * in rebuild_runs), it waits for changes to settle, builds into a new folder, records the run with its progress
 * and its error, and swaps the served build. One build at a time, at most one a minute.
 */
import type pg from 'pg';

export type RebuildProgress = (phase: string, percent: number) => void;

export interface RebuildWatcherOptions {
  pool: pg.Pool;
  readContentVersion(): Promise<number>;
  /** Builds and activates a new site; resolves with its build id. `force` builds even when nothing changed. */
  build(progress: RebuildProgress, force: boolean): Promise<string>;
  /** Called after a successful build so the server serves it. */
  onBuilt(buildId: string): Promise<void>;
  builtVersion: number;
  intervalMs?: number;
  /** Several quick edits (an admin saving twice) lead to one build. */
  settleMs?: number;
  /** At most one build per this many ms, however often content changes (changes meanwhile are coalesced). */
  minIntervalMs?: number;
  /** How often a running build writes its progress to rebuild_runs. */
  progressEveryMs?: number;
  log?: (line: string) => void;
}

export interface RebuildWatcher {
  stop(): void;
  /** Checks now instead of waiting for the next tick; resolves when any resulting build is done. */
  check(): Promise<void>;
}

export const CONTENT_CHANGE_REASON = 'Cambios en el contenido';

/** Rows a process left 'running' when it stopped mid-build: they will never finish. */
async function closeAbandonedRuns(pool: pg.Pool): Promise<void> {
  await pool.query(
    `UPDATE rebuild_runs SET status = 'failed', finished_at = now(), phase = NULL,
       error = 'El servidor se detuvo mientras construía el sitio. Vuelve a pedir la reconstrucción si hace falta.'
     WHERE status = 'running'`,
  );
}

export function startRebuildWatcher(options: RebuildWatcherOptions): RebuildWatcher {
  const interval = options.intervalMs ?? 5_000;
  const settle = options.settleMs ?? 2_000;
  const minInterval = options.minIntervalMs ?? 60_000;
  const progressEvery = options.progressEveryMs ?? 1_000;
  const { pool } = options;
  let lastStartedAt = -Infinity;
  const log = options.log ?? (() => undefined);
  let builtVersion = options.builtVersion;
  // A version whose build failed is not retried until the content changes again (or an admin asks).
  let failedVersion: number | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const ready = closeAbandonedRuns(pool).catch((error: Error) => log(`No se pudieron cerrar las reconstrucciones abandonadas: ${error.message}`));

  const hasQueuedRequest = async () => (await pool.query("SELECT 1 FROM rebuild_runs WHERE status = 'queued' LIMIT 1")).rowCount! > 0;

  /** Shows a content change as queued while it settles or waits for its minute. */
  async function queueContentChange(): Promise<void> {
    await pool.query(
      `INSERT INTO rebuild_runs (status, reason)
       SELECT 'queued', $1 WHERE NOT EXISTS (SELECT 1 FROM rebuild_runs WHERE status = 'queued')`,
      [CONTENT_CHANGE_REASON],
    );
  }

  /** Takes every queued request into this build; `force` when an admin asked for it. */
  async function claimRuns(version: number): Promise<{ ids: string[]; force: boolean }> {
    const { rows } = await pool.query<{ id: string; requested_by: string | null }>(
      `UPDATE rebuild_runs SET status = 'running', started_at = now(), content_version = $1, phase = 'Preparando', progress = 0
       WHERE status = 'queued' RETURNING id, requested_by`,
      [version],
    );
    if (rows.length > 0) return { ids: rows.map((row) => row.id), force: rows.some((row) => row.requested_by !== null) };
    const inserted = await pool.query<{ id: string }>(
      `INSERT INTO rebuild_runs (status, reason, content_version, started_at, phase, progress)
       VALUES ('running', $2, $1, now(), 'Preparando', 0) RETURNING id`,
      [version, CONTENT_CHANGE_REASON],
    );
    return { ids: [inserted.rows[0]!.id], force: false };
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
    const { ids, force } = await claimRuns(version);
    try {
      const buildId = await options.build(progressWriter(ids), force);
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
