import { beforeEach, describe, expect, it } from 'vitest';
import { readContentVersion } from '../../src/server/build/fingerprint.ts';
import { INTERRUPTED_ERROR, MAX_REBUILD_ATTEMPTS, retryDelayMs, startRebuildWatcher } from '../../src/server/build/rebuild-watcher.ts';
import { useMigratedDatabase } from './helpers/db.ts';
import { createTool } from './helpers/fixtures.ts';

const pool = await useMigratedDatabase();
// Every test reads the history of rebuilds: each starts with none.
beforeEach(() => pool.query('DELETE FROM rebuild_runs'));
// The admin who asks for rebuilds from the panel, in several tests.
await pool.query("INSERT INTO profiles (id, name, email) VALUES ('jefa', 'Jefa', 'jefa@ejemplo.es')");

function watcherWith(build: (progress: (phase: string, percent: number) => void, force: boolean) => Promise<string>, minIntervalMs = 0) {
  const served: string[] = [];
  return {
    served,
    start: async () =>
      startRebuildWatcher({
        pool,
        readContentVersion: () => readContentVersion(pool),
        build: async (progress, force) => ({ id: await build(progress, force) }),
        onBuilt: async (id) => {
          served.push(id);
        },
        builtVersion: await readContentVersion(pool),
        intervalMs: 60_000,
        settleMs: 50,
        minIntervalMs,
        progressEveryMs: 0,
      }),
  };
}

describe('rebuild watcher', () => {
  it('does nothing while the content is unchanged, even when view counters move', async () => {
    const uno = (await createTool(pool, { title: 'Uno' })).slug;
    let builds = 0;
    const { start } = watcherWith(async () => `b${++builds}`);
    const watcher = await start();
    await pool.query('UPDATE posts SET views = views + 5 WHERE slug = $1', [uno]);
    await watcher.check();
    expect(builds).toBe(0);
    watcher.stop();
  });

  it('builds once for a burst of edits, serves the new build and records the run', async () => {
    const uno = (await createTool(pool, { title: 'Uno' })).slug;
    let builds = 0;
    const { start, served } = watcherWith(async () => `build-${++builds}`);
    const watcher = await start();
    await pool.query("UPDATE posts SET title = 'Uno bis' WHERE slug = $1", [uno]);
    await pool.query("UPDATE posts SET description = 'Editada.' WHERE slug = $1", [uno]);
    await watcher.check();
    expect(builds).toBe(1);
    expect(served).toEqual(['build-1']);
    const { rows } = await pool.query('SELECT status, build_id, error FROM rebuild_runs ORDER BY created_at DESC LIMIT 1');
    expect(rows[0]).toEqual({ status: 'succeeded', build_id: 'build-1', error: null });
    await watcher.check();
    expect(builds).toBe(1);
    watcher.stop();
  });

  it('records a failed build with its error and retries it after a delay, or at once when the content changes again', async () => {
    const uno = (await createTool(pool, { title: 'Uno' })).slug;
    let attempts = 0;
    const { start, served } = watcherWith(async () => {
      attempts++;
      throw new Error('astro build terminó con código 1');
    });
    const watcher = await start();
    await pool.query("UPDATE posts SET title = 'Uno ter' WHERE slug = $1", [uno]);
    await watcher.check();
    await watcher.check();
    expect(attempts).toBe(1);
    expect(served).toEqual([]);
    const { rows } = await pool.query("SELECT status, error FROM rebuild_runs WHERE status <> 'queued' ORDER BY created_at DESC LIMIT 1");
    expect(rows[0]).toEqual({ status: 'failed', error: 'astro build terminó con código 1' });
    const retry = await pool.query("SELECT attempt, not_before > now() + interval '50 seconds' AS later FROM rebuild_runs WHERE status = 'queued'");
    expect(retry.rows).toEqual([{ attempt: 1, later: true }]);
    await pool.query("UPDATE posts SET title = 'Uno cuater' WHERE slug = $1", [uno]);
    await watcher.check();
    expect(attempts).toBe(2);
    watcher.stop();
    // The next tests start with no retry waiting.
    await pool.query("DELETE FROM rebuild_runs WHERE status = 'queued'");
  });

  it('builds at most once per interval, folding the changes made meanwhile into the next build', async () => {
    const uno = (await createTool(pool, { title: 'Uno' })).slug;
    const started: number[] = [];
    const { start } = watcherWith(async () => {
      started.push(Date.now());
      return `b${started.length}`;
    }, 400);
    const watcher = await start();
    await pool.query("UPDATE posts SET title = 'Uno quinquies' WHERE slug = $1", [uno]);
    await watcher.check();
    await pool.query("UPDATE posts SET title = 'Uno sexies' WHERE slug = $1", [uno]);
    await pool.query("UPDATE posts SET description = 'Otra vez.' WHERE slug = $1", [uno]);
    await watcher.check();
    expect(started).toHaveLength(2);
    expect(started[1]! - started[0]!).toBeGreaterThanOrEqual(400);
    watcher.stop();
  });
});

