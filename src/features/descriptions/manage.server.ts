/** Save, unsave and delete of one's own description: signed in, same origin, and the row must be theirs. */
import type { APIContext } from 'astro';
import { z } from 'zod';
import { deleteOwnDescription, isDescriptionId, setDescriptionSaved } from './queries.server.ts';
import { CROSS_SITE_MESSAGE, isSameOrigin, json, jsonError, NOT_SIGNED_IN_MESSAGE, readJsonBody } from '../../server/http/endpoint.ts';
import { siteConfig } from '../../server/site.ts';

type Context = Pick<APIContext, 'request' | 'locals' | 'params'>;

export const DESCRIPTION_NOT_FOUND_MESSAGE = 'Descripción no encontrada';

function authorize(context: Context): { userId: string; id: string } | Response {
  if (!isSameOrigin(context.request, new URL(siteConfig().url).origin)) return jsonError(403, CROSS_SITE_MESSAGE);
  const user = context.locals.user;
  if (!user) return jsonError(401, NOT_SIGNED_IN_MESSAGE);
  const id = context.params.id;
  if (!isDescriptionId(id)) return jsonError(404, DESCRIPTION_NOT_FOUND_MESSAGE);
  return { userId: user.id, id };
}

const saveBody = z.object({ saved: z.boolean() });

/** PUT /api/descriptions/{id}/save with {saved}: answers {saved} as it now stands. */
export async function saveDescription(context: Context): Promise<Response> {
  const allowed = authorize(context);
  if (allowed instanceof Response) return allowed;
  const body = await readJsonBody(context.request, saveBody);
  if (!body.ok) return body.response;
  const saved = await setDescriptionSaved(allowed.userId, allowed.id, body.data.saved);
  if (saved === null) return jsonError(404, DESCRIPTION_NOT_FOUND_MESSAGE);
  return json({ saved });
}

/** DELETE /api/descriptions/{id}: someone else's description answers 404, as if it did not exist. */
export async function removeDescription(context: Context): Promise<Response> {
  const allowed = authorize(context);
  if (allowed instanceof Response) return allowed;
  if (!(await deleteOwnDescription(allowed.userId, allowed.id))) return jsonError(404, DESCRIPTION_NOT_FOUND_MESSAGE);
  return new Response(null, { status: 204 });
}
