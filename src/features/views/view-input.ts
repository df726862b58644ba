/** The body of POST /api/views; who is looking is never part of it. */
import { z } from '../../lib/zod.ts';
import { visitorSessionId } from '../../lib/visitor/visitor.ts';

export const BAD_TOOL_ID_MESSAGE = 'Identificador de herramienta no válido.';

export const countViewInput = z.object({
  toolId: z.uuid({ error: BAD_TOOL_ID_MESSAGE }),
  sessionId: visitorSessionId,
});
