/** Public reads of published tools: only the columns each view needs. */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZE, type FilterType, type ToolListRequest, type ToolSort } from '../../../../lib/catalogue/filters.ts';
import { RATING_PRIOR } from '../../../../lib/rating.ts';
import { normalizeForSearch } from '../../../../lib/text.ts';
import { MIN_ARTICLE_TEXT } from '../../../../lib/thin-article.ts';
import type { CategoryChip, ToolCardData } from '../../../../lib/tool-card.ts';
import type { ToolFacts } from '../../../../lib/tool-facts.ts';
import { publicImageUrl, withImageUrls } from '../../../storage/references.ts';
import { getDb } from '../../client.ts';
import { posts, profiles } from '../../schema.ts';
import { toolFactsJson } from '../tool-facts.ts';
import { factFilterSql } from './tool-facts-sql.ts';

// Drizzle prints a column of the queried table unqualified ("id"), which inside a correlated
// subquery would bind to the subquery's own table: spell the outer columns out.
const toolId = sql.raw('"posts"."id"');
const toolCategoryId = sql.raw('"posts"."category_id"');

/** The tool's active categories as `pc` and `c`, primary first. */
const activeCategories = sql`FROM post_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.post_id = ${toolId} AND c.is_active`;
const primaryFirst = sql`(c.id = ${toolCategoryId}) DESC, pc.position, c.name`;

/** The tool's categories, primary first, as chips. */
const categoryChips = sql<CategoryChip[]>`coalesce((
  SELECT json_agg(json_build_object('slug', c.slug, 'name', c.name, 'icon', c.icon, 'color', c.color) ORDER BY ${primaryFirst})
  ${activeCategories}), '[]'::json)`;

/** Only the slugs of those categories, in the same order: for reads of many tools that show none. */
export const activeCategorySlugs = sql<string[]>`coalesce((SELECT array_agg(c.slug ORDER BY ${primaryFirst}) ${activeCategories}), '{}')`;

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
  discontinued: sql<boolean>`${posts.discontinuedAt} IS NOT NULL`,
  categories: categoryChips,
  ratingCount: posts.ratingCount,
  ratingSum: posts.ratingSum,
};

const published = eq(posts.status, 'published');
/** A retired tool keeps its page (people still search for it) but leaves the grids and filters. */
const live = sql`${posts.discontinuedAt} IS NULL`;

/** When a tool went live: its publication date, or its creation for rows written before that column was kept. */
export const publishedAt = sql`coalesce(${posts.publishedDate}, ${posts.createdAt})`;
/** The editorial order of the seeded catalogue (featured, popular, best known); tools without a rank come after. */
export const editorialOrder = sql`${posts.editorialRank} ASC NULLS LAST`;
/** Not a thin page (src/lib/thin-article.ts): the tool pages search engines may index, list and follow from the feed. */
export const indexable = sql`(NOT ${posts.articleIsTemplate} AND ${posts.articleTextLength} >= ${sql.raw(String(MIN_ARTICLE_TEXT))})`;

// Keywords that mark a tool as an installable application (the listing's 'Aplicaciones' filter).
const APPLICATION_KEYWORDS = ['app móvil', 'app de escritorio', 'extensión del navegador', 'creador de apps'];

/**
 * The order of each filter (ours, not SPEC's views for all three rankings): 'Nuevas' by real publication date, 'Populares' by the 30-day score,
 * 'Más Visitadas' by page views, 'Más Usadas' by clicks out to the tool's site. Ties (the seeded catalogue shares
 * one publication moment; new sites have no counts) fall back to the editorial rank, then the newest, then the title.
 */
const orderings: Record<FilterType, SQL[]> = {
  new: [desc(publishedAt), editorialOrder, asc(posts.title)],
  featured: [desc(publishedAt), editorialOrder, asc(posts.title)],
  popular: [desc(posts.popularityScore), editorialOrder, desc(publishedAt), asc(posts.title)],
  most_visited: [desc(posts.views), editorialOrder, desc(publishedAt), asc(posts.title)],
  most_saved: [desc(posts.savedCount), editorialOrder, desc(publishedAt), asc(posts.title)],
  most_used: [desc(posts.clicks), editorialOrder, desc(publishedAt), asc(posts.title)],
  applications: [desc(posts.popularityScore), editorialOrder, desc(publishedAt), asc(posts.title)],
};

