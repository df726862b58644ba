/** The body of POST /api/search-misses: the text searched and how many results it found; nothing about who. */
import { z } from '../../lib/zod.ts';
import { FEW_RESULTS, SEARCH_MISS_MAX_LENGTH } from './demand.ts';

// Control characters (NUL, escapes, line breaks) are never part of a typed search.
const CONTROL = /\p{Cc}/u;

export const searchMissInput = z.strictObject({
  query: z
    .string()
    .max(SEARCH_MISS_MAX_LENGTH)
    .refine((text) => !CONTROL.test(text), { error: 'La búsqueda contiene caracteres no válidos.' })
    .trim()
    .min(1),
  results: z
    .int()
    .min(0)
    .max(FEW_RESULTS - 1),
});
