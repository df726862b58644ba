/**
 * Publish-form drafts: POST /api/posts/drafts creates one, PUT /api/posts/drafts/{id} replaces it as the
 * author types, DELETE removes it. Only the owner reaches a draft (anyone else's id is 404), a draft is checked for
 * types and limits but may be incomplete, its article is sanitized as on publish, and it may only name images its
 * author uploaded or generated. A draft is never public: it lives in its own table (submission_drafts).
 */
import { AppError, endpoint } from '../../server/http/endpoint.ts';
import { sanitizeRichText } from '../../server/html/sanitize.ts';
import type { SessionUser } from '../../server/auth/auth.ts';
import { assertMayReference } from '../../server/storage/file-owners.ts';
import { z } from '../../lib/zod.ts';
import { LIMITS } from '../../lib/tool-form.ts';
import { storedKeysNamedBy } from './publish.server.ts';
import { submissionDraftInput, type SubmissionDraftValues } from './submission-draft.ts';
import { deleteDraft, insertDraft, updateDraft } from './submission-drafts-queries.server.ts';

/** Autosave writes at most every 2 s of typing: 300 in 10 minutes is a full session, more is a script. */
export const DRAFT_RATE_LIMITS = { name: 'submission-draft', user: { window: 600, max: 300 }, ip: { window: 600, max: 600 } };

/** The same ceiling as a submission: a 200,000-character article at up to 4 bytes each, plus the other fields. */
export const MAX_DRAFT_BODY = LIMITS.content * 4 + 64 * 1024;
const TOO_LARGE = 'El borrador es demasiado largo. Acorta el contenido.';
const SIGNED_OUT = 'Necesitas iniciar sesión para guardar borradores.';

const draftParams = z.object({ id: z.string() });

/** The values as they are stored: the article sanitized, and only images the author may use. */
async function storableValues(values: SubmissionDraftValues, user: SessionUser): Promise<SubmissionDraftValues> {
  await assertMayReference(user, storedKeysNamedBy(values));
  return values.content === undefined ? values : { ...values, content: sanitizeRichText(values.content) };
}

/** POST /api/posts/drafts: a new draft; answers { id, updatedAt }. */
export const createDraftEndpoint = endpoint({
  access: { need: 'publish:post:own', signedOut: SIGNED_OUT },
  body: { json: submissionDraftInput, maxBytes: MAX_DRAFT_BODY, tooLarge: TOO_LARGE },
  limits: DRAFT_RATE_LIMITS,
  handle: async ({ body, user }) => {
    const saved = await insertDraft(user.id, await storableValues(body, user));
    if (!saved) throw new AppError('submission_drafts_full');
    return saved;
  },
});

/** PUT /api/posts/drafts/{id}: the draft's new values; answers { id, updatedAt }. */
export const saveDraftEndpoint = endpoint({
  access: { need: 'publish:post:own', signedOut: SIGNED_OUT },
  params: draftParams,
  body: { json: submissionDraftInput, maxBytes: MAX_DRAFT_BODY, tooLarge: TOO_LARGE },
  limits: DRAFT_RATE_LIMITS,
  handle: async ({ params, body, user }) => {
    const saved = await updateDraft(user.id, params.id, await storableValues(body, user));
    if (!saved) throw new AppError('submission_draft_not_found');
    return saved;
  },
});

/** DELETE /api/posts/drafts/{id}: «Eliminar» in the dashboard; 204. */
export const deleteDraftEndpoint = endpoint({
  access: { need: 'publish:post:own', signedOut: SIGNED_OUT },
  params: draftParams,
  limits: DRAFT_RATE_LIMITS,
  handle: async ({ params, user }) => {
    if (!(await deleteDraft(user.id, params.id))) throw new AppError('submission_draft_not_found');
  },
});