describe('manual rebuilds', () => {
  it("picks up an admin's queued request, builds with force and records its progress", async () => {
    const seen: { forced: boolean; progress: number | null }[] = [];
    const { start, served } = watcherWith(async (progress, force) => {
      progress('Generando páginas', 40);
      // The progress write is queued, not awaited: give it a moment to land before reading it back.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const { rows } = await pool.query<{ progress: number | null }>("SELECT progress FROM rebuild_runs WHERE status = 'running'");
      seen.push({ forced: force, progress: rows[0]?.progress ?? null });
      return 'manual-1';
    });
    const watcher = await start();
    await watcher.check();
    expect(served).toEqual([]);
    const { rows } = await pool.query<{ id: string }>(
      "INSERT INTO rebuild_runs (status, reason, requested_by) VALUES ('queued', 'Solicitada desde el panel', 'jefa') RETURNING id",
    );
    await watcher.check();
    expect(served).toEqual(['manual-1']);
    expect(seen).toEqual([{ forced: true, progress: 40 }]);
    const run = await pool.query('SELECT status, build_id, progress, phase, started_at IS NOT NULL AS started FROM rebuild_runs WHERE id = $1', [rows[0]!.id]);
    expect(run.rows[0]).toEqual({ status: 'succeeded', build_id: 'manual-1', progress: 100, phase: null, started: true });
    watcher.stop();
  });

  it('shows a content change as queued while it waits, then runs it as one build', async () => {
    const uno = (await createTool(pool, { title: 'Uno' })).slug;
    let queuedWhileWaiting = 0;
    const { start } = watcherWith(async () => 'content-1', 300);
    const watcher = await start();
    await pool.query("UPDATE posts SET title = 'Uno en cola' WHERE slug = $1", [uno]);
    let finished = false;
    const first = watcher.check().finally(() => (finished = true));
    // Polled rather than read once after a fixed pause: on a loaded machine the watcher's first queries take longer.
    while (!finished && queuedWhileWaiting === 0) {
      queuedWhileWaiting = (await pool.query("SELECT count(*)::int AS n FROM rebuild_runs WHERE status = 'queued'")).rows[0].n;
    }
    await first;
    expect(queuedWhileWaiting).toBe(1);
    expect((await pool.query("SELECT count(*)::int AS n FROM rebuild_runs WHERE status IN ('queued', 'running')")).rows[0].n).toBe(0);
    watcher.stop();
  });

  it('an incremental rebuild does not hold the next change for the minute a full build does', async () => {
    const uno = (await createTool(pool, { title: 'Uno' })).slug;
    let builds = 0;
    const watcher = startRebuildWatcher({
      pool,
      readContentVersion: () => readContentVersion(pool),
      build: async () => ({ id: `incremental-${++builds}`, quick: true }),
      onBuilt: async () => undefined,
      builtVersion: await readContentVersion(pool),
      intervalMs: 60_000,
      settleMs: 10,
      minIntervalMs: 60_000,
      progressEveryMs: 0,
    });
    const started = Date.now();
    await pool.query("UPDATE posts SET title = 'Uno incremental' WHERE slug = $1", [uno]);
    await watcher.check();
    await pool.query("UPDATE posts SET title = 'Uno incremental otra vez' WHERE slug = $1", [uno]);
    await watcher.check();
    expect(builds).toBe(2);
    expect(Date.now() - started).toBeLessThan(30_000);
    watcher.stop();
  });

  it('closes runs left running by a process that stopped mid-build, and queues them again', async () => {
    const { rows } = await pool.query<{ id: string }>(
      "INSERT INTO rebuild_runs (status, reason, started_at) VALUES ('running', 'Cambios en el contenido', now()) RETURNING id",
    );
    const { start } = watcherWith(async () => 'x');
    const watcher = await start();
    await watcher.check();
    const run = await pool.query('SELECT status, error FROM rebuild_runs WHERE id = $1', [rows[0]!.id]);
    expect(run.rows[0].status).toBe('failed');
    expect(run.rows[0].error).toMatch(/se detuvo/);
    const retry = await pool.query("SELECT reason, attempt FROM rebuild_runs WHERE status = 'queued'");
    expect(retry.rows).toEqual([{ reason: 'Cambios en el contenido', attempt: 1 }]);
    watcher.stop();
  });
});

