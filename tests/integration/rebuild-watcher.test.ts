import { describe, expect, it } from 'vitest';
import { readContentVersion } from '../../src/server/build/fingerprint.ts';
import { startRebuildWatcher } from '../../src/server/build/rebuild-watcher.ts';
import { useMigratedDatabase } from './helpers/db.ts';

const pool = await useMigratedDatabase();

function watcherWith(build: () => Promise<string>) {
  const served: string[] = [];
  return {
    served,
    start: async () =>
      startRebuildWatcher({
        pool,
        readContentVersion: () => readContentVersion(pool),
        build,
        onBuilt: async (id) => {
          served.push(id);
        },
        builtVersion: await readContentVersion(pool),
        intervalMs: 60_000,
        settleMs: 50,
      }),
  };
}

describe('rebuild watcher', () => {
  it('does nothing while the content is unchanged, even when view counters move', async () => {
    await pool.query("INSERT INTO posts (title, slug, description, status) VALUES ('Uno', 'uno', 'Primera.', 'published')");
    let builds = 0;
    const { start } = watcherWith(async () => `b${++builds}`);
    const watcher = await start();
    await pool.query("UPDATE posts SET views = views + 5 WHERE slug = 'uno'");
    await watcher.check();
    expect(builds).toBe(0);
    watcher.stop();
  });

  it('builds once for a burst of edits, serves the new build and records the run', async () => {
    let builds = 0;
    const { start, served } = watcherWith(async () => `build-${++builds}`);
    const watcher = await start();
    await pool.query("UPDATE posts SET title = 'Uno bis' WHERE slug = 'uno'");
    await pool.query("UPDATE posts SET description = 'Editada.' WHERE slug = 'uno'");
    await watcher.check();
    expect(builds).toBe(1);
    expect(served).toEqual(['build-1']);
    const { rows } = await pool.query('SELECT status, build_id, error FROM rebuild_runs ORDER BY created_at DESC LIMIT 1');
    expect(rows[0]).toEqual({ status: 'succeeded', build_id: 'build-1', error: null });
    await watcher.check();
    expect(builds).toBe(1);
    watcher.stop();
  });

  it('records a failed build with its error and does not retry it until the content changes again', async () => {
    let attempts = 0;
    const { start, served } = watcherWith(async () => {
      attempts++;
      throw new Error('astro build terminó con código 1');
    });
    const watcher = await start();
    await pool.query("UPDATE posts SET title = 'Uno ter' WHERE slug = 'uno'");
    await watcher.check();
    await watcher.check();
    expect(attempts).toBe(1);
    expect(served).toEqual([]);
    const { rows } = await pool.query('SELECT status, error FROM rebuild_runs ORDER BY created_at DESC LIMIT 1');
    expect(rows[0]).toEqual({ status: 'failed', error: 'astro build terminó con código 1' });
    await pool.query("UPDATE posts SET title = 'Uno cuater' WHERE slug = 'uno'");
    await watcher.check();
    expect(attempts).toBe(2);
    watcher.stop();
  });
});
