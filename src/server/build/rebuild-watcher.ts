/**
 * Keeps the static site in step with the database while serving: when the content version moves
 * (an approval, an edit, a removal), it waits for changes to settle, builds into a new folder,
 * records the run in rebuild_runs and swaps the served build. One build at a time.
 */
import type pg from 'pg';

export interface RebuildWatcherOptions {
  pool: pg.Pool;
  readContentVersion(): Promise<number>;
  /** Builds and activates a new site; resolves with its build id. */
  build(): Promise<string>;
  /** Called after a successful build so the server serves it. */
  onBuilt(buildId: string): Promise<void>;
  builtVersion: number;
  intervalMs?: number;
  /** Several quick edits (an admin saving twice) lead to one build. */
  settleMs?: number;
  /** At most one build per this many ms, however often content changes (changes meanwhile are coalesced). */
  minIntervalMs?: number;
  log?: (line: string) => void;
}

export interface RebuildWatcher {
  stop(): void;
  /** Checks now instead of waiting for the next tick; resolves when any resulting build is done. */
  check(): Promise<void>;
}

export function startRebuildWatcher(options: RebuildWatcherOptions): RebuildWatcher {
  const interval = options.intervalMs ?? 5_000;
  const settle = options.settleMs ?? 2_000;
  const minInterval = options.minIntervalMs ?? 60_000;
  let lastStartedAt = -Infinity;
  const log = options.log ?? (() => undefined);
  let builtVersion = options.builtVersion;
  // A version whose build failed is not retried until the content changes again.
  let failedVersion: number | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  async function rebuild(version: number): Promise<void> {
    lastStartedAt = Date.now();
    const { rows } = await options.pool.query<{ id: string }>(
      `INSERT INTO rebuild_runs (status, reason, content_version, started_at)
       VALUES ('running', 'Cambios en el contenido', $1, now()) RETURNING id`,
      [version],
    );
    const runId = rows[0]!.id;
    try {
      const buildId = await options.build();
      await options.onBuilt(buildId);
      builtVersion = version;
      await options.pool.query("UPDATE rebuild_runs SET status = 'succeeded', build_id = $2, finished_at = now() WHERE id = $1", [runId, buildId]);
      log(`Sitio reconstruido (${buildId}).`);
    } catch (error) {
      await options.pool.query("UPDATE rebuild_runs SET status = 'failed', error = $2, finished_at = now() WHERE id = $1", [
        runId,
        (error as Error).message.slice(0, 4000),
      ]);
      failedVersion = version;
      log(`La reconstrucción falló: ${(error as Error).message.split('\n')[0]}`);
    }
  }

  async function check(): Promise<void> {
    if (running) return running;
    running = (async () => {
      let version = await options.readContentVersion();
      if (version === builtVersion || version === failedVersion) return;
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
