/** Pure rules of the home catalogue island: URL state, category search, active-filter chips, API calls. */
import { DEFAULT_FILTER, filterLabels, filtersActive, homeFilterTypes, type FilterType } from './filter-types.ts';
import { normalizeForSearch } from '../text.ts';
import type { ToolCardData } from '../tool-card.ts';

export interface CatalogueCategory {
  slug: string;
  name: string;
  toolCount: number;
}

export interface CatalogueState {
  filter: FilterType;
  category: string;
}

export interface ToolPageData {
  items: ToolCardData[];
  page: number;
  hasMore: boolean;
  /** How many tools match over every page; the API gives it when a category page's sort is asked. */
  total?: number;
}

export const DEFAULT_STATE: CatalogueState = { filter: DEFAULT_FILTER, category: '' };

/** Shared URLs read in Spanish: ?filtro=destacadas&categoria=imagen. */
const filterSlugs: Partial<Record<FilterType, string>> = {
  new: 'nuevas',
  featured: 'destacadas',
  popular: 'populares',
  most_visited: 'mas-visitadas',
  most_saved: 'mas-guardadas',
  most_used: 'mas-usadas',
};

export const FILTER_PARAM = 'filtro';
export const CATEGORY_PARAM = 'categoria';
export const ALL_CATEGORIES = 'Todas las categorías';

/** The filter state a shared address describes; anything unknown falls back to the default. */
export function stateFromSearch(search: string, categories: readonly CatalogueCategory[]): CatalogueState {
  const params = new URLSearchParams(search);
  const filterSlug = params.get(FILTER_PARAM);
  const filter = homeFilterTypes.find((type) => filterSlugs[type] === filterSlug) ?? DEFAULT_FILTER;
  const categorySlug = params.get(CATEGORY_PARAM) ?? '';
  const category = categories.some((entry) => entry.slug === categorySlug) ? categorySlug : '';
  return { filter, category };
}

/** The query string for a state, keeping unrelated parameters and leaving defaults out. */
export function searchFromState(state: CatalogueState, currentSearch: string): string {
  const params = new URLSearchParams(currentSearch);
  params.delete(FILTER_PARAM);
  params.delete(CATEGORY_PARAM);
  if (state.filter !== DEFAULT_FILTER) params.set(FILTER_PARAM, filterSlugs[state.filter] ?? '');
  if (state.category) params.set(CATEGORY_PARAM, state.category);
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function isDefaultState(state: CatalogueState): boolean {
  return !filtersActive(state);
}

export function toolsApiUrl(state: CatalogueState, page: number): string {
  const params = new URLSearchParams({ filter: state.filter, page: String(page) });
  if (state.category) params.set('category', state.category);
  return `/api/tools?${params}`;
}

/** SPEC: the chatbot category carries a 'Nuevo' badge; ours is called asistentes-chat. */
export function hasNewBadge(slug: string): boolean {
  return slug === 'chatbot' || slug === 'asistentes-chat';
}

/** The dropdown's options for a search text: 'all' first while not searching, then matching categories. */
export function categoryOptions(categories: readonly CatalogueCategory[], text: string): CatalogueCategory[] {
  const needle = normalizeForSearch(text);
  if (!needle) return [{ slug: '', name: ALL_CATEGORIES, toolCount: 0 }, ...categories];
  return categories.filter((category) => normalizeForSearch(`${category.name} ${category.slug}`).includes(needle));
}

/** The chips of the 'Filtros activos:' line: the category's name, then the filter unless it is the default. */
export function activeFilterChips(state: CatalogueState, categories: readonly CatalogueCategory[]): string[] {
  const chips: string[] = [];
  const category = categories.find((entry) => entry.slug === state.category);
  if (category) chips.push(category.name);
  if (state.filter !== DEFAULT_FILTER) chips.push(filterLabels[state.filter]);
  return chips;
}

/** Moves the highlighted option with the arrow keys, stopping at both ends. */
export function moveActiveIndex(current: number, key: string, count: number): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return Math.min(current + 1, count - 1);
  if (key === 'ArrowUp') return Math.max(current - 1, 0);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return current;
}

export const LOAD_FAILED = 'No se pudieron cargar las herramientas. Inténtalo de nuevo.';

/** One page from /api/tools; a failure becomes an Error with a Spanish message. */
export function fetchToolPage(state: CatalogueState, page: number, signal?: AbortSignal): Promise<ToolPageData> {
  return fetchToolList(toolsApiUrl(state, page), signal);
}

/** Any /api/tools address (the home's, a category page's); a failure becomes an Error with a Spanish message. */
export async function fetchToolList(url: string, signal?: AbortSignal): Promise<ToolPageData> {
  const response = await fetch(url, { signal: signal ?? null, headers: { accept: 'application/json' } });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: unknown };
    throw new Error(typeof body.error === 'string' ? body.error : LOAD_FAILED);
  }
  return (await response.json()) as ToolPageData;
}
