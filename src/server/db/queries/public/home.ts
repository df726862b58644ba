/** Everything the prerendered home page reads, in one round of parallel queries. */
import { DEFAULT_FILTER } from '../../../../lib/catalogue/filters.ts';
import { listCategories } from './categories.ts';
import { readSiteCounts } from './stats.ts';
import { listTools } from './tools.ts';

export async function readHomePage() {
  const [firstPage, categories, counts] = await Promise.all([listTools({ filter: DEFAULT_FILTER, category: '', page: 1 }), listCategories(), readSiteCounts()]);
  return {
    firstPage,
    // Only what the dropdown shows travels to the browser as island props.
    categories: categories.map(({ slug, name, toolCount }) => ({ slug, name, toolCount })),
    counts,
  };
}
