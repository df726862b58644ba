/**
 * What an incremental rebuild compares between two builds (src/server/build/incremental-build.ts): each published
 * tool's slug, categories and place in the featured sidebar, and the categories themselves.
 */
import type pg from 'pg';

export interface MappedTool {
  slug: string;
  /** Slugs of the categories whose pages list the tool. */
  categories: string[];
  /** Featured and live: the sidebar of every tool page may show it. */
  featured: boolean;
}

export interface CatalogueMap {
  tools: Record<string, MappedTool>;
  /** Hash of what every page shows of the categories (names, slugs, icons, colours, descriptions). */
  categories: string;
}

/**
 * How long before a build's read a change may have stamped a page (its transaction's start) and still been committing:
 * a change stamped that close to the read counts as newer than the build. Here, in stale-pages.ts and in the full build's
 * settledDatabaseClock.
 */
export const IN_FLIGHT_MARGIN_SECONDS = 5;

/**
 * The published catalogue as of now, and the ids of tools whose page changed after `since` (posts.page_changed_at,
 * with the same 5 s margin as src/server/http/stale-pages.ts for transactions committing meanwhile), published or not.
 */
export async function readCatalogueMap(pool: pg.Pool, since: string): Promise<{ map: CatalogueMap; changed: string[] }> {
  const [tools, categories, changed] = await Promise.all([
    pool.query<{ id: string; slug: string; categories: string[]; featured: boolean }>(
      `SELECT p.id, p.slug, p.is_featured AND p.discontinued_at IS NULL AS featured,
              coalesce(array_agg(c.slug ORDER BY c.slug) FILTER (WHERE c.slug IS NOT NULL), '{}') AS categories
       FROM posts p
       LEFT JOIN post_categories pc ON pc.post_id = p.id
       LEFT JOIN categories c ON c.id = pc.category_id
       WHERE p.status = 'published'
       GROUP BY p.id`,
    ),
    pool.query<{ hash: string }>(
      `SELECT md5(coalesce(string_agg(concat_ws(E'\\t', id, slug, name, icon, color, description, is_active), E'\\n' ORDER BY id), '')) AS hash
       FROM categories`,
    ),
    pool.query<{ id: string }>(`SELECT id FROM posts WHERE page_changed_at > $1::timestamptz - interval '${IN_FLIGHT_MARGIN_SECONDS} seconds'`, [since]),
  ]);
  const map: CatalogueMap = { tools: {}, categories: categories.rows[0]!.hash };
  for (const row of tools.rows) map.tools[row.id] = { slug: row.slug, categories: row.categories, featured: row.featured };
  return { map, changed: changed.rows.map((row) => row.id) };
}