describe('retries after a failed or interrupted build', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const retryWatcher = async (build: (force: boolean) => Promise<string>, retryBaseMs: number) =>
    startRebuildWatcher({
      pool,
      readContentVersion: () => readContentVersion(pool),
      build: async (_progress, force) => ({ id: await build(force) }),
      onBuilt: async () => undefined,
      builtVersion: await readContentVersion(pool),
      intervalMs: 60_000,
      settleMs: 10,
      minIntervalMs: 0,
      retryBaseMs,
    });
  const queued = async () =>
    (await pool.query("SELECT reason, requested_by, attempt, not_before > now() AS waiting FROM rebuild_runs WHERE status = 'queued' ORDER BY created_at"))
      .rows;

  it("queues again a rebuild cut short by a stop, and runs it after its delay, forced as the admin's request was", async () => {
    await pool.query('DELETE FROM rebuild_runs');
    const { rows } = await pool.query<{ id: string }>(
      "INSERT INTO rebuild_runs (status, reason, requested_by, started_at) VALUES ('running', 'Solicitada desde el panel', 'jefa', now()) RETURNING id",
    );
    const forced: boolean[] = [];
    const watcher = await retryWatcher(async (force) => {
      forced.push(force);
      return 'recuperada-1';
    }, 400);
    await watcher.check();
    expect(forced).toEqual([]);
    expect((await pool.query('SELECT status, error FROM rebuild_runs WHERE id = $1', [rows[0]!.id])).rows[0]).toEqual({
      status: 'failed',
      error: INTERRUPTED_ERROR,
    });
    expect(await queued()).toEqual([{ reason: 'Solicitada desde el panel', requested_by: 'jefa', attempt: 1, waiting: true }]);
    await sleep(450);
    await watcher.check();
    expect(forced).toEqual([true]);
    expect(await queued()).toEqual([]);
    const last = await pool.query('SELECT status, build_id FROM rebuild_runs ORDER BY created_at DESC LIMIT 1');
    expect(last.rows[0]).toEqual({ status: 'succeeded', build_id: 'recuperada-1' });
    watcher.stop();
  });

  it('retries a failing build with doubling delays and gives up after a few attempts in a row', async () => {
    await pool.query('DELETE FROM rebuild_runs');
    const started: number[] = [];
    const base = 80;
    const watcher = await retryWatcher(async () => {
      started.push(Date.now());
      throw new Error('Sin memoria');
    }, base);
    await pool.query("INSERT INTO rebuild_runs (status, reason, requested_by) VALUES ('queued', 'Solicitada desde el panel', 'jefa')");
    await watcher.check();
    expect(started).toHaveLength(1);
    // Right after a failure the retry waits: checking again does not build.
    await watcher.check();
    expect(started).toHaveLength(1);
    expect(await queued()).toEqual([{ reason: 'Solicitada desde el panel', requested_by: 'jefa', attempt: 1, waiting: true }]);
    const deadline = Date.now() + 10_000;
    while ((await queued()).length > 0 && Date.now() < deadline) {
      await sleep(20);
      await watcher.check();
    }
    expect(started).toHaveLength(MAX_REBUILD_ATTEMPTS);
    for (let attempt = 1; attempt < MAX_REBUILD_ATTEMPTS; attempt++) {
      // The database's clock and this process's agree to the millisecond or two.
      expect(started[attempt]! - started[attempt - 1]!).toBeGreaterThanOrEqual(retryDelayMs(attempt, base) - 5);
    }
    const runs = await pool.query('SELECT status, count(*)::int AS n FROM rebuild_runs GROUP BY status');
    expect(runs.rows).toEqual([{ status: 'failed', n: MAX_REBUILD_ATTEMPTS }]);
    await sleep(retryDelayMs(MAX_REBUILD_ATTEMPTS, base));
    await watcher.check();
    expect(started).toHaveLength(MAX_REBUILD_ATTEMPTS);
    watcher.stop();
  });

  it('lets a request made during a failing build run at once, counted as the next attempt', async () => {
    await pool.query('DELETE FROM rebuild_runs');
    let attempts = 0;
    const watcher = await retryWatcher(async () => {
      attempts++;
      if (attempts === 1) {
        await pool.query("INSERT INTO rebuild_runs (status, reason, requested_by) VALUES ('queued', 'Solicitada desde el panel', 'jefa')");
        throw new Error('Sin memoria');
      }
      return 'tras-el-fallo';
    }, 60_000);
    await pool.query("INSERT INTO rebuild_runs (status, reason) VALUES ('queued', 'Cambios en el contenido')");
    await watcher.check();
    expect(await queued()).toEqual([{ reason: 'Solicitada desde el panel', requested_by: 'jefa', attempt: 1, waiting: null }]);
    await watcher.check();
    expect(attempts).toBe(2);
    expect(await queued()).toEqual([]);
    watcher.stop();
  });

  it('doubles the delay from the base up to an hour', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 60_000))).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(30, 60_000)).toBe(3_600_000);
  });
});

