/** Reads of the public read API (/api/v1/tools): only the published, live catalogue, and only public columns. */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { PricingModel } from '../../../../lib/pricing.ts';
import type { ToolFacts } from '../../../../lib/tool-facts.ts';
import { withImageUrls } from '../../../storage/references.ts';
import { getDb } from '../../client.ts';
import { posts } from '../../schema.ts';
import { toolFactsJson } from '../tool-facts.ts';
import { editorialOrder, publishedAt, toolCardColumns } from './tools.ts';

export interface ApiToolQuery {
  page: number;
  perPage: number;
  category?: string;
  pricing?: PricingModel;
}

const toolId = sql.raw('"posts"."id"');

function selectApiTools(query: ApiToolQuery) {
  return getDb()
    .select({
      ...toolCardColumns,
      publishedAt: sql<Date>`${publishedAt}`.mapWith(posts.createdAt),
      updatedAt: posts.updatedAt,
      facts: sql<ToolFacts>`${sql.raw(toolFactsJson('"posts"'))}`,
      total: sql<number>`count(*) OVER ()`.mapWith(Number),
    })
    .from(posts)
    .where(
      and(
        eq(posts.status, 'published'),
        sql`${posts.discontinuedAt} IS NULL`,
        query.pricing ? eq(posts.pricing, query.pricing) : undefined,
        query.category
          ? sql`EXISTS (SELECT 1 FROM post_categories pc JOIN categories c ON c.id = pc.category_id
                        WHERE pc.post_id = ${toolId} AND c.slug = ${query.category} AND c.is_active)`
          : undefined,
      ),
    )
    .orderBy(desc(publishedAt), editorialOrder, asc(posts.title))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
}

export type ApiToolRow = Omit<Awaited<ReturnType<typeof selectApiTools>>[number], 'total'>;

/** One page of tools, newest first (as 'Nuevas'), with the total for the filters. */
export async function listApiTools(query: ApiToolQuery): Promise<{ total: number; tools: ApiToolRow[] }> {
  const rows = await selectApiTools(query);
  // A page past the end has no row to carry the window count: ask for the first one.
  if (rows.length === 0 && query.page > 1) return { total: (await listApiTools({ ...query, page: 1, perPage: 1 })).total, tools: [] };
  return { total: rows[0]?.total ?? 0, tools: rows.map(({ total: _total, ...row }) => withImageUrls(row)) };
}
