/** The save endpoints' body schema, apart from the browser helpers so zod stays out of every page's bundle. */
import { z } from '../../lib/zod.ts';

export const INVALID_TOOL_ID_MESSAGE = 'El identificador de la herramienta no es válido.';

export const savedToolInput = z.object({ toolId: z.uuid({ error: INVALID_TOOL_ID_MESSAGE }) });
