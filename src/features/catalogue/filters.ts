/** The query schema of /api/tools; the filter names and rules live in filter-types.ts. */
import { z } from '../../lib/zod.ts';
import { splitFilterParam } from '../../lib/fact-filter-param.ts';
import { factFilters } from '../../lib/tool-facts.ts';
import { DEFAULT_FILTER, MAX_PAGE, filterTypes } from './filter-types.ts';

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
});

export type ToolListQuery = z.infer<typeof toolListQuery>;
/** A query as the server's own callers write it: no fact filter unless they name one. */
export type ToolListRequest = Omit<ToolListQuery, 'facts'> & Partial<Pick<ToolListQuery, 'facts'>>;
