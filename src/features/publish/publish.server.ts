/**
 * The publication form's endpoints: publish (POST /api/posts), edit (PUT /api/posts/{id}), the duplicate check
 * (GET /api/posts/duplicates) and "fill from the URL" (POST /api/posts/page-metadata). The author is always the
 * session's user; an edit is allowed to an admin, or to the author of a pending or rejected submission.
 */
import type { SessionUser } from '../../server/auth/auth.ts';
import { AppError, endpoint } from '../../server/http/endpoint.ts';
import { serverEnv } from '../../server/env.ts';
import { fetchPageSafely, SafeFetchError } from '../../server/net/safe-fetch.ts';
import { sanitizeRichText } from '../../server/html/sanitize.ts';
import { assertMayReference, keysOfReferences } from '../../server/storage/file-owners.ts';
import { storedKeyOf, storedKeysInHtml } from '../../server/storage/references.ts';
import { siteConfig } from '../../server/site.ts';
import { z } from '../../lib/zod.ts';
import { notifyAdmins } from '../../server/email/admin-notices.ts';
import { notifyAuthor } from '../../server/email/author-notices.ts';
import { importImageFromUrl, remoteError } from './images.server.ts';
import { extractPageMetadata } from './page-metadata.server.ts';
import { editInput, LIMITS, publishInput, toolUrl, type PublishInput } from '../../lib/tool-form.ts';
import type { DuplicateCheck } from '../../lib/tool-form.ts';
import { createSubmission, findDuplicateTools, loadEditableTool, saveEdit } from '../../server/db/queries/tool-writes.ts';
import { publishedContentChanged } from '../../server/site-updates.ts';
import { deleteDraft } from './submission-drafts-queries.server.ts';

/** A person publishes a few tools a day; a script publishing hundreds is spam. */
export const PUBLISH_RATE_LIMITS = { name: 'publish', user: { window: 3600, max: 10 }, ip: { window: 3600, max: 30 } };
export const EDIT_RATE_LIMITS = { name: 'post-edit', user: { window: 600, max: 120 }, ip: { window: 600, max: 240 } };
export const LOOKUP_RATE_LIMITS = { name: 'page-metadata', user: { window: 600, max: 40 }, ip: { window: 600, max: 80 } };

/** Rich text of 200,000 characters, up to 4 bytes each in UTF-8, plus the other fields. */
const MAX_FORM_BODY = LIMITS.content * 4 + 64 * 1024;
const TOO_LARGE = 'El contenido es demasiado largo. Acórtalo o divide la publicación.';

export const PUBLISH_SIGNED_OUT = 'Necesitas iniciar sesión para publicar.';
export const EDIT_SIGNED_OUT = 'Necesitas iniciar sesión para editar.';

const IMAGE_FIELDS = ['imageUrl', 'logoUrl'] as const;

/** Our stored files a form names: its image, its logo and the images of its (sanitized) article. */
export function storedKeysNamedBy(input: { imageUrl?: string; logoUrl?: string; content?: string }): string[] {
  const fields = IMAGE_FIELDS.flatMap((field) => (input[field] ? (storedKeyOf(input[field]) ?? []) : []));
  return [...fields, ...storedKeysInHtml(sanitizeRichText(input.content ?? ''))];
}

/**
 * The image and logo as the row will store them, after the ownership rule (file-owners.ts) passed for every stored
 * file the submission names: a value naming one of our files (its key, or any URL it is served at) becomes its
 * key; another web address (the form was bypassed) is downloaded and stored as the author's upload. The images
 * of the article are checked by the same rule. `held` is the row being edited: what it already names stays allowed.
 * Runs before anything is downloaded or written, so a refused request changes nothing.
 */
async function resolveImages<T extends Pick<PublishInput, 'imageUrl' | 'logoUrl' | 'content'>>(
  input: T,
  user: SessionUser,
  held: { imageUrl?: string; logoUrl?: string; content?: string } = {},
  signal?: AbortSignal,
): Promise<T> {
  const keys = Object.fromEntries(IMAGE_FIELDS.map((field) => [field, input[field] ? storedKeyOf(input[field]) : null]));
  const heldKeys = [...keysOfReferences([held.imageUrl, held.logoUrl]), ...storedKeysInHtml(held.content ?? '')];
  await assertMayReference(user, storedKeysNamedBy(input), { held: heldKeys });
  const result = { ...input };
  for (const field of IMAGE_FIELDS) {
    const value = input[field];
    if (keys[field]) result[field] = keys[field];
    else if (value && value !== held[field]) result[field] = (await importImageFromUrl(value, user.id, { signal })).key;
  }
  return result;
}

/**
 * POST /api/posts[?borrador={id}]: a new submission, saved as pending; answers { id, slug, status, categoryCount,
 * path }. A draft it was written from is deleted once the submission exists (only the author's own, silently).
 */
