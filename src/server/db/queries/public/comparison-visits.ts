/**
 * Visits to on-demand comparisons: who compared which pair, so that a pair enough people compare becomes
 * indexable and enters the sitemap. The visitor is a hash of their address: one address counts once per pair.
 */
import { createHmac } from 'node:crypto';
import { POPULAR_PAIR_DAYS, POPULAR_PAIR_VISITORS } from '../../../../lib/comparisons.ts';
import { getPool } from '../../client.ts';
import type { Queryable } from '../../queryable.ts';

/** Pairs one address may add to the count in a day: more is a crawler or a script, not a person choosing. */
export const COMPARISON_VISITS_PER_DAY = 30;

/** The stored stand-in for an address: not reversible by looking it up, the same for every visit. */
/** Keyed with the site's secret: without it nobody can test whether a known address compared a pair. */
export const comparisonVisitor = (address: string, key: string) => createHmac('sha256', key).update(`comparar:${address}`).digest('base64url').slice(0, 22);

/**
 * Records that `visitor` compared the pair (canonical order) today: one upsert that writes at most once a day per
 * visitor and pair, and nothing once the visitor reached COMPARISON_VISITS_PER_DAY other pairs today.
 */
export async function recordComparisonVisit(slugA: string, slugB: string, visitor: string, db: Queryable = getPool()): Promise<void> {
  await db.query(
    `INSERT INTO comparison_visits (slug_a, slug_b, visitor, seen_on)
     SELECT $1, $2, $3, current_date
      WHERE (SELECT count(*) FROM comparison_visits WHERE visitor = $3 AND seen_on = current_date) < $4
     ON CONFLICT (slug_a, slug_b, visitor) DO UPDATE SET seen_on = excluded.seen_on WHERE comparison_visits.seen_on <> excluded.seen_on`,
    [slugA, slugB, visitor, COMPARISON_VISITS_PER_DAY],
  );
}

const RECENT = `seen_on > current_date - ${POPULAR_PAIR_DAYS}`;

/** Whether enough distinct visitors compared the pair lately for it to be indexed. */
export async function isPopularPair(slugA: string, slugB: string, db: Queryable = getPool()): Promise<boolean> {
  const { rows } = await db.query<{ popular: boolean }>(
    `SELECT count(*) >= $3 AS popular FROM comparison_visits WHERE slug_a = $1 AND slug_b = $2 AND ${RECENT}`,
    [slugA, slugB, POPULAR_PAIR_VISITORS],
  );
  return rows[0]!.popular;
}

/** Every popular pair, for the sitemap, most compared first. */
export async function listPopularPairs(db: Queryable = getPool()): Promise<[string, string][]> {
  const { rows } = await db.query<{ slug_a: string; slug_b: string }>(
    `SELECT slug_a, slug_b FROM comparison_visits WHERE ${RECENT}
      GROUP BY slug_a, slug_b HAVING count(*) >= $1 ORDER BY count(*) DESC, slug_a, slug_b LIMIT 1000`,
    [POPULAR_PAIR_VISITORS],
  );
  return rows.map((row) => [row.slug_a, row.slug_b]);
}
