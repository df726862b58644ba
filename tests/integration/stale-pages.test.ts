/** Which built tool pages are out of date: the trigger-maintained page_changed_at against a build's read time. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { settledDatabaseClock } from '../../src/server/build/build-site.ts';
import { StalePages } from '../../src/server/http/stale-pages.ts';
import { useMigratedDatabase } from './helpers/db.ts';

const pool = await useMigratedDatabase();
const { rows: categories } = await pool.query<{ id: string }>(`INSERT INTO categories (slug, name) VALUES ('a', 'A'), ('b', 'B') RETURNING id`);
/**
 * Each test's own three tools, two published and one pending, inserted with their category in one transaction, as
 * the seed does: new pages, not changed ones.
 */
async function insertTools(): Promise<{ uno: string; dos: string; tres: string }> {
  const suffix = randomUUID().slice(0, 8);
  const slugs = { uno: `uno-${suffix}`, dos: `dos-${suffix}`, tres: `tres-${suffix}` };
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO posts (title, slug, description, status, category_id) VALUES
      ('Uno', $2, 'D', 'published', $1), ('Dos', $3, 'D', 'published', $1), ('Tres', $4, 'D', 'pending', $1) RETURNING id`,
      [categories[0]!.id, slugs.uno, slugs.dos, slugs.tres],
    );
    await client.query(`INSERT INTO post_categories (post_id, category_id) SELECT id, category_id FROM posts WHERE id = ANY($1)`, [rows.map((row) => row.id)]);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  return slugs;
}

const clock = async () => (await pool.query<{ now: string }>(`SELECT to_json(clock_timestamp()) #>> '{}' AS now`)).rows[0]!.now;
const changedAt = async (slug: string) => (await pool.query('SELECT page_changed_at FROM posts WHERE slug = $1', [slug])).rows[0].page_changed_at;

describe('page_changed_at', () => {
  it('is not set by inserts (the seed) nor by counters and pending edits', async () => {
    const { uno, tres } = await insertTools();
    expect(await changedAt(uno)).toBeNull();
    await pool.query(`UPDATE posts SET views = views + 1, saved_count = saved_count + 1 WHERE slug = $1`, [uno]);
    await pool.query(`UPDATE posts SET title = 'Tres bis' WHERE slug = $1`, [tres]);
    expect(await changedAt(uno)).toBeNull();
    expect(await changedAt(tres)).toBeNull();
  });

  it('is set when a published page changes, is published or unpublished, or its categories change', async () => {
    const { uno, dos, tres } = await insertTools();
    await pool.query(`UPDATE posts SET title = 'Uno editado' WHERE slug = $1`, [uno]);
    expect(await changedAt(uno)).toBeInstanceOf(Date);
    await pool.query(`UPDATE posts SET status = 'published' WHERE slug = $1`, [tres]);
    expect(await changedAt(tres)).toBeInstanceOf(Date);
    await pool.query(`INSERT INTO post_categories (post_id, category_id) SELECT id, $1 FROM posts WHERE slug = $2`, [categories[1]!.id, dos]);
    expect(await changedAt(dos)).toBeInstanceOf(Date);
  });
});

describe('StalePages', () => {
  it('lists the pages changed after the build read the database, and nothing for an old build without the time', async () => {
    const { uno, dos } = await insertTools();
    await pool.query(`UPDATE posts SET title = 'Uno editado' WHERE slug = $1`, [uno]);
    await pool.query(`INSERT INTO post_categories (post_id, category_id) SELECT id, $1 FROM posts WHERE slug = $2`, [categories[1]!.id, dos]);
    // Pretend the build read the database a minute ago: both pages stamped above are newer than it.
    const { rows } = await pool.query<{ at: string }>(`SELECT to_json(clock_timestamp() - interval '1 minute') #>> '{}' AS at`);
    const stale = new StalePages(() => pool, rows[0]!.at);
    expect(await stale.has(uno)).toBe(true);
    expect(await stale.has(dos)).toBe(true);

    stale.reset(await clock());
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    stale.reset(await clock());
    expect(await stale.has(uno)).toBe(false);
    await pool.query(`UPDATE posts SET status = 'pending' WHERE slug = $1`, [uno]);
    // Reloaded at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await stale.has(uno)).toBe(true);
    expect(await stale.has(dos)).toBe(false);

    expect(await new StalePages(() => pool, undefined).has(uno)).toBe(false);
  }, 20_000);
});

describe('settledDatabaseClock', () => {
  /** Makes every page change of the last minute look a minute older, as if the wait had passed. */
  const ageRecentChanges = () =>
    pool.query(`UPDATE posts SET page_changed_at = page_changed_at - interval '1 minute' WHERE page_changed_at > clock_timestamp() - interval '1 minute'`);

  it('waits out the margin after a page change before a full build reads the database, then reads a later clock', async () => {
    const { uno } = await insertTools();
    await pool.query(`UPDATE posts SET title = 'Uno recién editado' WHERE slug = $1`, [uno]);
    const before = await clock();
    const waits: number[] = [];
    const readAt = await settledDatabaseClock(pool, async (ms) => {
      waits.push(ms);
      await ageRecentChanges();
    });
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(0);
    expect(waits[0]).toBeLessThanOrEqual(5_000);
    expect(Date.parse(readAt)).toBeGreaterThanOrEqual(Date.parse(before));
    // Nothing changed in the margin: a second read does not wait.
    await settledDatabaseClock(pool, async (ms) => waits.push(ms));
    expect(waits).toHaveLength(1);
  });

  it('reads anyway after three waits while pages keep changing', async () => {
    const { uno } = await insertTools();
    let edits = 0;
    const edit = () => pool.query(`UPDATE posts SET title = $2 WHERE slug = $1`, [uno, `Uno ${++edits}`]);
    await edit();
    const waits: number[] = [];
    await settledDatabaseClock(pool, async (ms) => {
      waits.push(ms);
      await edit();
    });
    expect(waits).toHaveLength(3);
    expect(Math.max(...waits)).toBeLessThanOrEqual(5_000);
    await ageRecentChanges();
  });
});
