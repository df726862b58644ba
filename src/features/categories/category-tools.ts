/**
 * Texts and rules of a category page's tool list: its sorts as the address names them, the state it keeps in
 * the address, the count line and the empty state.
 */
import { FACT_FILTER_PARAM } from '../../lib/fact-filter-param.ts';
import { normalizeForSearch } from '../../lib/text.ts';
import type { ToolSort } from '../../lib/catalogue/filter-types.ts';
import { countLabel } from './categories.ts';

export type CategorySort = ToolSort;

/** The sorts, with the word the address uses for each (?orden=populares). */
export const categorySorts: { value: CategorySort; label: string; param: string }[] = [
  { value: 'newest', label: 'Más recientes', param: 'recientes' },
  { value: 'popular', label: 'Más populares', param: 'populares' },
  { value: 'rating', label: 'Más valoradas', param: 'valoradas' },
];

export const DEFAULT_CATEGORY_SORT: CategorySort = 'newest';
export const SORT_PARAM = 'orden';
export const QUERY_PARAM = 'q';

/** What a category page's list shows besides its static first page: the search text, the sort and the fact filters. */
export interface CategoryListState {
  q: string;
  sort: CategorySort;
  facts: readonly string[];
}

/** Whether the list is the page's own static one: no search, no filter, the newest first. */
export function isStaticState(state: CategoryListState): boolean {
  return state.q.trim() === '' && state.facts.length === 0 && state.sort === DEFAULT_CATEGORY_SORT;
}

/** The sort an address names (?orden=valoradas); the default for a missing or unknown one. */
export function sortFromParam(value: string | null): CategorySort {
  return categorySorts.find((sort) => sort.param === value)?.value ?? DEFAULT_CATEGORY_SORT;
}

/** Writes the search and the sort into a query string, keeping every other parameter (the filters among them). */
export function withListParams(search: string, state: Pick<CategoryListState, 'q' | 'sort'>): string {
  const params = new URLSearchParams(search);
  const q = state.q.trim();
  if (q) params.set(QUERY_PARAM, q);
  else params.delete(QUERY_PARAM);
  if (state.sort === DEFAULT_CATEGORY_SORT) params.delete(SORT_PARAM);
  else params.set(SORT_PARAM, categorySorts.find((sort) => sort.value === state.sort)!.param);
  const query = params.toString().replaceAll('%2C', ',');
  return query ? `?${query}` : '';
}

/** The GET /api/tools address of one page of a category's list in this state. */
export function categoryApiUrl(slug: string, state: CategoryListState, page: number, size: number): string {
  const params = new URLSearchParams({ category: slug, sort: state.sort, size: String(size), page: String(page) });
  const q = state.q.trim();
  if (q) params.set('q', q);
  if (state.facts.length > 0) params.set(FACT_FILTER_PARAM, state.facts.join(','));
  return `/api/tools?${params}`;
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
 * The empty state's explanation: nothing matches the search, the filters («Intenta ajustar tus filtros de
 * búsqueda…») or both, or the category has no tools yet.
 */
export function categoryEmptyText(categoryName: string, query: string, filtering = false): string {
  const text = query.trim();
  if (text && filtering) return `Ninguna herramienta de ${categoryName} coincide con «${text}» y con los filtros elegidos.`;
  if (text) return `Ninguna herramienta de ${categoryName} coincide con «${text}».`;
  if (filtering) return 'Intenta ajustar tus filtros de búsqueda para encontrar más resultados.';
  return `Todavía no hay herramientas publicadas en ${categoryName}.`;
}
