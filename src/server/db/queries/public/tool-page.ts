/** Reads for the tool page's build: one query for every social image instead of one per tool. */
import { asc, eq } from 'drizzle-orm';
import type { CategoryChip } from '../../../../lib/tool-card.ts';
import { getDb } from '../../client.ts';
import { posts } from '../../schema.ts';
import { toolCardColumns } from './tools.ts';

/** What a tool's social image shows: title, pricing and its primary category (first chip). */
export async function listToolsForSocialImages() {
  const rows = await getDb()
    .select({ slug: posts.slug, title: posts.title, pricing: posts.pricing, categories: toolCardColumns.categories })
    .from(posts)
    .where(eq(posts.status, 'published'))
    .orderBy(asc(posts.slug));
  return rows.map(({ categories, ...tool }) => ({ ...tool, category: (categories as CategoryChip[])[0] ?? null }));
}

export type SocialImageTool = Awaited<ReturnType<typeof listToolsForSocialImages>>[number];