describe('content version', () => {
  const version = () => readContentVersion(pool);

  it('moves for what visitors see: publishing, editing or unpublishing a tool, and its categories', async () => {
    const { rows } = await pool.query<{ id: string }>(
      "INSERT INTO posts (title, slug, description, status) VALUES ('Dos', 'dos', 'Segunda.', 'pending') RETURNING id",
    );
    const id = rows[0]!.id;
    const { rows: categories } = await pool.query<{ id: string }>("INSERT INTO categories (name, slug) VALUES ('Texto', 'texto') RETURNING id");
    let before = await version();
    await pool.query('INSERT INTO post_categories (post_id, category_id) VALUES ($1, $2)', [id, categories[0]!.id]);
    await pool.query("UPDATE posts SET title = 'Dos bis' WHERE id = $1", [id]);
    expect(await version()).toBe(before);

    await pool.query("UPDATE posts SET status = 'published' WHERE id = $1", [id]);
    expect(await version()).toBeGreaterThan(before);
    before = await version();
    await pool.query('DELETE FROM post_categories WHERE post_id = $1', [id]);
    expect(await version()).toBeGreaterThan(before);
    before = await version();
    await pool.query('UPDATE posts SET title = title, views = views + 1, saved_count = saved_count + 1 WHERE id = $1', [id]);
    expect(await version()).toBe(before);
    await pool.query("UPDATE posts SET status = 'pending' WHERE id = $1", [id]);
    expect(await version()).toBeGreaterThan(before);
  });

  it('moves for a rename only when the person signs a published tool', async () => {
    await pool.query("INSERT INTO profiles (id, name, email) VALUES ('nadie', 'Nadie', 'nadie@ejemplo.es'), ('autora', 'Autora', 'autora@ejemplo.es')");
    await pool.query("INSERT INTO posts (title, slug, description, status, user_id) VALUES ('Tres', 'tres', 'Tercera.', 'published', 'autora')");
    const before = await version();
    await pool.query("UPDATE profiles SET name = 'Otro nombre', bio = 'Hola' WHERE id = 'nadie'");
    expect(await version()).toBe(before);
    await pool.query("UPDATE profiles SET name = 'Autora Renombrada' WHERE id = 'autora'");
    expect(await version()).toBeGreaterThan(before);
  });
});
