/** The tools of one category as its page's island receives them: card fields plus the figures its sorts and filters use. */
import type { CategoryTool } from '../../../../features/categories/category-tools.ts';
import { factFiltersOf } from '../../../../lib/tool-facts.ts';
import { listToolsInCategory } from './tools.ts';

export async function listCategoryTools(categorySlug: string): Promise<CategoryTool[]> {
  const rows = await listToolsInCategory(categorySlug);
  return rows.map(({ publishedAt, freePlan, spanishInterface, spanishOutput, platforms, openSource, ...tool }) => ({
    ...tool,
    publishedAt: publishedAt.getTime(),
    facts: factFiltersOf({ pricing: tool.pricing, freePlan, spanishInterface, spanishOutput, platforms, openSource }),
  }));
}
