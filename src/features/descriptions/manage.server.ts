/** Save, unsave and delete of one's own description: signed in, same origin, and the row must be theirs. */
import { AppError, endpoint } from '../../server/http/endpoint.ts';
import { z } from '../../lib/zod.ts';
import { deleteOwnDescription, isDescriptionId, setDescriptionSaved } from './queries.server.ts';

const DESCRIPTION_LIMITS = { name: 'descriptions', user: { window: 60, max: 60 } };

/** A malformed id cannot name anyone's row: it is as missing as another user's. */
function ownDescriptionId(params: Record<string, string | undefined>): string {
  if (!isDescriptionId(params.id)) throw new AppError('description_not_found');
  return params.id;
}

/** PUT /api/descriptions/{id}/save with {saved}: answers {saved} as it now stands. */
export const saveDescriptionEndpoint = endpoint({
  access: 'save:description:own',
  body: { json: z.object({ saved: z.boolean() }) },
  limits: DESCRIPTION_LIMITS,
  handle: async ({ user, body, context }) => {
    const saved = await setDescriptionSaved(user.id, ownDescriptionId(context.params), body.saved);
    if (saved === null) throw new AppError('description_not_found');
    return { saved };
  },
});

/** DELETE /api/descriptions/{id}: someone else's description answers 404, as if it did not exist. */
export const deleteDescriptionEndpoint = endpoint({
  access: 'save:description:own',
  limits: DESCRIPTION_LIMITS,
  handle: async ({ user, context }) => {
    if (!(await deleteOwnDescription(user.id, ownDescriptionId(context.params)))) throw new AppError('description_not_found');
    return undefined;
  },
});
