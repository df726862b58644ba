/**
 * The catalogue's state for npm run catalogue:report: how many published tool pages have a real article and how
 * many are thin (noindex, src/lib/thin-article.ts), how complete the facts are, and the article lengths behind
 * the threshold.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { factFilterSql } from '../db/queries/public/tool-facts-sql.ts';
import { indexable } from '../db/queries/public/tools.ts';
import { posts } from '../db/schema.ts';

export interface LengthDistribution {
  count: number;
  min: number | null;
  p10: number | null;
  p25: number | null;
  median: number | null;
  p75: number | null;
  p90: number | null;
  max: number | null;
}

export interface CatalogueReport {
  published: number;
  /** Published tools whose article is real: indexable pages. */
  written: number;
  /** Published tools whose page is thin (noindex), split by why. */
  thin: number;
  thinTemplate: number;
  thinShort: number;
  knownPricing: number;
  /** Tools whose Spanish support is known (interface or output answered yes or no). */
  knownSpanish: number;
  /** Tools that work in Spanish (the «En español» filter). */
  inSpanish: number;
  /** Tools whose facts someone checked (facts_checked_at), and real articles among them: pages with a facts box. */
  factsChecked: number;
  writtenWithFacts: number;
  /** Plain-text characters of the articles, seed templates apart from the rest. */
  templateLengths: LengthDistribution;
  otherLengths: LengthDistribution;
}

const length = posts.articleTextLength;
const quantile = (fraction: number) => sql<number | null>`percentile_disc(${sql.raw(String(fraction))}) WITHIN GROUP (ORDER BY ${length})`;
const distribution = {
  count: sql<number>`count(*)::int`,
  min: sql<number | null>`min(${length})`,
  p10: quantile(0.1),
  p25: quantile(0.25),
  median: quantile(0.5),
  p75: quantile(0.75),
  p90: quantile(0.9),
  max: sql<number | null>`max(${length})`,
};

export async function readCatalogueReport(pool: pg.Pool): Promise<CatalogueReport> {
  const db = drizzle(pool);
  const published = eq(posts.status, 'published');
  const [[counts], lengths] = await Promise.all([
    db
      .select({
        published: sql<number>`count(*)::int`,
        written: sql<number>`count(*) FILTER (WHERE ${indexable})::int`,
        thin: sql<number>`count(*) FILTER (WHERE NOT ${indexable})::int`,
        thinTemplate: sql<number>`count(*) FILTER (WHERE ${posts.articleIsTemplate})::int`,
        knownPricing: sql<number>`count(*) FILTER (WHERE ${posts.pricing} <> 'unknown')::int`,
        knownSpanish: sql<number>`count(*) FILTER (WHERE ${posts.spanishInterface} <> 'unknown' OR ${posts.spanishOutput} <> 'unknown')::int`,
        inSpanish: sql<number>`count(*) FILTER (WHERE ${factFilterSql['en-espanol']})::int`,
        factsChecked: sql<number>`count(*) FILTER (WHERE ${posts.factsCheckedAt} IS NOT NULL)::int`,
        writtenWithFacts: sql<number>`count(*) FILTER (WHERE ${posts.factsCheckedAt} IS NOT NULL AND ${indexable})::int`,
      })
      .from(posts)
      .where(published),
    db
      .select({ template: posts.articleIsTemplate, ...distribution })
      .from(posts)
      .where(published)
      .groupBy(posts.articleIsTemplate),
  ]);
  const empty: LengthDistribution = { count: 0, min: null, p10: null, p25: null, median: null, p75: null, p90: null, max: null };
  const pick = (template: boolean): LengthDistribution => {
    const row = lengths.find((entry) => entry.template === template);
    return row ? { count: row.count, min: row.min, p10: row.p10, p25: row.p25, median: row.median, p75: row.p75, p90: row.p90, max: row.max } : empty;
  };
  return {
    ...counts!,
    thinShort: counts!.thin - counts!.thinTemplate,
    templateLengths: pick(true),
    otherLengths: pick(false),
  };
}
