/**
 * «Respuesta del fabricante»: the tool's verified maker replies once to each review, edits or deletes
 * the reply; an admin removes any. The user is always the session's; every change is audited in the transaction
 * that makes it.
 */
import { recordAdminAction, type AuditActor } from '../../server/audit/audit-log.ts';
import { inTransaction } from '../../server/db/transaction.ts';
import { AppError, endpoint } from '../../server/http/endpoint.ts';
import { deleteOwnReply, insertReply, updateOwnReply, type ReplyChangeOutcome } from './reply-queries.server.ts';
import { replyIdParams, replyInput, reviewIdParams } from './review-input.ts';

/** A maker answers their reviews in a sitting, not hundreds an hour. */
const REPLY_RATE_LIMITS = { name: 'review-replies', user: { window: 3600, max: 30 }, ip: { window: 3600, max: 60 } };
/** Room for 1,000 characters in any script (4 bytes each, JSON escapes), nothing like a 20 MB body. */
const REPLY_BODY = { maxBytes: 16 * 1024, tooLarge: 'La respuesta es demasiado larga.' };
const SIGNED_OUT = 'Inicia sesión para responder a las valoraciones.';

function throwUnlessChanged(outcome: ReplyChangeOutcome): asserts outcome is Extract<ReplyChangeOutcome, { kind: 'changed' }> {
  if (outcome.kind === 'missing') throw new AppError('reply_not_found');
  if (outcome.kind === 'not-yours') throw new AppError('reply_not_yours');
  if (outcome.kind === 'not-maker') throw new AppError('reply_not_maker');
}

export async function replyToReview(actor: AuditActor, reviewId: string, body: string): Promise<{ id: string }> {
  return inTransaction(async (db) => {
    const outcome = await insertReply(actor.id, reviewId, body, db);
    if (outcome.kind === 'missing') throw new AppError('review_not_found');
    if (outcome.kind === 'not-maker') throw new AppError('reply_not_maker');
    if (outcome.kind === 'exists') throw new AppError('reply_exists');
    await recordAdminAction(
      actor,
      { action: 'reply.create', targetType: 'review', targetId: reviewId, summary: `Respondió a una valoración de «${outcome.tool}»`, after: { body } },
      db,
    );
    return { id: outcome.id };
  });
}

/** The maker edits (with the new `body`) or deletes their own reply, audited with what it said before. */
export async function changeOwnReply(actor: AuditActor, replyId: string, change: { body: string } | 'delete'): Promise<void> {
  await inTransaction(async (db) => {
    const outcome = change === 'delete' ? await deleteOwnReply(actor.id, replyId, db) : await updateOwnReply(actor.id, replyId, change.body, db);
    throwUnlessChanged(outcome);
    await recordAdminAction(
      actor,
      {
        action: change === 'delete' ? 'reply.delete' : 'reply.update',
        targetType: 'review',
        targetId: outcome.reviewId,
        summary: `${change === 'delete' ? 'Borró' : 'Editó'} su respuesta a una valoración de «${outcome.tool}»`,
        before: { body: outcome.before },
        ...(change === 'delete' ? {} : { after: change }),
      },
      db,
    );
  });
}

/** POST /api/reviews/{reviewId}/respuesta {body} */
export const createReplyEndpoint = endpoint({
  access: { need: 'review:post:own', signedOut: SIGNED_OUT },
  params: reviewIdParams,
  body: { json: replyInput, ...REPLY_BODY },
  limits: REPLY_RATE_LIMITS,
  handle: async ({ user, params, body }) => replyToReview(user, params.id, body.body),
});

/** PUT /api/review-replies/{replyId} {body} */
export const updateReplyEndpoint = endpoint({
  access: { need: 'review:post:own', signedOut: SIGNED_OUT },
  params: replyIdParams,
  body: { json: replyInput, ...REPLY_BODY },
  limits: REPLY_RATE_LIMITS,
  handle: async ({ user, params, body }) => {
    await changeOwnReply(user, params.id, body);
    return { id: params.id };
  },
});

/** DELETE /api/review-replies/{replyId} */
export const deleteReplyEndpoint = endpoint({
  access: { need: 'review:post:own', signedOut: SIGNED_OUT },
  params: replyIdParams,
  limits: REPLY_RATE_LIMITS,
  handle: async ({ user, params }) => changeOwnReply(user, params.id, 'delete'),
});