export const publishEndpoint = endpoint({
  access: { need: 'publish:post:own', signedOut: PUBLISH_SIGNED_OUT },
  query: z.object({ borrador: z.string().max(64).optional() }),
  body: { json: publishInput, maxBytes: MAX_FORM_BODY, tooLarge: TOO_LARGE },
  limits: PUBLISH_RATE_LIMITS,
  handle: async ({ body, user, request, query }) => {
    const input = await resolveImages(body, user, {}, request.signal);
    const saved = await createSubmission(input, user, siteConfig());
    if (query.borrador) await deleteDraft(user.id, query.borrador);
    await notifyAdmins({ kind: 'new', title: input.title, authorName: user.name });
    return { ...saved, path: `/${saved.slug}` };
  },
});

const toolParams = z.object({ id: z.string() });

/** GET /api/posts/{id}: the post as the editor loads it, with its categories. */
export const loadToolEndpoint = endpoint({
  access: { need: 'user', signedOut: EDIT_SIGNED_OUT },
  params: toolParams,
  handle: async ({ params, user }) => {
    const loaded = await loadEditableTool(params.id, user);
    if (loaded === 'missing') throw new AppError('edit_not_found');
    if (loaded === 'forbidden') throw new AppError('edit_forbidden');
    return loaded;
  },
});

/** PUT /api/posts/{id}: saves the editor; answers { id, slug, status, categoryCount, path }. */
export const editEndpoint = endpoint({
  // Who may edit which post (admin, or the author while it is pending or rejected) is decided by the post itself.
  access: { need: 'user', signedOut: EDIT_SIGNED_OUT },
  params: toolParams,
  body: { json: editInput, maxBytes: MAX_FORM_BODY, tooLarge: TOO_LARGE },
  limits: EDIT_RATE_LIMITS,
  handle: async ({ params, body, user, request }) => {
    const loaded = await loadEditableTool(params.id, user);
    if (loaded === 'missing') throw new AppError('edit_not_found');
    if (loaded === 'forbidden') throw new AppError('edit_forbidden');
    const input = await resolveImages(body, user, loaded.post, request.signal);
    const outcome = await saveEdit(params.id, input, user, siteConfig());
    if (outcome.publicChange) await publishedContentChanged(`edición de «${outcome.title}»`);
    // A rejected or withdrawn listing its author sends back waits in Pendientes: the admins hear about it.
    if (outcome.status === 'pending' && (outcome.previousStatus === 'rejected' || outcome.previousStatus === 'withdrawn')) {
      await notifyAdmins({ kind: 'resubmitted', title: outcome.title, authorName: user.name });
    }
    if (outcome.status !== outcome.previousStatus && outcome.status !== 'pending') {
      const decision = { id: outcome.id, slug: outcome.slug, title: outcome.title, authorId: outcome.authorId };
      // The author of a submission hears about the decision, whether it came from the queue or the editor.
      if (outcome.authorId !== user.id) {
        await notifyAuthor(
          outcome.status === 'published' ? { ...decision, outcome: 'approved' } : { ...decision, outcome: outcome.status, reason: outcome.reviewNote ?? '' },
        );
      }
    }
    return { id: outcome.id, slug: outcome.slug, status: outcome.status, categoryCount: outcome.categoryCount, path: `/${outcome.slug}` };
  },
});

const duplicatesQuery = z.object({ url: toolUrl, exclude: z.uuid().optional() });

/**
 * GET /api/posts/duplicates?url=: { duplicates, pendingNotice }: published tools on the same site (and the
 * viewer's own pending ones), and a sentence when someone else's submission for it awaits review.
 */
export const duplicatesEndpoint = endpoint({
  access: 'publish:post:own',
  query: duplicatesQuery,
  handle: async ({ query, user }) =>
    query.url ? await findDuplicateTools(query.url, user, query.exclude ?? null) : ({ duplicates: [], pendingNotice: null } satisfies DuplicateCheck),
});

/** Reading a stranger's page: short deadline, and only its start (the head is what we read). */
const PAGE_FETCH = { timeoutMs: 6_000, maxBytes: 512 * 1024 };

/**
 * POST /api/posts/page-metadata {url}: what the tool's homepage says about itself (title, description,
 * og:image, icon), fetched through safe-fetch, as suggestions the author may accept.
 */
export const pageMetadataEndpoint = endpoint({
  access: 'publish:post:own',
  body: { json: z.strictObject({ url: toolUrl.refine((value) => value !== '', { error: 'Escribe la dirección de la herramienta.' }) }) },
  limits: LOOKUP_RATE_LIMITS,
  handle: async ({ body, request }) => {
    try {
      const page = await fetchPageSafely(body.url, { ...PAGE_FETCH, allowHosts: serverEnv().SAFE_FETCH_ALLOW_HOSTS, signal: request.signal });
      return { finalUrl: page.finalUrl, suggestions: extractPageMetadata(page.html, page.finalUrl) };
    } catch (error) {
      if (error instanceof SafeFetchError) throw remoteError(error);
      throw error;
    }
  },
});
