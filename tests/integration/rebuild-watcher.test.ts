import { describe, expect, it } from 'vitest';
import { readContentVersion } from '../../src/server/build/fingerprint.ts';
import { startRebuildWatcher } from '../../src/server/build/rebuild-watcher.ts';
import { useMigratedDatabase } from './helpers/db.ts';

const pool = await useMigratedDatabase();

function watcherWith(build: () => Promise<string>, minIntervalMs = 0) {
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
        minIntervalMs,
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

  it('builds at most once per interval, folding the changes made meanwhile into the next build', async () => {
    const started: number[] = [];
    const { start } = watcherWith(async () => {
      started.push(Date.now());
      return `b${started.length}`;
    }, 400);
    const watcher = await start();
    await pool.query("UPDATE posts SET title = 'Uno quinquies' WHERE slug = 'uno'");
    await watcher.check();
    await pool.query("UPDATE posts SET title = 'Uno sexies' WHERE slug = 'uno'");
    await pool.query("UPDATE posts SET description = 'Otra vez.' WHERE slug = 'uno'");
    await watcher.check();
    expect(started).toHaveLength(2);
    expect(started[1]! - started[0]!).toBeGreaterThanOrEqual(400);
    watcher.stop();
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
