/** A category's whole list as its pages and GET /api/tools give it, 24 at a time, for tests that check all of it. */
import type { ToolListRequest } from '../../../src/lib/catalogue/filters.ts';
import { CATEGORY_PAGE_SIZE } from '../../../src/lib/category-paging.ts';
import type { ToolCardData } from '../../../src/lib/tool-card.ts';
import { listTools } from '../../../src/server/db/queries/public/tools.ts';

export async function listWholeCategory(category: string, options: Partial<ToolListRequest> = {}): Promise<ToolCardData[]> {
  const tools: ToolCardData[] = [];
  for (let page = 1; ; page++) {
    const result = await listTools({ filter: 'new', sort: 'newest', ...options, category, page, size: CATEGORY_PAGE_SIZE });
    tools.push(...result.items);
    if (!result.hasMore) return tools;
  }
}
