/** What the social image of a tool shows, read on each request for `/og/{slug}.png`: it decides the image (docs/decisions/015). */
import { and, eq } from 'drizzle-orm';
import type { CategoryChip } from '../../../../lib/tool-card.ts';
import { getDb } from '../../client.ts';
import { posts } from '../../schema.ts';
import { toolCardColumns } from './tools.ts';

/** Title, pricing and primary category (first chip) of a published tool; undefined for any other slug. */
export async function getPublishedToolForSocialImage(slug: string) {
  const [row] = await getDb()
    .select({ title: posts.title, pricing: posts.pricing, categories: toolCardColumns.categories })
    .from(posts)
    .where(and(eq(posts.slug, slug), eq(posts.status, 'published')))
    .limit(1);
  if (!row) return undefined;
  const { categories, ...tool } = row;
  return { ...tool, category: (categories as CategoryChip[])[0] ?? null };
}
