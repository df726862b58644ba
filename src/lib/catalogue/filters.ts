/** The query schema of /api/tools; the filter names and rules live in filter-types.ts. */
import { z } from '../zod.ts';
import { splitFilterParam } from '../fact-filter-param.ts';
import { factFilters } from '../tool-facts.ts';
import { DEFAULT_FILTER, MAX_PAGE, MAX_QUERY_LENGTH, PAGE_SIZE, PAGE_SIZES, filterTypes, toolSorts } from './filter-types.ts';

export * from './filter-types.ts';

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
  /** ?filtro=gratis,en-espanol: every fact filter named must hold (AND), in the interface's order. */
  facts: z
    .string()
    .transform(splitFilterParam)
    .pipe(z.array(z.enum(factFilters, { error: 'Filtro no válido. Usa uno o varios de: ' + factFilters.join(', ') + '.' })))
    .transform((asked) => factFilters.filter((filter) => asked.includes(filter)))
    .default([]),
  /** A category page's order; without it the filter's own order applies (the home grid). */
  sort: z.enum(toolSorts, { error: 'Orden no válido. Usa uno de: ' + toolSorts.join(', ') + '.' }).optional(),
  /** Words the title, description or category names must contain (accents and case aside). */
  q: z
    .string()
    .max(MAX_QUERY_LENGTH, { error: `La búsqueda no puede superar ${MAX_QUERY_LENGTH} caracteres.` })
    // Text inputs refuse NUL and lone surrogates before any work.
    .refine((text) => !text.includes('\0') && text.isWellFormed(), { error: 'La búsqueda contiene caracteres no válidos.' })
    .transform((text) => text.trim())
    .default(''),
  size: z.coerce
    .number({ error: 'Tamaño de página no válido. Usa ' + PAGE_SIZES.join(' o ') + '.' })
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size), { error: 'Tamaño de página no válido. Usa ' + PAGE_SIZES.join(' o ') + '.' })
    .default(PAGE_SIZE),
});

export type ToolListQuery = z.infer<typeof toolListQuery>;
/** A query as the server's own callers write it: no fact filter unless they name one. */
export type ToolListRequest = Omit<ToolListQuery, 'facts' | 'q' | 'size'> & Partial<Pick<ToolListQuery, 'facts' | 'q' | 'size'>>;
