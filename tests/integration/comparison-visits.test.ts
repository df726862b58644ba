/**
 * Frequently compared pairs on a real PostgreSQL: a pair becomes popular at POPULAR_PAIR_VISITORS
 * distinct visitors in the last POPULAR_PAIR_DAYS days (one visitor counts once however often they come back; older
 * visits do not count; one address adds to a limited number of pairs a day), and popular pairs of indexable tools
 * enter the sitemap beside the curated ones.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { comparisonHref, POPULAR_PAIR_DAYS, POPULAR_PAIR_VISITORS } from '../../src/lib/comparisons.ts';
import { closeDb } from '../../src/server/db/client.ts';
import {
  COMPARISON_VISITS_PER_DAY,
  comparisonVisitor,
  isPopularPair,
  listPopularPairs,
  recordComparisonVisit,
} from '../../src/server/db/queries/public/comparison-visits.ts';
import { loadSitemapEntries } from '../../src/server/seo/sitemap-entries.ts';
import { useMigratedDatabase } from './helpers/db.ts';

const pool = await useMigratedDatabase();
process.env.DATABASE_URL = inject('databaseUrl');
afterAll(() => closeDb());

const KEY = 'clave-de-prueba-de-al-menos-32-caracteres';

/**
 * Each test's own tools: alfa and beta with full articles (indexable), delgada a thin page (noindex); and its own
 * visitors, the same addresses hashed with a key of its own, so no visit of another test counts.
 */
async function comparedTools() {
  const suffix = randomUUID().slice(0, 8);
  const [alfa, beta, delgada] = ['alfa', 'beta', 'delgada'].map((name) => `${name}-${suffix}`) as [string, string, string];
  await pool.query(
    `INSERT INTO posts (title, slug, description, status, content)
     VALUES ('Alfa', $2, 'Alfa.', 'published', $1), ('Beta', $3, 'Beta.', 'published', $1), ('Delgada', $4, 'Sin artículo.', 'published', '<p>Poco.</p>')`,
    [`<p>${'Texto del artículo. '.repeat(80)}</p>`, alfa, beta, delgada],
  );
  const key = `${KEY}-${suffix}`;
  const visitors = (count: number, from = 0) => Array.from({ length: count }, (_, index) => comparisonVisitor(`198.51.100.${from + index}`, key));
  return { alfa, beta, delgada, visitors };
}
const sitemapPaths = async () => new Set((await loadSitemapEntries()).map((entry) => entry.path));

describe('frequently compared pairs', () => {
  it('store a hash of the address, never the address', () => {
    const visitor = comparisonVisitor('198.51.100.7', KEY);
    expect(visitor).not.toContain('198');
    expect(visitor).toBe(comparisonVisitor('198.51.100.7', KEY));
    expect(visitor).not.toBe(comparisonVisitor('198.51.100.8', KEY));
    // Keyed: someone without the site's secret cannot recompute it from a known address.
    expect(visitor).not.toBe(comparisonVisitor('198.51.100.7', `${KEY}-otra`));
  });

  it('become popular at the threshold of distinct visitors, not by one visitor coming back', async () => {
    const { alfa, beta, visitors } = await comparedTools();
    // Other tests' pairs may be popular already; this pair's place in the list is what is checked.
    const listedBefore = await listPopularPairs();
    for (const visitor of visitors(POPULAR_PAIR_VISITORS - 1)) await recordComparisonVisit(alfa, beta, visitor);
    const [again] = visitors(1);
    for (let visit = 0; visit < 30; visit++) await recordComparisonVisit(alfa, beta, again!);
    expect(await isPopularPair(alfa, beta)).toBe(false);
    expect(await listPopularPairs()).toEqual(listedBefore);
    expect(await sitemapPaths()).not.toContain(comparisonHref(alfa, beta));

    await recordComparisonVisit(alfa, beta, visitors(1, 200)[0]!);
    expect(await isPopularPair(alfa, beta)).toBe(true);
    expect(await listPopularPairs()).toEqual(expect.arrayContaining([...listedBefore, [alfa, beta]]));
    expect(await listPopularPairs()).toHaveLength(listedBefore.length + 1);
    expect(await sitemapPaths()).toContain(comparisonHref(alfa, beta));
  });

  it('forget visits older than the window', async () => {
    const { alfa, beta, visitors } = await comparedTools();
    for (const visitor of visitors(POPULAR_PAIR_VISITORS)) await recordComparisonVisit(alfa, beta, visitor);
    expect(await isPopularPair(alfa, beta)).toBe(true);
    await pool.query(`UPDATE comparison_visits SET seen_on = current_date - $1::int WHERE visitor = $2`, [POPULAR_PAIR_DAYS, visitors(1)[0]]);
    expect(await isPopularPair(alfa, beta)).toBe(false);
    // Coming back today counts again.
    await recordComparisonVisit(alfa, beta, visitors(1)[0]!);
    expect(await isPopularPair(alfa, beta)).toBe(true);
  });

  it('keep a popular pair with a thin tool out of the sitemap', async () => {
    const { alfa, delgada, visitors } = await comparedTools();
    for (const visitor of visitors(POPULAR_PAIR_VISITORS)) await recordComparisonVisit(alfa, delgada, visitor);
    expect(await isPopularPair(alfa, delgada)).toBe(true);
    expect(await sitemapPaths()).not.toContain(comparisonHref(alfa, delgada));
  });

  it('let one address add to a limited number of pairs a day', async () => {
    const { alfa, visitors } = await comparedTools();
    const [crawler] = visitors(1, 250);
    for (let pair = 0; pair < COMPARISON_VISITS_PER_DAY + 10; pair++) await recordComparisonVisit(alfa, `otra-${pair}`, crawler!);
    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM comparison_visits WHERE visitor = $1', [crawler]);
    expect(rows[0]!.n).toBe(COMPARISON_VISITS_PER_DAY);
  });
});
