/** POST /api/images/{id}/save: SPEC's toggle_saved_image for the signed-in owner; answers { saved } as it is now. */
import type { APIRoute } from 'astro';
import { z } from 'zod';
import {
  IMAGE_NOT_FOUND_MESSAGE,
  SIGN_IN_TO_SAVE_MESSAGE,
  UPDATE_FAILED_MESSAGE,
  imageActionInput,
} from '../../../../features/image-generator/image-generator.ts';
import { toggleSavedImage } from '../../../../features/image-generator/queries.server.ts';
import { CROSS_SITE_MESSAGE, isSameOrigin, json, jsonError, readJsonBody } from '../../../../server/http/endpoint.ts';
import { siteConfig } from '../../../../server/site.ts';

export const prerender = false;

export const POST: APIRoute = async ({ request, params, locals }) => {
  if (!isSameOrigin(request, new URL(siteConfig().url).origin)) return jsonError(403, CROSS_SITE_MESSAGE);
  const body = await readJsonBody(request, imageActionInput);
  if (!body.ok) return body.response;
  if (!locals.user) return jsonError(401, SIGN_IN_TO_SAVE_MESSAGE);
  const id = z.uuid().safeParse(params.id);
  if (!id.success) return jsonError(404, IMAGE_NOT_FOUND_MESSAGE);
  try {
    const saved = await toggleSavedImage(locals.user.id, id.data);
    if (saved === null) return jsonError(404, IMAGE_NOT_FOUND_MESSAGE);
    return json({ saved });
  } catch (error) {
    console.error('Error al guardar una imagen', error);
    return jsonError(500, UPDATE_FAILED_MESSAGE);
  }
};
