/** Home and listing filters (SPEC §2, §7) and the query schema of /api/tools. */
import { z } from 'zod';

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

export const toolListQuery = z.object({
  filter: z.enum(filterTypes, { error: 'Filtro no válido. Usa uno de: ' + filterTypes.join(', ') + '.' }).default(DEFAULT_FILTER),
  category: z
    .string()
    .max(80, { error: 'Categoría no válida.' })
    .regex(/^[a-z0-9-]*$/, { error: 'Categoría no válida.' })
    .default(''),
  page: z.coerce
    .number({ error: 'La página debe ser un número entero mayor que 0.' })
    .int({ error: 'La página debe ser un número entero mayor que 0.' })
    .min(1, { error: 'La página debe ser un número entero mayor que 0.' })
    .max(MAX_PAGE, { error: 'Página fuera de rango.' })
    .default(1),
});

export type ToolListQuery = z.infer<typeof toolListQuery>;

/** Filters are active when a category is chosen or the type is not the default (SPEC §4). */
export function filtersActive(query: { filter: FilterType; category: string }): boolean {
  return query.category !== '' || query.filter !== DEFAULT_FILTER;
}
