/**
 * Search, fact filters and sort of a category's tools, run in the browser on the list baked into the page (SPEC §2
 * Category, issue 19).
 */
import { bayesianRating, type RatingTotals } from '../../lib/rating.ts';
import type { ToolCardData } from '../../lib/tool-card.ts';
import type { FactFilter } from '../../lib/tool-facts.ts';
import { normalizeForSearch } from '../../lib/text.ts';
import { countLabel } from './categories.ts';

export type CategorySort = 'newest' | 'popular' | 'rating';

export const categorySorts: { value: CategorySort; label: string }[] = [
  { value: 'newest', label: 'Más recientes' },
  { value: 'popular', label: 'Más populares' },
  { value: 'rating', label: 'Más valoradas' },
];

/** A card plus the figures the sorts need; publishedAt in milliseconds to keep the island's props plain JSON. */
export interface CategoryTool extends ToolCardData {
  publishedAt: number;
  /** The seeded catalogue's editorial order (lower first); null for tools without one. */
  editorialRank: number | null;
  views: number;
  /** The fact filters it passes (Gratis, En español…), worked out at build time. */
  facts: FactFilter[];
}

const byTitle = (a: CategoryTool, b: CategoryTool) => a.title.localeCompare(b.title, 'es');
const byEditorialRank = (a: CategoryTool, b: CategoryTool) => (a.editorialRank ?? Infinity) - (b.editorialRank ?? Infinity);
/** Newest first; tools published together (the seeded catalogue) in the editorial order, then by title. */
const newestFirst = (a: CategoryTool, b: CategoryTool) => b.publishedAt - a.publishedAt || byEditorialRank(a, b) || byTitle(a, b);

const totals = (tool: CategoryTool): RatingTotals => ({ ratingCount: tool.ratingCount ?? 0, ratingSum: tool.ratingSum ?? 0 });
/** Bayesian rating first (src/lib/rating.ts), then the number of reviews. */
const byRating = (a: CategoryTool, b: CategoryTool) => bayesianRating(totals(b)) - bayesianRating(totals(a)) || totals(b).ratingCount - totals(a).ratingCount;

const comparators: Record<CategorySort, (a: CategoryTool, b: CategoryTool) => number> = {
  newest: newestFirst,
  // SPEC ranks 'popular' by likes minus dislikes; likes became the star rating ('Más valoradas', issue 20), so
  // real visits rank it instead, then the rating and the editorial popular flag.
  popular: (a, b) => b.views - a.views || byRating(a, b) || Number(b.isPopular) - Number(a.isPopular) || newestFirst(a, b),
  // 'Más valoradas' (DESIGN §9): the star rating from verified reviews.
  rating: (a, b) => byRating(a, b) || b.views - a.views || newestFirst(a, b),
};

export function sortCategoryTools(tools: readonly CategoryTool[], sort: CategorySort): CategoryTool[] {
  return [...tools].sort(comparators[sort]);
}

/** The text a query is matched against: title, description and category names, folded (SPEC §5). */
export function searchableText(tool: Pick<ToolCardData, 'title' | 'description' | 'categories'>): string {
  return normalizeForSearch([tool.title, tool.description, ...tool.categories.map((category) => category.name)].join(' '));
}

/** Whether a tool passes every active fact filter (they combine with AND); none active keeps everything. */
export function matchesFacts(toolFacts: readonly string[], active: readonly string[]): boolean {
  return active.every((filter) => toolFacts.includes(filter));
}

/** Case- and accent-insensitive substring match; an empty query keeps everything. */
export function matchesQuery(text: string, query: string): boolean {
  const needle = normalizeForSearch(query);
  return needle === '' || text.includes(needle);
}

export type CategoryView = 'grid' | 'list';

export const categoryViews: { value: CategoryView; label: string }[] = [
  { value: 'grid', label: 'Cuadrícula' },
  { value: 'list', label: 'Lista' },
];

const viewButtonBase = 'inline-flex items-center gap-1.5 rounded-md px-2.5 py-2 text-sm font-medium transition';

/** A view button's classes, pressed (the current view) or not. */
export function viewButtonClass(pressed: boolean): string {
  return `${viewButtonBase} ${pressed ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`;
}

/** The line above the list: every tool, or while narrowing it (a search, a filter) how many of them match. */
export function categoryCountText(shown: number, total: number, narrowed: boolean): string {
  return narrowed ? `${countLabel(shown, 'resultado', 'resultados')} de ${total}` : countLabel(total, 'herramienta', 'herramientas');
}

/**
 * The empty state's explanation: nothing matches the search, the filters (SPEC §2's text for an empty grid with
 * active filters) or both, or the category has no tools yet.
 */
export function categoryEmptyText(categoryName: string, query: string, filtering = false): string {
  const text = query.trim();
  if (text && filtering) return `Ninguna herramienta de ${categoryName} coincide con «${text}» y con los filtros elegidos.`;
  if (text) return `Ninguna herramienta de ${categoryName} coincide con «${text}».`;
  if (filtering) return 'Intenta ajustar tus filtros de búsqueda para encontrar más resultados.';
  return `Todavía no hay herramientas publicadas en ${categoryName}.`;
}
