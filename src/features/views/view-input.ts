/** The body of POST /api/views; who is looking is never part of it. */
import { z } from 'zod';
import { visitorSessionId } from '../visitor/visitor.ts';

export const countViewInput = z.object({
  postId: z.uuid({ error: 'Identificador de herramienta no válido.' }),
  sessionId: visitorSessionId,
});
