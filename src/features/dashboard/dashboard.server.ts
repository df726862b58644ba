/**
 * The dashboard's endpoints (/api/dashboard/*): the user is always the session's, and an id that is not theirs
 * answers 404 exactly as one that does not exist.
 */
import { z } from '../../lib/zod.ts';
import { AppError, endpoint } from '../../server/http/endpoint.ts';
import { deleteUnreferencedFiles } from '../../server/storage/file-owners.ts';
import { getStorage } from '../../server/storage/storage.ts';
import { siteConfig } from '../../server/site.ts';
import { deleteOwnTool, deleteOwnStory, savedToolsPage } from './queries.server.ts';

/** Deleting is a few clicks a minute for a person; a script emptying an account is not. */
const DELETE_LIMITS = { name: 'dashboard-delete', user: { window: 60, max: 30 }, ip: { window: 60, max: 60 } };

const idParams = z.object({ id: z.string() });

/** A malformed id names nobody's row: it is as missing as another user's. */
function ownId(value: string, missing: 'post_not_found' | 'story_not_found'): string {
  const id = z.uuid().safeParse(value);
  if (!id.success) throw new AppError(missing);
  return id.data;
}

/** DELETE /api/dashboard/posts/{id}: the author deletes one of their own unpublished tools (a published one is withdrawn), and its image and logo unless still referenced. */
export const deleteToolEndpoint = endpoint({
  access: 'delete:post:own',
  params: idParams,
  limits: DELETE_LIMITS,
  handle: async ({ user, params }) => {
    const references = await deleteOwnTool(user.id, ownId(params.id, 'post_not_found'));
    if (!references) throw new AppError('post_not_found');
    if (references === 'published') throw new AppError('published_delete');
    // Only files nothing else references go (another post, a profile, a gallery), and never a curated logo.
    await deleteUnreferencedFiles(references, { storage: getStorage(), what: 'publicación eliminada', actorId: user.id });
    return undefined;
  },
});

/** GET /api/dashboard/saved?page=n: one page of the user's saved tools (24 a page). */
export const savedToolsEndpoint = endpoint({
  access: 'user',
  query: z.object({ page: z.coerce.number().int().min(1).max(10_000).catch(1) }),
  handle: async ({ user, query }) => savedToolsPage(user.id, query.page, siteConfig().name),
});

/** DELETE /api/dashboard/stories/{id}. */
export const deleteStoryEndpoint = endpoint({
  access: 'user',
  params: idParams,
  limits: DELETE_LIMITS,
  handle: async ({ user, params }) => {
    if (!(await deleteOwnStory(user.id, ownId(params.id, 'story_not_found')))) throw new AppError('story_not_found');
    return undefined;
  },
});
