/** The body of POST /api/clicks: which tool and which browser session; who is clicking is never part of it. */
import { z } from '../../lib/zod.ts';
import { visitorSessionId } from '../../lib/visitor/visitor.ts';

export const countClickInput = z.object({
  toolId: z.uuid({ error: 'Identificador de herramienta no válido.' }),
  sessionId: visitorSessionId,
});
