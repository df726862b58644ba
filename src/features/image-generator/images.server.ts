/**
 * The image generator's endpoints: generate, list the visitor's gallery, save and
 * delete. A visitor only ever sees and changes their own images: the account's when signed in, else the browser
 * session's; anyone else's id answers 404, as if it did not exist.
 */
import { acquireGeneration } from '../../server/ai/guard.ts';
import { getImageGenerator } from '../../server/ai/registry.ts';
import { AppError, endpoint } from '../../server/http/endpoint.ts';
import { deleteUnreferencedFiles } from '../../server/storage/file-owners.ts';
import { getStorage } from '../../server/storage/storage.ts';
import { z } from '../../lib/zod.ts';
import { visitorType } from '../../lib/visitor/visitor.ts';
import { generateImages } from './generate-images.server.ts';
import { galleryQuery, GENERATION_FAILED_MESSAGE, imageActionInput, imageGenerationInput, SIGN_IN_TO_SAVE_MESSAGE } from './image-generator.ts';
import { ownerOf } from './owner.server.ts';
import { deleteOwnedImage, listGallery, toggleSavedImage } from './queries.server.ts';

const imageParams = z.object({ id: z.string() });

/** A malformed id names nobody's image: it is as missing as another visitor's. */
function imageId(params: { id: string }): string {
  const id = z.uuid().safeParse(params.id);
  if (!id.success) throw new AppError('image_not_found');
  return id.data;
}

/** POST /api/ai/images: generates 1 to 9 images for the visitor and answers their gallery rows. */
export const generateImagesEndpoint = endpoint({
  body: { json: imageGenerationInput },
  handle: async ({ body, user, ip, request }) => {
    const { sessionId, ...input } = body;
    if (!user && !sessionId) throw new AppError('bad_request', { message: 'Identificador de sesión no válido.' });
    const release = await acquireGeneration('images', { userId: user?.id, anonymousSessionId: sessionId, ip });
    try {
      const result = await generateImages(
        { generator: getImageGenerator(), storage: getStorage() },
        {
          input,
          owner: user ? { userId: user.id } : { sessionId: sessionId! },
          visitorType: visitorType(request.headers.get('user-agent'), Boolean(user)),
          signal: request.signal,
        },
      );
      if (result.images.length === 0) throw result.failure ?? new AppError('ai_bad_response', { message: GENERATION_FAILED_MESSAGE });
      const partial = result.failure ? `Se generaron ${result.images.length} de ${result.requested} imágenes. ${result.failure.visitorMessage}` : undefined;
      return { images: result.images, ...(partial ? { error: partial } : {}) };
    } finally {
      await release();
    }
  },
});

/**
 * GET /api/images?tab=all|saved|recent&page=n[&sessionId=][&q=][&sort=newest|oldest|prompt]: one page of the
 * visitor's own gallery with tab counts; the dashboard adds a search in the prompts and an order.
 */
export const galleryEndpoint = endpoint({
  query: galleryQuery,
  handle: async ({ query, user }) => {
    const owner = ownerOf(user, query.sessionId);
    if (!owner) return { items: [], counts: { all: 0, saved: 0, recent: 0 }, hasMore: false };
    return listGallery(owner, query.tab, { page: query.page, search: query.q, sort: query.sort });
  },
});

/** DELETE /api/images/{id} {sessionId?}: removes one of the visitor's own images and its file. */
export const deleteImageEndpoint = endpoint({
  body: { json: imageActionInput },
  params: imageParams,
  handle: async ({ body, params, user }) => {
    const id = imageId(params);
    const owner = ownerOf(user, body.sessionId);
    if (!owner) throw new AppError('not_signed_in');
    const reference = await deleteOwnedImage(owner, id);
    if (!reference) throw new AppError('image_not_found');
    // The row is gone either way; the file goes too unless a publication or a profile still shows it.
    await deleteUnreferencedFiles([reference], { storage: getStorage(), what: 'imagen generada eliminada', actorId: user?.id ?? null });
    return { deleted: true };
  },
});

/** POST /api/images/{id}/save: SPEC's toggle_saved_image for the signed-in owner; answers { saved } as it is now. */
export const toggleSavedImageEndpoint = endpoint({
  access: { need: 'save:image:own', signedOut: SIGN_IN_TO_SAVE_MESSAGE },
  body: { json: imageActionInput },
  params: imageParams,
  handle: async ({ params, user }) => {
    const saved = await toggleSavedImage(user.id, imageId(params));
    if (saved === null) throw new AppError('image_not_found');
    return { saved };
  },
});
