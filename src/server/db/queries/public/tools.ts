/** Public reads of published tools: only the columns the views need. */
import { and, desc, eq, asc } from 'drizzle-orm';
import { getDb } from '../../client.ts';
import { categories, posts } from '../../schema.ts';

export const toolCardColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  description: posts.description,
  url: posts.url,
  imageUrl: posts.imageUrl,
  logoUrl: posts.logoUrl,
  pricing: posts.pricing,
  isFeatured: posts.isFeatured,
  isPopular: posts.isPopular,
  categorySlug: categories.slug,
  categoryName: categories.name,
};

export type ToolCard = Awaited<ReturnType<typeof listNewestTools>>[number];

export async function listNewestTools(limit: number) {
  return getDb()
    .select(toolCardColumns)
    .from(posts)
    .leftJoin(categories, eq(categories.id, posts.categoryId))
    .where(and(eq(posts.status, 'published')))
    .orderBy(desc(posts.createdAt), asc(posts.title))
    .limit(limit);
}
