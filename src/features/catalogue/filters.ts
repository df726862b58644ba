/** The query schema of /api/tools; the filter names and rules live in filter-types.ts. */
import { z } from '../../lib/zod.ts';
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
});

export type ToolListQuery = z.infer<typeof toolListQuery>;