function filterCondition(filter: FilterType): SQL | undefined {
  if (filter === 'featured') return eq(posts.isFeatured, true);
  if (filter === 'applications') return sql`${posts.keywords} && ${APPLICATION_KEYWORDS}::text[]`;
  return undefined;
}

function inCategory(slug: string): SQL | undefined {
  if (!slug) return undefined;
  return sql`EXISTS (SELECT 1 FROM post_categories pc JOIN categories c ON c.id = pc.category_id
                     WHERE pc.post_id = ${toolId} AND c.slug = ${slug})`;
}

/** The Bayesian star rating of src/lib/rating.ts, in SQL, so that «Más valoradas» ranks as the cards read. */
// The prior is our own constant, written into the statement (as a parameter PostgreSQL would type it integer).
const bayesian = sql`((${sql.raw(String(RATING_PRIOR.weight * RATING_PRIOR.mean))} + ${posts.ratingSum})::float8 / (${sql.raw(String(RATING_PRIOR.weight))} + ${posts.ratingCount}))`;

/**
 * A category page's orders. SPEC ranks 'popular' by likes minus dislikes; likes became the
 * star rating ('Más valoradas', from verified reviews), so real visits rank it, then the rating and the editorial flag.
 */
const sortOrderings: Record<ToolSort, SQL[]> = {
  newest: orderings.new,
  popular: [desc(posts.views), desc(bayesian), desc(posts.isPopular), desc(publishedAt), editorialOrder, asc(posts.title)],
  rating: [desc(bayesian), desc(posts.ratingCount), desc(posts.views), desc(publishedAt), editorialOrder, asc(posts.title)],
};

/** The words searched in: title, description and active category names, folded like normalizeForSearch. */
const searchedText = sql`lower(extensions.unaccent(${posts.title} || ' ' || coalesce(${posts.description}, '') || ' ' || coalesce((
  SELECT string_agg(c.name, ' ') FROM post_categories pc JOIN categories c ON c.id = pc.category_id
  WHERE pc.post_id = ${toolId} AND c.is_active), '')))`;

/** Case- and accent-insensitive substring match, with LIKE's wildcards in the text taken literally. */
function containsText(text: string): SQL | undefined {
  const needle = normalizeForSearch(text);
  if (!needle) return undefined;
  return sql`${searchedText} LIKE ${'%' + needle.replace(/[\\%_]/g, (char) => '\\' + char) + '%'}`;
}

export interface ToolPage {
  items: ToolCardData[];
  page: number;
  hasMore: boolean;
  /** How many tools match in all, over every page: for a category page's requests (those with a sort) only. */
  total?: number;
}

/**
 * One page of the home grid, a listing or a category page: in SPEC's order for the filter (or the category page's
 * sort), holding every fact filter asked for and containing the search text.
 */
export async function listTools(query: ToolListRequest): Promise<ToolPage> {
  const size = query.size ?? PAGE_SIZE;
  const facts = (query.facts ?? []).map((fact) => factFilterSql[fact]);
  const where = and(published, live, filterCondition(query.filter), inCategory(query.category), containsText(query.q ?? ''), ...facts);
  // Only a category page shows the count; without it the home grid's queries can stop early on an index.
  const counted = query.sort !== undefined;
  const rows = await getDb()
    .select({ ...toolCardColumns, total: sql<number | null>`${counted ? sql`count(*) OVER ()` : sql`NULL::bigint`}`.mapWith(Number) })
    .from(posts)
    .where(where)
    .orderBy(...(query.sort ? sortOrderings[query.sort] : orderings[query.filter]))
    .limit(size + 1)
    .offset((query.page - 1) * size);
  const items = rows.slice(0, size).map(({ total: _total, ...tool }) => withImageUrls(tool));
  const page = { items, page: query.page, hasMore: rows.length > size };
  if (!counted) return page;
  // Past the last page no row carries the count: ask for it alone.
  return { ...page, total: rows[0]?.total ?? (query.page > 1 ? await countTools(where) : 0) };
}

async function countTools(where: SQL | undefined): Promise<number> {
  const [row] = await getDb()
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(posts)
    .where(where);
  return row?.count ?? 0;
}

