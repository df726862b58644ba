/** Public reads of active categories with live counts of their published tools. */
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { getDb } from '../../client.ts';
import { categories, postCategories, posts } from '../../schema.ts';

/**
 * Live published tools per category, of the categories `only` keeps. One grouped pass over the catalogue: a count
 * per category and figure (correlated subqueries) took 1.5 s at 50,000 tools, and every catalogue page reads them.
 * Retired tools keep their pages but leave the category grids, so they are not counted either.
 */
function liveCounts(only?: SQL) {
  return getDb()
    .select({
      categoryId: postCategories.categoryId,
      toolCount: sql<number>`count(*)::int`.as('tool_count'),
      featuredCount: sql<number>`(count(*) FILTER (WHERE ${posts.isFeatured}))::int`.as('featured_count'),
      ratingCount: sql<number>`coalesce(sum(${posts.ratingCount}), 0)::int`.as('rating_count'),
    })
    .from(postCategories)
    .innerJoin(posts, eq(posts.id, postCategories.toolId))
    .where(and(eq(posts.status, 'published'), isNull(posts.discontinuedAt), only))
    .groupBy(postCategories.categoryId)
    .as('live_counts');
}

function selectCategories(counts: ReturnType<typeof liveCounts>) {
  return getDb()
    .select({
      id: categories.id,
      slug: categories.slug,
      name: categories.name,
      description: categories.description,
      icon: categories.icon,
      color: categories.color,
      createdAt: categories.createdAt,
      // A category without live tools has no row in the counts.
      toolCount: sql<number>`coalesce(${counts.toolCount}, 0)`,
      featuredCount: sql<number>`coalesce(${counts.featuredCount}, 0)`,
      ratingCount: sql<number>`coalesce(${counts.ratingCount}, 0)`,
    })
    .from(categories)
    .leftJoin(counts, eq(counts.categoryId, categories.id));
}

export type CategorySummary = Awaited<ReturnType<typeof listCategories>>[number];

/** Active categories in the admin's order, then by name (the plain name order while no order is set), each with its counts. */
export async function listCategories() {
  return selectCategories(liveCounts()).where(eq(categories.isActive, true)).orderBy(asc(categories.position), asc(categories.name));
}

export async function getCategoryBySlug(slug: string) {
  const ofSlug = getDb().select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  const [category] = await selectCategories(liveCounts(inArray(postCategories.categoryId, ofSlug)))
    .where(and(eq(categories.slug, slug), eq(categories.isActive, true)))
    .limit(1);
  return category;
}
