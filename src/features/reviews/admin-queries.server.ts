/** The statements behind /admin/valoraciones (reviews-admin.server.ts holds the permission checks and the endpoints). */
import { ADMIN_PAGE_SIZE } from '../../server/admin/admin-queries.ts';
import type { Queryable } from '../../server/db/queryable.ts';
import type { ReviewFilter } from './reviews-admin.server.ts';

const WHERE: Record<ReviewFilter, string> = {
  denunciadas: 'WHERE x.reports > 0',
  ocultas: "WHERE x.status = 'hidden'",
  todas: '',
};

/** One page of reviews for moderation, the most reported first, with the total that match the filter. */
export async function readAdminReviewsPage(filter: ReviewFilter, page: number, db: Queryable) {
  const base = `SELECT r.*, (SELECT count(*)::int FROM review_reports rr WHERE rr.review_id = r.id) AS reports FROM reviews r`;
  const [{ rows }, count] = await Promise.all([
    db.query<{
      id: string;
      rating: number;
      title: string;
      body: string;
      pros: string;
      cons: string;
      status: 'published' | 'hidden';
      reports: number;
      helpful_count: number;
      created_at: Date;
      author_name: string;
      author_email: string;
      tool_title: string;
      tool_slug: string;
      reply_id: string | null;
      reply_body: string | null;
    }>(
      `SELECT x.id, x.rating, x.title, x.body, x.pros, x.cons, x.status, x.reports, x.helpful_count, x.created_at,
              u.name AS author_name, u.email AS author_email, p.title AS tool_title, p.slug AS tool_slug,
              rp.id AS reply_id, rp.body AS reply_body
         FROM (${base}) x JOIN profiles u ON u.id = x.user_id JOIN posts p ON p.id = x.post_id
         LEFT JOIN review_replies rp ON rp.review_id = x.id
         ${WHERE[filter]}
        ORDER BY x.reports DESC, x.created_at DESC, x.id
        LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${(page - 1) * ADMIN_PAGE_SIZE}`,
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM (${base}) x ${WHERE[filter]}`),
  ]);
  return { rows, total: count.rows[0]!.total };
}

/** Hides or shows a review; answers its status before and its tool's title, or undefined when there is no such review. */
export async function updateReviewStatus(id: string, status: 'published' | 'hidden', db: Queryable): Promise<{ before: string; tool: string } | undefined> {
  const { rows } = await db.query<{ before: string; title: string; tool: string }>(
    `WITH old AS (SELECT id, status FROM reviews WHERE id = $1 FOR UPDATE)
     UPDATE reviews r SET status = $2 FROM old, posts p
      WHERE r.id = old.id AND p.id = r.post_id
     RETURNING old.status AS before, r.title, p.title AS tool`,
    [id, status],
  );
  return rows[0];
}

/** Deletes a review; answers what it said and its tool's title, or undefined when there is no such review. */
export async function deleteReviewById(id: string, db: Queryable) {
  const { rows } = await db.query<{ rating: number; title: string; body: string; userId: string; tool: string }>(
    `DELETE FROM reviews r USING posts p WHERE r.id = $1 AND p.id = r.post_id
     RETURNING r.rating, r.title, r.body, r.user_id AS "userId", p.title AS tool`,
    [id],
  );
  return rows[0];
}
