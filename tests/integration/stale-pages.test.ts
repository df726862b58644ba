/** Which built tool pages are out of date: the trigger-maintained page_changed_at against a build's read time. */
import { describe, expect, it } from 'vitest';
import { StalePages } from '../../src/server/http/stale-pages.ts';
import { useMigratedDatabase } from './helpers/db.ts';

const pool = await useMigratedDatabase();
const { rows: categories } = await pool.query<{ id: string }>(`INSERT INTO categories (slug, name) VALUES ('a', 'A'), ('b', 'B') RETURNING id`);
// Inserted published with their category in one transaction, as the seed does: new pages, not changed ones.
await pool.query('BEGIN');
await pool.query(
  `INSERT INTO posts (title, slug, description, status, category_id) VALUES
  ('Uno', 'uno', 'D', 'published', $1), ('Dos', 'dos', 'D', 'published', $1), ('Tres', 'tres', 'D', 'pending', $1)`,
  [categories[0]!.id],
);
await pool.query(`INSERT INTO post_categories (post_id, category_id) SELECT id, category_id FROM posts`);
await pool.query('COMMIT');

const clock = async () => (await pool.query<{ now: string }>(`SELECT to_json(clock_timestamp()) #>> '{}' AS now`)).rows[0]!.now;
const changedAt = async (slug: string) => (await pool.query('SELECT page_changed_at FROM posts WHERE slug = $1', [slug])).rows[0].page_changed_at;

describe('page_changed_at', () => {
  it('is not set by inserts (the seed) nor by counters and pending edits', async () => {
    expect(await changedAt('uno')).toBeNull();
    await pool.query(`UPDATE posts SET views = views + 1, saved_count = saved_count + 1 WHERE slug = 'uno'`);
    await pool.query(`UPDATE posts SET title = 'Tres bis' WHERE slug = 'tres'`);
    expect(await changedAt('uno')).toBeNull();
    expect(await changedAt('tres')).toBeNull();
  });

  it('is set when a published page changes, is published or unpublished, or its categories change', async () => {
    await pool.query(`UPDATE posts SET title = 'Uno editado' WHERE slug = 'uno'`);
    expect(await changedAt('uno')).toBeInstanceOf(Date);
    await pool.query(`UPDATE posts SET status = 'published' WHERE slug = 'tres'`);
    expect(await changedAt('tres')).toBeInstanceOf(Date);
    await pool.query(`INSERT INTO post_categories (post_id, category_id) SELECT id, $1 FROM posts WHERE slug = 'dos'`, [categories[1]!.id]);
    expect(await changedAt('dos')).toBeInstanceOf(Date);
  });
});

describe('StalePages', () => {
  it('lists the pages changed after the build read the database, and nothing for an old build without the time', async () => {
    // Pretend the build read the database a minute ago: every page stamped above is newer than it.
    const { rows } = await pool.query<{ at: string }>(`SELECT to_json(clock_timestamp() - interval '1 minute') #>> '{}' AS at`);
    const stale = new StalePages(() => pool, rows[0]!.at);
    expect(await stale.has('uno')).toBe(true);
    expect(await stale.has('dos')).toBe(true);

    stale.reset(await clock());
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    stale.reset(await clock());
    expect(await stale.has('uno')).toBe(false);
    await pool.query(`UPDATE posts SET status = 'pending' WHERE slug = 'uno'`);
    // Reloaded at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await stale.has('uno')).toBe(true);
    expect(await stale.has('dos')).toBe(false);

    expect(await new StalePages(() => pool, undefined).has('uno')).toBe(false);
  }, 20_000);
});
