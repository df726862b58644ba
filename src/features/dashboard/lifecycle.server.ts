/**
 * An author's published listing over its life: it is withdrawn, never deleted, by its author (off the
 * site, audited, admins told) and can be asked back, which sends it to Pendientes as a resubmission. Every
 * statement filters by the session's user id: another user's listing answers 404 like one that does not exist.
 */
import type { SessionUser } from '../../server/auth/auth.ts';
import { recordAdminAction } from '../../server/audit/audit-log.ts';
import { getPool } from '../../server/db/client.ts';
import { inTransaction } from '../../server/db/transaction.ts';
import { lockOwnListing, setOwnListingStatus, type OwnListing } from './queries.server.ts';
import { AppError, endpoint } from '../../server/http/endpoint.ts';
import { z } from '../../lib/zod.ts';
import { notifyAdmins } from '../../server/email/admin-notices.ts';
import { publishedContentChanged } from '../../server/site-updates.ts';

/** A few clicks a minute for a person; a script flipping listings back and forth is not. */
const LIFECYCLE_LIMITS = { name: 'dashboard-lifecycle', user: { window: 60, max: 20 }, ip: { window: 60, max: 60 } };

type Author = Pick<SessionUser, 'id' | 'name'>;

/**
 * Moves the author's own listing from `from` to `to` with its audit entry, in one transaction. A listing that is
 * not theirs is 'post_not_found'; one in another state is `wrongState`.
 */
async function moveOwnListing(
  author: Author,
  toolId: string,
  move: { from: 'published' | 'withdrawn'; to: 'withdrawn' | 'pending'; action: string; summary: string; wrongState: 'not_withdrawable' | 'not_withdrawn' },
  pool = getPool(),
): Promise<OwnListing> {
  return inTransaction(async (db) => {
    const listing = await lockOwnListing(author.id, toolId, db);
    if (!listing) throw new AppError('post_not_found');
    if (listing.status !== move.from) throw new AppError(move.wrongState);
    await setOwnListingStatus(toolId, move.to, db);
    await recordAdminAction(
      { id: author.id, name: author.name },
      {
        action: move.action,
        targetType: 'post',
        targetId: toolId,
        summary: `${move.summary} «${listing.title}»`,
        before: { status: move.from },
        after: { status: move.to },
      },
      db,
    );
    return listing;
  }, pool);
}

/** The author takes their published listing off the site; its address answers 410 until it is back. */
export function withdrawOwnListing(author: Author, toolId: string, pool = getPool()): Promise<OwnListing> {
  return moveOwnListing(
    author,
    toolId,
    { from: 'published', to: 'withdrawn', action: 'post.withdraw', summary: 'Retiró su herramienta', wrongState: 'not_withdrawable' },
    pool,
  );
}

/** The author asks for their withdrawn listing back: it goes to Pendientes like any resubmission. */
export function askBackOwnListing(author: Author, toolId: string, pool = getPool()): Promise<OwnListing> {
  return moveOwnListing(
    author,
    toolId,
    { from: 'withdrawn', to: 'pending', action: 'post.ask_back', summary: 'Pidió que vuelva', wrongState: 'not_withdrawn' },
    pool,
  );
}

const idParams = z.object({ id: z.string() });
/** The buttons send an empty object: anything else (or anything big) is refused before the database is touched. */
const emptyBody = { json: z.strictObject({}) };

/** A malformed id names nobody's listing: it is as missing as another user's. */
function listingId(value: string): string {
  const id = z.uuid().safeParse(value);
  if (!id.success) throw new AppError('post_not_found');
  return id.data;
}

/** POST /api/dashboard/posts/{id}/withdraw: answers { id, status: 'withdrawn' }. */
export const withdrawToolEndpoint = endpoint({
  access: 'update:post:own',
  params: idParams,
  body: emptyBody,
  limits: LIFECYCLE_LIMITS,
  handle: async ({ user, params }) => {
    const listing = await withdrawOwnListing(user, listingId(params.id));
    await publishedContentChanged(`retirada de «${listing.title}» por su autor`);
    await notifyAdmins({ kind: 'withdrawn', title: listing.title, authorName: user.name });
    return { id: listing.id, status: 'withdrawn' };
  },
});

/** POST /api/dashboard/posts/{id}/resubmit: answers { id, status: 'pending' }. */
export const askBackToolEndpoint = endpoint({
  access: 'update:post:own',
  params: idParams,
  body: emptyBody,
  limits: LIFECYCLE_LIMITS,
  handle: async ({ user, params }) => {
    const listing = await askBackOwnListing(user, listingId(params.id));
    await notifyAdmins({ kind: 'resubmitted', title: listing.title, authorName: user.name });
    return { id: listing.id, status: 'pending' };
  },
});
