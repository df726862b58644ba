/** /api/saved: the signed-in user's saved tools. The user is always the session's, never one named in the body. */
import { AppError, endpoint } from '../../server/http/endpoint.ts';
import { listSavedToolIds, saveTool, unsaveTool } from './queries.server.ts';
import { savedToolInput } from './saved-tool-input.ts';

/** A person saves a few tools a minute; a script writing hundreds a second is not a person. */
export const SAVE_RATE_LIMITS = { name: 'saves', user: { window: 60, max: 60 }, ip: { window: 60, max: 120 } };

export const listSavedTools = endpoint({
  access: 'user',
  handle: async ({ user }) => ({ ids: await listSavedToolIds(user.id) }),
});

function changeSavedTool(save: boolean) {
  return endpoint({
    access: 'save:post:own',
    body: { json: savedToolInput },
    limits: SAVE_RATE_LIMITS,
    /** Answers { saved } with the state the user now has. */
    handle: async ({ user, body }) => {
      const outcome = save ? await saveTool(user.id, body.toolId) : await unsaveTool(user.id, body.toolId);
      if (outcome === 'missing') throw new AppError('tool_not_found');
      return { saved: save };
    },
  });
}

export const saveToolEndpoint = changeSavedTool(true);
export const unsaveToolEndpoint = changeSavedTool(false);
