/** Reads for the sitemap: every published tool and active category with the date it last changed. */
import { getPool } from '../../client.ts';

export interface SitemapRow {
  slug: string;
  lastmod: Date;
}

/** All published tools, newest first. */
export async function listPublishedToolDates(): Promise<SitemapRow[]> {
  const { rows } = await getPool().query<SitemapRow>(`SELECT slug, updated_at AS lastmod FROM posts WHERE status = 'published' ORDER BY created_at DESC, slug`);
  return rows;
}

/** Active categories; a category page changes when the category or any of its published tools does. */
export async function listCategoryDates(): Promise<SitemapRow[]> {
  const { rows } = await getPool().query<SitemapRow>(
    `SELECT c.slug, greatest(c.created_at, max(p.updated_at)) AS lastmod
     FROM categories c
     LEFT JOIN post_categories pc ON pc.category_id = c.id
     LEFT JOIN posts p ON p.id = pc.post_id AND p.status = 'published'
     WHERE c.is_active
     GROUP BY c.id
     ORDER BY c.name`,
  );
  return rows;
}
