/** /api/saved: the signed-in user's saved tools. The user is always the session's, never one named in the body. */
import { savedToolInput } from './saved-tool-input.ts';
import { TOOL_NOT_FOUND_MESSAGE } from './saved-tools.ts';
import type { SessionUser } from '../../server/auth/auth.ts';
import { listSavedToolIds, saveTool, unsaveTool } from './queries.server.ts';
import { CROSS_SITE_MESSAGE, isSameOrigin, json, jsonError, NOT_SIGNED_IN_MESSAGE, readJsonBody } from '../../server/http/endpoint.ts';

export const SAVED_TOOLS_UNAVAILABLE = 'No se pudieron actualizar tus herramientas guardadas. Inténtalo de nuevo.';

interface SavedToolsRequest {
  request: Request;
  user: Pick<SessionUser, 'id'> | null;
  siteOrigin: string;
}

export async function savedToolIdsResponse({ user }: Pick<SavedToolsRequest, 'user'>): Promise<Response> {
  if (!user) return jsonError(401, NOT_SIGNED_IN_MESSAGE);
  try {
    return json({ ids: await listSavedToolIds(user.id) });
  } catch (error) {
    return unavailable('GET /api/saved', error);
  }
}

/** POST saves, DELETE removes; both answer { saved } with the state the user now has. */
export async function changeSavedToolResponse({ request, user, siteOrigin }: SavedToolsRequest, save: boolean): Promise<Response> {
  if (!isSameOrigin(request, siteOrigin)) return jsonError(403, CROSS_SITE_MESSAGE);
  if (!user) return jsonError(401, NOT_SIGNED_IN_MESSAGE);
  const body = await readJsonBody(request, savedToolInput);
  if (!body.ok) return body.response;
  try {
    const outcome = save ? await saveTool(user.id, body.data.postId) : await unsaveTool(user.id, body.data.postId);
    if (outcome === 'missing') return jsonError(404, TOOL_NOT_FOUND_MESSAGE);
    return json({ saved: save });
  } catch (error) {
    return unavailable(`${request.method} /api/saved`, error);
  }
}

function unavailable(label: string, error: unknown): Response {
  // The visitor gets a Spanish sentence; the operator gets the cause in the log.
  console.error(`${label}:`, error);
  return jsonError(503, SAVED_TOOLS_UNAVAILABLE, { 'retry-after': '10' });
}
