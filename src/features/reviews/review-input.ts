/** The review endpoints' schemas. Text is plain: trimmed, never HTML; the page shows it escaped. */
import { z } from '../../lib/zod.ts';
import { REPLY_MAX_LENGTH, REVIEW_LIMITS, reviewOrders } from './reviews.ts';

export const INVALID_RATING_MESSAGE = 'Elige de 1 a 5 estrellas.';

/** Plain text: line breaks kept (at most one blank line in a row), other control characters dropped. */
function plainText(max: number, label: string) {
  return z
    .string()
    .default('')
    .transform((text) =>
      text
        .replace(/\r\n?/g, '\n')
        .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '')
        .replace(/\n{3,}/g, '\n\n')
        .trim(),
    )
    .pipe(z.string().max(max, { error: `${label} no puede superar ${max} caracteres.` }));
}

export const reviewFields = z.object({
  rating: z.coerce
    .number({ error: INVALID_RATING_MESSAGE })
    .int({ error: INVALID_RATING_MESSAGE })
    .min(1, { error: INVALID_RATING_MESSAGE })
    .max(5, { error: INVALID_RATING_MESSAGE }),
  title: plainText(REVIEW_LIMITS.title, 'El título'),
  body: plainText(REVIEW_LIMITS.body, 'La reseña'),
  pros: plainText(REVIEW_LIMITS.pros, 'Lo mejor'),
  cons: plainText(REVIEW_LIMITS.cons, 'Lo peor'),
});

export type ReviewFields = z.output<typeof reviewFields>;

export const newReviewInput = reviewFields.extend({ toolId: z.uuid({ error: 'El identificador de la herramienta no es válido.' }) });

export const reviewIdParams = z.object({ id: z.uuid({ error: 'El identificador de la valoración no es válido.' }) });

export const reviewListQuery = z.object({
  toolId: z.uuid({ error: 'El identificador de la herramienta no es válido.' }),
  orden: z.enum(reviewOrders).default('recientes').catch('recientes'),
  pagina: z.coerce.number().int().min(1).max(1000).default(1).catch(1),
});

/** A maker's reply: plain text like reviews, never empty. */
export const replyInput = z.object({
  body: plainText(REPLY_MAX_LENGTH, 'La respuesta').pipe(z.string().min(1, { error: 'Escribe tu respuesta.' })),
});

export const replyIdParams = z.object({ id: z.uuid({ error: 'El identificador de la respuesta no es válido.' }) });
