/** Public reads of active categories with live counts of their published tools. */
import { asc, eq, sql } from 'drizzle-orm';
import { getDb } from '../../client.ts';
import { categories } from '../../schema.ts';

// Drizzle prints columns of the queried table unqualified, which a correlated subquery would
// bind to its own tables: spell the outer column out. Retired tools keep their pages but leave the category
// grids, so they are not counted either.
const categoryId = sql.raw('"categories"."id"');

const counts = {
  toolCount: sql<number>`(SELECT count(*)::int FROM post_categories pc JOIN posts p ON p.id = pc.post_id
                          WHERE pc.category_id = ${categoryId} AND p.status = 'published' AND p.discontinued_at IS NULL)`,
  featuredCount: sql<number>`(SELECT count(*)::int FROM post_categories pc JOIN posts p ON p.id = pc.post_id
                              WHERE pc.category_id = ${categoryId} AND p.status = 'published' AND p.is_featured AND p.discontinued_at IS NULL)`,
  ratingCount: sql<number>`(SELECT coalesce(sum(p.rating_count), 0)::int FROM post_categories pc JOIN posts p ON p.id = pc.post_id
                           WHERE pc.category_id = ${categoryId} AND p.status = 'published' AND p.discontinued_at IS NULL)`,
};

const columns = {
  id: categories.id,
  slug: categories.slug,
  name: categories.name,
  description: categories.description,
  icon: categories.icon,
  color: categories.color,
  createdAt: categories.createdAt,
  ...counts,
};

export type CategorySummary = Awaited<ReturnType<typeof listCategories>>[number];

/** Active categories in the admin's order, then by name (the plain name order while no order is set), each with its counts. */
export async function listCategories() {
  return getDb().select(columns).from(categories).where(eq(categories.isActive, true)).orderBy(asc(categories.position), asc(categories.name));
}

export async function getCategoryBySlug(slug: string) {
  const [category] = await getDb()
    .select(columns)
    .from(categories)
    .where(sql`${categories.slug} = ${slug} AND ${categories.isActive}`)
    .limit(1);
  return category;
}
