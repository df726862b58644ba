/** Home and listing filters (SPEC §2, §7) without the request schema, so islands do not ship zod. */
export const filterTypes = ['new', 'featured', 'popular', 'most_visited', 'most_saved', 'most_used', 'applications'] as const;
export type FilterType = (typeof filterTypes)[number];

export const filterLabels: Record<FilterType, string> = {
  new: 'Nuevas',
  featured: 'Destacadas',
  popular: 'Populares',
  most_visited: 'Más Visitadas',
  most_saved: 'Más Guardadas',
  most_used: 'Más Usadas',
  applications: 'Aplicaciones',
};

/** The home grid offers the first six; 'applications' belongs to the listing filter bar only. */
export const homeFilterTypes = filterTypes.slice(0, 6) as readonly FilterType[];

export const DEFAULT_FILTER: FilterType = 'new';
export const PAGE_SIZE = 12;
export const MAX_PAGE = 10_000;

/** Filters are active when a category is chosen or the type is not the default (SPEC §4). */
export function filtersActive(query: { filter: FilterType; category: string }): boolean {
  return query.category !== '' || query.filter !== DEFAULT_FILTER;
}
