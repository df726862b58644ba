/** DELETE /api/images/{id} {sessionId?}: removes one of the visitor's own images and its file; others' answer 404. */
import type { APIRoute } from 'astro';
import { z } from 'zod';
import { DELETE_FAILED_MESSAGE, IMAGE_NOT_FOUND_MESSAGE, imageActionInput } from '../../../lib/image-generator.ts';
import { deleteOwnedImage } from '../../../server/db/queries/visitor/generated-images.ts';
import { CROSS_SITE_MESSAGE, isSameOrigin, json, jsonError, NOT_SIGNED_IN_MESSAGE, readJsonBody } from '../../../server/http/endpoint.ts';
import { ownerOf } from '../../../server/images/owner.ts';
import { siteConfig } from '../../../server/site.ts';
import { keyOf } from '../../../server/storage/driver.ts';
import { getStorage } from '../../../server/storage/storage.ts';

export const prerender = false;

export const DELETE: APIRoute = async ({ request, params, locals }) => {
  if (!isSameOrigin(request, new URL(siteConfig().url).origin)) return jsonError(403, CROSS_SITE_MESSAGE);
  const body = await readJsonBody(request, imageActionInput);
  if (!body.ok) return body.response;
  const id = z.uuid().safeParse(params.id);
  if (!id.success) return jsonError(404, IMAGE_NOT_FOUND_MESSAGE);
  const owner = ownerOf(locals.user, body.data.sessionId);
  if (!owner) return jsonError(401, NOT_SIGNED_IN_MESSAGE);
  try {
    const reference = await deleteOwnedImage(owner, id.data);
    if (!reference) return jsonError(404, IMAGE_NOT_FOUND_MESSAGE);
    const storage = getStorage();
    const key = keyOf(reference);
    // The row is gone either way; a file left behind is only wasted space, so the answer is still success.
    if (key) await storage.delete(key).catch((error: unknown) => console.error('No se pudo borrar el archivo de la imagen', error));
    return json({ deleted: true });
  } catch (error) {
    console.error('Error al eliminar una imagen', error);
    return jsonError(500, DELETE_FAILED_MESSAGE);
  }
};
