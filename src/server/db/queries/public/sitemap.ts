/** Reads for the sitemap: every indexable published tool and active category with the date it last changed. */
import { and, asc, desc, eq } from 'drizzle-orm';
import { getDb, getPool } from '../../client.ts';
import { posts } from '../../schema.ts';
import { indexable } from './tools.ts';

export interface SitemapRow {
  slug: string;
  lastmod: Date;
}

/** Published tools whose page may be indexed (thin pages carry noindex and stay out), newest first. */
export async function listPublishedToolDates(): Promise<SitemapRow[]> {
  return getDb()
    .select({ slug: posts.slug, lastmod: posts.updatedAt })
    .from(posts)
    .where(and(eq(posts.status, 'published'), indexable))
    .orderBy(desc(posts.createdAt), asc(posts.slug));
}

/**
 * Active categories with their live tools (the count their pages are cut by); a category page changes when the
 * category or any of its published tools does.
 */
export async function listCategoryDates(): Promise<(SitemapRow & { toolCount: number })[]> {
  const { rows } = await getPool().query<SitemapRow & { toolCount: number }>(
    `SELECT c.slug, greatest(c.updated_at, max(p.updated_at)) AS lastmod,
            (count(p.id) FILTER (WHERE p.discontinued_at IS NULL))::int AS "toolCount"
     FROM categories c
     LEFT JOIN post_categories pc ON pc.category_id = c.id
     LEFT JOIN posts p ON p.id = pc.post_id AND p.status = 'published'
     WHERE c.is_active
     GROUP BY c.id
     ORDER BY c.position, c.name`,
  );
  return rows;
}