/** Featured sidebar and sections: newest featured first. */
export async function listFeaturedTools(limit: number, excludeId?: string): Promise<ToolCardData[]> {
  const rows = await getDb()
    .select(toolCardColumns)
    .from(posts)
    .where(and(published, live, eq(posts.isFeatured, true), excludeId ? sql`${posts.id} <> ${excludeId}` : undefined))
    .orderBy(desc(publishedAt), editorialOrder, asc(posts.title))
    .limit(limit);
  return rows.map(withImageUrls);
}

/** Live tools of the same primary category, best known first: the alternatives a retired tool's page offers. */
export async function listAlternatives(tool: { id: string; categories: { slug: string }[] }, limit: number): Promise<ToolCardData[]> {
  const category = tool.categories[0]?.slug;
  if (!category) return [];
  const rows = await getDb()
    .select(toolCardColumns)
    .from(posts)
    .where(and(published, live, inCategory(category), sql`${posts.id} <> ${tool.id}`))
    .orderBy(editorialOrder, desc(posts.popularityScore), asc(posts.title))
    .limit(limit);
  return rows.map(withImageUrls);
}

/** Everything the tool page shows, its search and social metadata included. */
export const toolPageColumns = {
  ...toolCardColumns,
  content: posts.content,
  keywords: posts.keywords,
  useCases: posts.useCases,
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
  discontinuedAt: posts.discontinuedAt,
  linkStatus: posts.linkStatus,
  articleIsTemplate: posts.articleIsTemplate,
  articleTextLength: posts.articleTextLength,
  // «Verificada por su creador»: someone proved they make it; not the editorial is_verified flag.
  makerVerified: sql<boolean>`EXISTS (SELECT 1 FROM tool_claims c WHERE c.post_id = ${posts.id} AND c.status = 'verified')`,
  facts: sql<ToolFacts>`${sql.raw(toolFactsJson('"posts"'))}`,
};

/** Stored image references become URLs: cards and page at their widths, social images at 1200 px. */
export function toToolDetail<T extends { imageUrl: string | null; logoUrl: string | null; ogImage: string | null; twitterImage: string | null }>(row: T): T {
  return {
    ...withImageUrls(row),
    ogImage: publicImageUrl(row.ogImage, 1200),
    twitterImage: publicImageUrl(row.twitterImage, 1200),
  };
}

/** A published tool's page data by its slug; a retired tool keeps its page. */
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

/** Best known first; the slug settles ties, so a page ranks its ties alike whether it read the catalogue or a part. */
export const catalogueOrder = [editorialOrder, asc(posts.title), asc(posts.slug)];

/** Slugs of the first `limit` published tools in catalogue order (retired ones included): the prerendered tool pages. */
export async function listPrerenderedSlugs(limit: number): Promise<string[]> {
  const rows = await getDb()
    .select({ slug: posts.slug })
    .from(posts)
    .where(published)
    .orderBy(...catalogueOrder)
    .limit(limit);
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

/** The newest live tools for /feed.xml: what a feed item shows, newest first in the editorial order. */
export async function listNewestTools(limit: number) {
  const rows = await getDb()
    .select({
      title: posts.title,
      slug: posts.slug,
      description: posts.description,
      publishedAt: sql<Date>`${publishedAt}`.mapWith(posts.createdAt),
      imageUrl: posts.imageUrl,
      logoUrl: posts.logoUrl,
      categories: categoryChips,
    })
    .from(posts)
    .where(and(published, live, indexable))
    .orderBy(desc(publishedAt), editorialOrder, asc(posts.title))
    .limit(limit);
  return rows.map(withImageUrls);
}

/**
 * Every published tool's name, slug and main active category (primary first, then the author's order), for the
 * header search's suggestions: editorial rank first, then the 30-day popularity score. Retired tools stay in
 * (their pages remain and people still look for them).
 */
export async function listSuggestionTools(): Promise<{ name: string; slug: string; categorySlug: string | null }[]> {
  return getDb()
    .select({
      name: posts.title,
      slug: posts.slug,
      categorySlug: sql<string | null>`(
        SELECT c.slug FROM post_categories pc JOIN categories c ON c.id = pc.category_id
        WHERE pc.post_id = ${toolId} AND c.is_active
        ORDER BY (c.id = ${toolCategoryId}) DESC, pc.position, c.name LIMIT 1)`,
    })
    .from(posts)
    .where(published)
    .orderBy(editorialOrder, desc(posts.popularityScore), asc(posts.title));
}
