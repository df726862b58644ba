/**
 * The moderation queue (/admin/pendientes): pending submissions newest first, and the two decisions on them.
 * Every function checks the actor's role itself, not only the page; each decision is one transaction with its
 * audit entry, and the author hears about it by e-mail afterwards (a failed e-mail never undoes a decision).
 */
import { can } from '../../lib/permissions.ts';
import type { SessionUser } from '../../server/auth/auth.ts';
import { recordAdminAction } from '../../server/audit/audit-log.ts';
import { getPool } from '../../server/db/client.ts';
import type { Queryable } from '../../server/db/queryable.ts';
import { inTransaction } from '../../server/db/transaction.ts';
import type { Decision } from '../../server/email/author-notices.ts';
import { AppError } from '../../server/http/errors.ts';
import { knownFactsSql } from '../../server/db/queries/tool-facts.ts';

/** Throws the table's 'forbidden' unless the actor may moderate. */
export function assertModerator(actor: Pick<SessionUser, 'role'> | null): void {
  if (!actor || !can(actor.role, 'moderate:post:any')) throw new AppError('forbidden');
}

export interface PendingSubmission {
  id: string;
  title: string;
  slug: string;
  description: string;
  url: string | null;
  createdAt: Date;
  authorName: string | null;
  authorEmail: string | null;
  categories: string[];
  /** Other published or pending tools on the same registrable domain. */
  duplicates: { id: string; title: string; slug: string; status: 'published' | 'pending' }[];
}

/** Pending submissions, newest first, with author, categories and same-domain tools. */
export async function listPendingSubmissions(actor: Pick<SessionUser, 'role'> | null, db: Queryable = getPool()): Promise<PendingSubmission[]> {
  assertModerator(actor);
  const { rows } = await db.query<PendingSubmission>(
    `SELECT p.id, p.title, p.slug, p.description, p.url, p.created_at AS "createdAt",
            a.name AS "authorName", a.email AS "authorEmail",
            coalesce((SELECT array_agg(c.name ORDER BY pc.position, c.name) FROM post_categories pc
                      JOIN categories c ON c.id = pc.category_id WHERE pc.post_id = p.id), '{}') AS categories,
            coalesce((SELECT json_agg(json_build_object('id', o.id, 'title', o.title, 'slug', o.slug, 'status', o.status)
                                      ORDER BY o.status = 'published' DESC, o.created_at)
                      FROM posts o WHERE o.domain = p.domain AND o.id <> p.id AND o.status IN ('published', 'pending')), '[]') AS duplicates
     FROM posts p LEFT JOIN profiles a ON a.id = p.user_id
     WHERE p.status = 'pending'
     ORDER BY p.created_at DESC, p.id
     LIMIT 200`,
  );
  return rows;
}

async function lockPending(id: string, db: Queryable): Promise<{ id: string; slug: string; title: string; user_id: string | null }> {
  const { rows } = await db.query<{ id: string; slug: string; title: string; user_id: string | null; status: string }>(
    'SELECT id, slug, title, user_id, status FROM posts WHERE id = $1 FOR UPDATE',
    [id],
  );
  const row = rows[0];
  if (!row) throw new AppError('post_not_found');
  if (row.status !== 'pending') throw new AppError('already_reviewed');
  return row;
}

/**
 * Publishes a pending submission: published now, reviewed by the actor, any old note cleared. The author's facts,
 * published under the site's name, count as checked by the actor (the rule is in src/server/db/queries/tool-writes.ts factsCheck).
 */
export async function approveSubmission(id: string, actor: SessionUser, pool = getPool()): Promise<Decision> {
  assertModerator(actor);
  return inTransaction(async (client) => {
    const tool = await lockPending(id, client);
    await client.query(
      `UPDATE posts SET status = 'published', published_date = coalesce(published_date, now()), reviewed_at = now(),
                        reviewed_by = $2, review_note = NULL, updated_at = now(),
                        facts_checked_at = CASE WHEN ${knownFactsSql('posts')} THEN now() END,
                        facts_checked_by = CASE WHEN ${knownFactsSql('posts')} THEN $2 END
       WHERE id = $1`,
      [id, actor.id],
    );
    await recordAdminAction(
      { id: actor.id, name: actor.name },
      {
        action: 'post.approve',
        targetType: 'post',
        targetId: id,
        summary: `Aprobó «${tool.title}»`,
        before: { status: 'pending' },
        after: { status: 'published' },
      },
      client,
    );
    return { id, slug: tool.slug, title: tool.title, authorId: tool.user_id };
  }, pool);
}

/** Rejects a pending submission with the reason its author will read. */
export async function rejectSubmission(id: string, reason: string, actor: SessionUser, pool = getPool()): Promise<Decision> {
  assertModerator(actor);
  return inTransaction(async (client) => {
    const tool = await lockPending(id, client);
    await client.query(`UPDATE posts SET status = 'rejected', reviewed_at = now(), reviewed_by = $2, review_note = $3, updated_at = now() WHERE id = $1`, [
      id,
      actor.id,
      reason,
    ]);
    await recordAdminAction(
      { id: actor.id, name: actor.name },
      {
        action: 'post.reject',
        targetType: 'post',
        targetId: id,
        summary: `Rechazó «${tool.title}»`,
        before: { status: 'pending' },
        after: { status: 'rejected', reviewNote: reason },
      },
      client,
    );
    return { id, slug: tool.slug, title: tool.title, authorId: tool.user_id };
  }, pool);
}

/** The titles of those of these posts that exist (ids already checked to be UUIDs), so a batch's answer can name them. */
export async function titlesOf(ids: string[], db: Queryable = getPool()): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; title: string }>('SELECT id, title FROM posts WHERE id = ANY($1::uuid[])', [ids]);
  return new Map(rows.map((row) => [row.id, row.title]));
}
