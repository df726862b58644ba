/** The tools of one category as its page's island receives them: card fields plus the figures its sorts use. */
import type { CategoryTool } from '../../../../features/categories/category-tools.ts';
import { listToolsInCategory } from './tools.ts';

export async function listCategoryTools(categorySlug: string): Promise<CategoryTool[]> {
  const rows = await listToolsInCategory(categorySlug);
  return rows.map(({ publishedAt, ...tool }) => ({ ...tool, publishedAt: publishedAt.getTime() }));
}
