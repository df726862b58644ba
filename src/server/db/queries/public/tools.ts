/** Public reads of published tools: only the columns each view needs. */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZE, type FilterType, type ToolListQuery } from '../../../../features/catalogue/filters.ts';
import type { CategoryChip, ToolCardData } from '../../../../lib/tool-card.ts';
import { publicImageUrl, withImageUrls } from '../../../storage/references.ts';
import { getDb } from '../../client.ts';
import { posts, profiles } from '../../schema.ts';

// Drizzle prints a column of the queried table unqualified ("id"), which inside a correlated
// subquery would bind to the subquery's own table: spell the outer columns out.
const postId = sql.raw('"posts"."id"');
const postCategoryId = sql.raw('"posts"."category_id"');

/** The tool's categories, primary first, as chips. */
const categoryChips = sql<CategoryChip[]>`coalesce((
  SELECT json_agg(json_build_object('slug', c.slug, 'name', c.name, 'icon', c.icon, 'color', c.color)
                  ORDER BY (c.id = ${postCategoryId}) DESC, pc.position, c.name)
  FROM post_categories pc JOIN categories c ON c.id = pc.category_id
  WHERE pc.post_id = ${postId} AND c.is_active), '[]'::json)`;

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
  isVerified: posts.isVerified,
  categories: categoryChips,
};

const published = eq(posts.status, 'published');

// Keywords that mark a tool as an installable application (the listing's 'Aplicaciones' filter).
const APPLICATION_KEYWORDS = ['app móvil', 'app de escritorio', 'extensión del navegador', 'creador de apps'];

/** SPEC §7 orderings; ties fall back to newest, then title, so pages are stable. */
const orderings: Record<FilterType, SQL[]> = {
  new: [desc(posts.createdAt), asc(posts.title)],
  featured: [desc(posts.createdAt), asc(posts.title)],
  // The editorial popular flag breaks ties while real view counts are still small.
  popular: [desc(posts.views), desc(posts.isPopular), desc(posts.createdAt), asc(posts.title)],
  most_visited: [desc(posts.views), desc(posts.createdAt), asc(posts.title)],
  most_saved: [desc(posts.savedCount), desc(posts.views), asc(posts.title)],
  most_used: [desc(posts.views), desc(posts.savedCount), asc(posts.title)],
  applications: [desc(posts.views), asc(posts.title)],
};

function filterCondition(filter: FilterType): SQL | undefined {
  if (filter === 'featured') return eq(posts.isFeatured, true);
  if (filter === 'applications') return sql`${posts.keywords} && ${APPLICATION_KEYWORDS}::text[]`;
  return undefined;
}

function inCategory(slug: string): SQL | undefined {
  if (!slug) return undefined;
  return sql`EXISTS (SELECT 1 FROM post_categories pc JOIN categories c ON c.id = pc.category_id
                     WHERE pc.post_id = ${postId} AND c.slug = ${slug})`;
}

export interface ToolPage {
  items: ToolCardData[];
  page: number;
  hasMore: boolean;
}

/** One page of the home grid / listing, in SPEC's order for the filter. */
export async function listTools(query: ToolListQuery): Promise<ToolPage> {
  const rows = await getDb()
    .select(toolCardColumns)
    .from(posts)
    .where(and(published, filterCondition(query.filter), inCategory(query.category)))
    .orderBy(...orderings[query.filter])
    .limit(PAGE_SIZE + 1)
    .offset((query.page - 1) * PAGE_SIZE);
  return { items: rows.slice(0, PAGE_SIZE).map(withImageUrls), page: query.page, hasMore: rows.length > PAGE_SIZE };
}

/** Featured sidebar and sections: newest featured first (SPEC §7). */
export async function listFeaturedTools(limit: number, excludeId?: string): Promise<ToolCardData[]> {
  const rows = await getDb()
    .select(toolCardColumns)
    .from(posts)
    .where(and(published, eq(posts.isFeatured, true), excludeId ? sql`${posts.id} <> ${excludeId}` : undefined))
    .orderBy(desc(posts.createdAt), asc(posts.title))
    .limit(limit);
  return rows.map(withImageUrls);
}

/** Every published tool of a category, for its prerendered page. */
export async function listToolsInCategory(categorySlug: string): Promise<(ToolCardData & { createdAt: Date; views: number; likesCount: number })[]> {
  const rows = await getDb()
    .select({ ...toolCardColumns, createdAt: posts.createdAt, views: posts.views, likesCount: posts.likesCount })
    .from(posts)
    .where(and(published, inCategory(categorySlug)))
    .orderBy(desc(posts.createdAt), asc(posts.title));
  return rows.map(withImageUrls);
}

/** Everything the tool page shows, its search and social metadata included. */
export const toolPageColumns = {
  ...toolCardColumns,
  content: posts.content,
  keywords: posts.keywords,
  author: posts.author,
  authorName: profiles.name,
  metaTitle: posts.metaTitle,
  metaDescription: posts.metaDescription,
  ogTitle: posts.ogTitle,
  ogDescription: posts.ogDescription,
  ogImage: posts.ogImage,
  twitterTitle: posts.twitterTitle,
  twitterDescription: posts.twitterDescription,
  twitterImage: posts.twitterImage,
  twitterCard: posts.twitterCard,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  publishedDate: posts.publishedDate,
};

/** Stored image references become URLs: cards and page at their widths, social images at 1200 px. */
export function toToolDetail<T extends { imageUrl: string | null; logoUrl: string | null; ogImage: string | null; twitterImage: string | null }>(row: T): T {
  return {
    ...withImageUrls(row),
    ogImage: publicImageUrl(row.ogImage, 1200),
    twitterImage: publicImageUrl(row.twitterImage, 1200),
  };
}

export async function getPublishedToolBySlug(slug: string) {
  const [tool] = await getDb()
    .select(toolPageColumns)
    .from(posts)
    .leftJoin(profiles, eq(profiles.id, posts.userId))
    .where(and(published, eq(posts.slug, slug)))
    .limit(1);
  return tool ? toToolDetail(tool) : undefined;
}

export type ToolDetail = NonNullable<Awaited<ReturnType<typeof getPublishedToolBySlug>>>;

/** Slugs of every published tool, for getStaticPaths. */
export async function listPublishedSlugs(): Promise<string[]> {
  const rows = await getDb().select({ slug: posts.slug }).from(posts).where(published).orderBy(asc(posts.slug));
  return rows.map((row) => row.slug);
}

/** The slug of a published tool by id, for /{id} redirects. */
export async function findPublishedSlugById(id: string): Promise<string | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  const [row] = await getDb()
    .select({ slug: posts.slug })
    .from(posts)
    .where(and(published, eq(posts.id, id)))
    .limit(1);
  return row?.slug;
}
