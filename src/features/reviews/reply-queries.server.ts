/**
 * Every SQL statement of makers' replies to reviews. Each write is one statement whose WHERE holds the
 * conditions (published review, the writer is the tool's verified maker, own reply), so nothing slips between a
 * check and the write; the unique index on review_id decides which of two simultaneous replies wins.
 */
import type { Queryable } from '../../server/db/queryable.ts';
import { isMakerOf } from './queries.server.ts';

export type ReplyCreateOutcome = { kind: 'created'; id: string; tool: string } | { kind: 'exists' } | { kind: 'missing' } | { kind: 'not-maker' };
export type ReplyChangeOutcome =
  { kind: 'changed'; before: string; reviewId: string; tool: string } | { kind: 'missing' } | { kind: 'not-yours' } | { kind: 'not-maker' };

/** The verified maker's one reply to a published review of their published tool. */
export async function insertReply(userId: string, reviewId: string, body: string, db: Queryable): Promise<ReplyCreateOutcome> {
  const { rows } = await db.query<{ tool: string | null; maker: boolean; id: string | null }>(
    `WITH target AS (
       SELECT r.id, r.post_id, p.title, ${isMakerOf('$1', 'r.post_id')} AS maker
         FROM reviews r JOIN posts p ON p.id = r.post_id
        WHERE r.id = $2 AND r.status = 'published' AND p.status = 'published'
     ), inserted AS (
       INSERT INTO review_replies (review_id, user_id, body) SELECT id, $1, $3 FROM target WHERE maker
       ON CONFLICT (review_id) DO NOTHING
       RETURNING id
     )
     SELECT (SELECT title FROM target) AS tool, coalesce((SELECT maker FROM target), false) AS maker, (SELECT id FROM inserted) AS id`,
    [userId, reviewId, body],
  );
  const row = rows[0]!;
  if (row.tool === null) return { kind: 'missing' };
  if (!row.maker) return { kind: 'not-maker' };
  return row.id ? { kind: 'created', id: row.id, tool: row.tool } : { kind: 'exists' };
}

interface ChangeRow {
  owner: string | null;
  before: string | null;
  review_id: string | null;
  tool: string | null;
  maker: boolean;
  changed: boolean;
}

function changeOutcome(row: ChangeRow | undefined, userId: string): ReplyChangeOutcome {
  if (!row?.owner) return { kind: 'missing' };
  if (row.owner !== userId) return { kind: 'not-yours' };
  if (!row.changed) return { kind: 'not-maker' };
  return { kind: 'changed', before: row.before!, reviewId: row.review_id!, tool: row.tool! };
}

/** Rewrites the maker's own reply, while they are still the tool's verified maker. */
export async function updateOwnReply(userId: string, replyId: string, body: string, db: Queryable): Promise<ReplyChangeOutcome> {
  const { rows } = await db.query<ChangeRow>(
    `WITH old AS (
       SELECT rp.id, rp.user_id, rp.body, rp.review_id, p.title, ${isMakerOf('$1', 'r.post_id')} AS maker
         FROM review_replies rp JOIN reviews r ON r.id = rp.review_id JOIN posts p ON p.id = r.post_id
        WHERE rp.id = $2 FOR UPDATE OF rp
     ), updated AS (
       UPDATE review_replies x SET body = $3, updated_at = now() FROM old WHERE x.id = old.id AND old.user_id = $1 AND old.maker
       RETURNING x.id
     )
     SELECT old.user_id AS owner, old.body AS before, old.review_id, old.title AS tool, old.maker, EXISTS (SELECT 1 FROM updated) AS changed FROM old`,
    [userId, replyId, body],
  );
  return changeOutcome(rows[0], userId);
}

/** Deletes the maker's own reply; their words stay theirs to remove even after the claim is withdrawn. */
export async function deleteOwnReply(userId: string, replyId: string, db: Queryable): Promise<ReplyChangeOutcome> {
  const { rows } = await db.query<ChangeRow>(
    `WITH old AS (
       SELECT rp.id, rp.user_id, rp.body, rp.review_id, p.title
         FROM review_replies rp JOIN reviews r ON r.id = rp.review_id JOIN posts p ON p.id = r.post_id
        WHERE rp.id = $2 FOR UPDATE OF rp
     ), removed AS (
       DELETE FROM review_replies x USING old WHERE x.id = old.id AND old.user_id = $1 RETURNING x.id
     )
     SELECT old.user_id AS owner, old.body AS before, old.review_id, old.title AS tool, true AS maker, EXISTS (SELECT 1 FROM removed) AS changed FROM old`,
    [userId, replyId],
  );
  return changeOutcome(rows[0], userId);
}

/** An admin removes any reply; answers what it said, for the audit log, or null when there was none. */
export async function deleteReplyById(replyId: string, db: Queryable): Promise<{ body: string; userId: string; reviewId: string; tool: string } | null> {
  const { rows } = await db.query<{ body: string; user_id: string; review_id: string; tool: string }>(
    `DELETE FROM review_replies rp USING reviews r, posts p WHERE rp.id = $1 AND r.id = rp.review_id AND p.id = r.post_id
     RETURNING rp.body, rp.user_id, rp.review_id, p.title AS tool`,
    [replyId],
  );
  const row = rows[0];
  return row ? { body: row.body, userId: row.user_id, reviewId: row.review_id, tool: row.tool } : null;
}
