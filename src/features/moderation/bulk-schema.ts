/**
 * Approving or rejecting several pending tools at once from /admin/pendientes: the request the queue's
 * script sends and the server validates, and what the server answers for each tool.
 */
import { z } from '../../lib/zod.ts';
import { rejectInput } from '../../lib/tool-form.ts';

/** Each tool is its own transaction with its e-mail: a batch is kept to what one request does in seconds. */
export const BULK_MODERATION_MAX = 100;
export const BULK_TOO_MANY = `Puedes aprobar o rechazar como mucho ${BULK_MODERATION_MAX} herramientas a la vez.`;
const NONE_SELECTED = 'Selecciona al menos una herramienta.';

/** The ids as sent; a malformed one is answered per id (not found) like a missing one, and a repeated one counts once. */
const ids = z
  .array(z.string({ error: NONE_SELECTED }).max(64), { error: NONE_SELECTED })
  .min(1, { error: NONE_SELECTED })
  .max(BULK_MODERATION_MAX, { error: BULK_TOO_MANY })
  .transform((list) => [...new Set(list)]);

export const bulkModerationInput = z.discriminatedUnion(
  'action',
  [z.strictObject({ action: z.literal('approve'), ids }), z.strictObject({ action: z.literal('reject'), ids, reason: rejectInput.shape.reason })],
  { error: 'Elige si quieres aprobar o rechazar.' },
);
export type BulkModerationInput = z.output<typeof bulkModerationInput>;

export interface BulkDone {
  id: string;
  title: string;
  /** The tool's address (on approval: visible to everyone at once). */
  path: string;
}

export interface BulkFailure {
  id: string;
  /** The tool's title when it exists, so the admin can tell which one. */
  title: string | null;
  code: string;
  error: string;
}

/** What a batch did: the tools decided and the ones that were not, each with the table's Spanish reason. */
export interface BulkModerationResult {
  action: 'approve' | 'reject';
  done: BulkDone[];
  failed: BulkFailure[];
}
