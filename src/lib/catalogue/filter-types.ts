/** Home and listing filters without the request schema, so islands do not ship zod. */
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

/** What each filter means (three ranking filters, three meanings), for the tooltips and the README. */
export const filterDescriptions: Record<FilterType, string> = {
  new: 'Las publicadas más recientemente. Las del catálogo inicial, que se publicaron juntas, van en orden editorial.',
  featured: 'Elegidas por el equipo editorial.',
  popular: 'Lo más guardado, usado y visitado en los últimos 30 días, junto con la selección editorial.',
  most_visited: 'Las fichas más vistas en este sitio: cuenta cada vez que alguien abre la página de la herramienta.',
  most_saved: 'Las que más personas han guardado en su cuenta.',
  most_used: 'Las que más gente ha abierto con «Visitar» para ir a su web. Se cuenta aparte de las visitas a la ficha.',
  applications: 'Apps para móvil o escritorio, extensiones del navegador y creadores de apps.',
};

/** The home grid offers the first six; 'applications' belongs to the listing filter bar only. */
export const homeFilterTypes = filterTypes.slice(0, 6) as readonly FilterType[];

export const DEFAULT_FILTER: FilterType = 'new';
export const PAGE_SIZE = 12;
/** Page sizes a caller may ask for: the home grid's 12, a category page's 24 (src/lib/category-paging.ts). */
export const PAGE_SIZES = [PAGE_SIZE, 24] as const;

/** A category page's orders: 'Más recientes', 'Más populares', 'Más valoradas'. */
export const toolSorts = ['newest', 'popular', 'rating'] as const;
export type ToolSort = (typeof toolSorts)[number];
/** Longest text the in-category search accepts. */
export const MAX_QUERY_LENGTH = 100;
export const MAX_PAGE = 10_000;

/** Filters are active when a category is chosen or the type is not the default. */
export function filtersActive(query: { filter: FilterType; category: string }): boolean {
  return query.category !== '' || query.filter !== DEFAULT_FILTER;
}
