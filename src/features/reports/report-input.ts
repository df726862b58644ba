/** The body of POST /api/reports: the tool, a reason, optional plain-text details and an optional e-mail for a reply. */
import { z } from '../../lib/zod.ts';
import { REPORT_ACTIONS, REPORT_DETAILS_MAX, REPORT_EMAIL_MAX, REPORT_REASONS } from './reports.ts';

// An empty optional field of an HTML form arrives as ''.
const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const reportInput = z.strictObject({
  toolId: z.uuid({ error: 'La herramienta no es válida. Recarga la página.' }),
  reason: z.enum(REPORT_REASONS, { error: 'Elige el motivo del aviso.' }),
  details: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .max(REPORT_DETAILS_MAX, { error: `Los detalles no pueden superar ${REPORT_DETAILS_MAX} caracteres.` })
      .optional(),
  ),
  email: z.preprocess(
    emptyToUndefined,
    z
      .email({ error: 'Escribe un correo electrónico válido o deja el campo vacío.' })
      .max(REPORT_EMAIL_MAX, { error: 'El correo electrónico es demasiado largo.' })
      .optional(),
  ),
});
export type ReportInput = z.output<typeof reportInput>;

export const reportActionInput = z.strictObject({ action: z.enum(REPORT_ACTIONS, { error: 'Acción no válida.' }) });
export const reportActionParams = z.object({ id: z.uuid({ error: 'Identificador de herramienta no válido.' }) });
