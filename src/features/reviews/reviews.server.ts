/**
 * /api/reviews: ratings and reviews. Reading is public; writing needs a signed-in account with a
 * verified email, and the user is always the session's, never one named in the body.
 */
import { AppError, endpoint } from '../../server/http/endpoint.ts';
import {
  createReview,
  deleteOwnReview,
  helpfulCountOf,
  listToolReviews,
  reportReview,
  updateOwnReview,
  voteHelpful,
  type OwnChangeOutcome,
  type VoteOutcome,
} from './queries.server.ts';
import { newReviewInput, reviewFields, reviewIdParams, reviewListQuery } from './review-input.ts';

/** A person writes a few reviews a day; a burst of dozens is a script. */
export const REVIEW_RATE_LIMITS = { name: 'reviews', user: { window: 3600, max: 20 }, ip: { window: 3600, max: 60 } };
/** Votes and reports: a reader may go down a long list, but not hundreds a minute. */
export const REVIEW_MARK_RATE_LIMITS = { name: 'review-marks', user: { window: 60, max: 30 }, ip: { window: 60, max: 90 } };

/** Room for the longest texts in any script (4 bytes a character, JSON escapes) and nothing like a 20 MB body. */
const REVIEW_BODY_BYTES = 64 * 1024;
const TOO_LARGE = 'La valoración es demasiado larga.';

const SIGNED_OUT = 'Inicia sesión para valorar herramientas.';

function throwUnlessChanged(outcome: OwnChangeOutcome): void {
  if (outcome === 'missing') throw new AppError('review_not_found');
  if (outcome === 'not-yours') throw new AppError('review_not_yours');
  if (outcome === 'unverified') throw new AppError('email_not_verified');
  if (outcome === 'own-tool') throw new AppError('review_own_tool');
}

function throwUnlessMarked(outcome: VoteOutcome): void {
  if (outcome === 'missing') throw new AppError('review_not_found');
  if (outcome === 'own') throw new AppError('review_own_vote');
}

/** GET ?toolId=&orden=recientes|utiles&pagina=: the summary, one page and the visitor's own review. */
export const listReviewsEndpoint = endpoint({
  query: reviewListQuery,
  handle: async ({ user, query }) => {
    const page = await listToolReviews(query.toolId, query.orden, query.pagina, user?.id ?? null);
    if (!page) throw new AppError('tool_not_found');
    return page;
  },
});

export const createReviewEndpoint = endpoint({
  access: { need: 'review:post:own', signedOut: SIGNED_OUT },
  body: { json: newReviewInput, maxBytes: REVIEW_BODY_BYTES, tooLarge: TOO_LARGE },
  limits: REVIEW_RATE_LIMITS,
  handle: async ({ user, body }) => {
    const { toolId, ...fields } = body;
    const outcome = await createReview(user.id, toolId, fields);
    if (outcome.kind === 'unverified') throw new AppError('email_not_verified');
    if (outcome.kind === 'missing') throw new AppError('tool_not_found');
    if (outcome.kind === 'own-tool') throw new AppError('review_own_tool');
    if (outcome.kind === 'exists') throw new AppError('review_exists');
    return { id: outcome.id };
  },
});

export const updateReviewEndpoint = endpoint({
  access: { need: 'review:post:own', signedOut: SIGNED_OUT },
  params: reviewIdParams,
  body: { json: reviewFields, maxBytes: REVIEW_BODY_BYTES, tooLarge: TOO_LARGE },
  limits: REVIEW_RATE_LIMITS,
  handle: async ({ user, params, body }) => {
    throwUnlessChanged(await updateOwnReview(user.id, params.id, body));
    return { id: params.id };
  },
});

export const deleteReviewEndpoint = endpoint({
  access: { need: 'review:post:own', signedOut: SIGNED_OUT },
  params: reviewIdParams,
  limits: REVIEW_RATE_LIMITS,
  handle: async ({ user, params }) => {
    throwUnlessChanged(await deleteOwnReview(user.id, params.id));
    return undefined;
  },
});

/** «¿Te ha sido útil?»: answers the review's count after the vote. */
export const helpfulEndpoint = endpoint({
  access: { need: 'review:post:own', signedOut: 'Inicia sesión para marcar valoraciones como útiles.' },
  params: reviewIdParams,
  limits: REVIEW_MARK_RATE_LIMITS,
  handle: async ({ user, params }) => {
    throwUnlessMarked(await voteHelpful(user.id, params.id));
    return { helpfulCount: await helpfulCountOf(params.id) };
  },
});

/** «Denunciar»: the review goes to the admin's queue (/admin/valoraciones). */
export const reportEndpoint = endpoint({
  access: { need: 'review:post:own', signedOut: 'Inicia sesión para denunciar una valoración.' },
  params: reviewIdParams,
  limits: REVIEW_MARK_RATE_LIMITS,
  handle: async ({ user, params }) => {
    throwUnlessMarked(await reportReview(user.id, params.id));
    return { reported: true };
  },
});
