/**
 * Every SQL statement of reviews. Each write is one statement whose conditions (published tool, verified
 * author, own row, not one's own review) sit in its WHERE, so concurrent requests cannot slip between a check and
 * the write; the unique (post_id, user_id) index decides which of two simultaneous first reviews wins. The counts
 * on posts and reviews are moved by the triggers of 20261125232143_reviews.sql.
 */
import { getPool } from '../../server/db/client.ts';
import type { Queryable } from '../../server/db/queryable.ts';
import type { ReviewFields } from './review-input.ts';
import { REVIEWS_PAGE_SIZE, type PublicReview, type ReviewOrder, type ReviewsPage, type ReviewsSummary } from './reviews.ts';

export type CreateOutcome = { kind: 'created'; id: string } | { kind: 'exists' } | { kind: 'missing' } | { kind: 'unverified' } | { kind: 'own-tool' };
export type OwnChangeOutcome = 'changed' | 'not-yours' | 'missing' | 'unverified' | 'own-tool';

/** True where `user` is the verified maker of `post` (SQL expressions): a maker's stars would be self-serving (Google's review rules). */
export const isMakerOf = (user: string, tool: string) =>
  `EXISTS (SELECT 1 FROM tool_claims c WHERE c.post_id = ${tool} AND c.user_id = ${user} AND c.status = 'verified')`;
export type VoteOutcome = 'counted' | 'already' | 'own' | 'missing';

interface ReviewRow {
  id: string;
  rating: number;
  title: string;
  body: string;
  pros: string;
  cons: string;
  author_name: string;
  created_at: Date;
  updated_at: Date;
  helpful_count: number;
  mine: boolean;
  voted: boolean;
  reply_id: string | null;
  reply_body: string | null;
  reply_maker: string | null;
  reply_created_at: Date | null;
  reply_updated_at: Date | null;
  reply_mine: boolean;
}

/** The columns of a public review and its maker's reply, as seen by `$1` (the viewer's id, or null for a guest). */
const REVIEW_COLUMNS = `r.id, r.rating, r.title, r.body, r.pros, r.cons, u.name AS author_name, r.created_at, r.updated_at,
  r.helpful_count, coalesce(r.user_id = $1, false) AS mine,
  EXISTS (SELECT 1 FROM review_votes v WHERE v.review_id = r.id AND v.user_id = $1) AS voted,
  rp.id AS reply_id, rp.body AS reply_body, mu.name AS reply_maker, rp.created_at AS reply_created_at, rp.updated_at AS reply_updated_at,
  coalesce(rp.user_id = $1, false) AS reply_mine`;

/** Reviews with their author and the reply of the tool's maker, shown only while its writer is still the verified maker. */
const REVIEWS_FROM = `reviews r JOIN profiles u ON u.id = r.user_id
  LEFT JOIN review_replies rp ON rp.review_id = r.id AND ${isMakerOf('rp.user_id', 'r.post_id')}
  LEFT JOIN profiles mu ON mu.id = rp.user_id`;

const ORDERS: Record<ReviewOrder, string> = {
  recientes: 'r.created_at DESC, r.id',
  utiles: 'r.helpful_count DESC, r.created_at DESC, r.id',
};

function toPublic(row: ReviewRow): PublicReview {
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    body: row.body,
    pros: row.pros,
    cons: row.cons,
    authorName: row.author_name,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    helpfulCount: row.helpful_count,
    mine: row.mine,
    votedHelpful: row.voted,
    reply:
      row.reply_id === null
        ? null
        : {
            id: row.reply_id,
            body: row.reply_body!,
            makerName: row.reply_maker!,
            createdAt: row.reply_created_at!.toISOString(),
            updatedAt: row.reply_updated_at!.toISOString(),
            mine: row.reply_mine,
          },
  };
}

/** The summary and one page of a published tool's published reviews; null when the tool is not published. */
export async function listToolReviews(
  toolId: string,
  order: ReviewOrder,
  page: number,
  viewerId: string | null,
  db: Queryable = getPool(),
): Promise<ReviewsPage | null> {
  const tool = await db.query<{ rating_count: number; rating_sum: number; viewer_is_maker: boolean }>(
    `SELECT rating_count, rating_sum, ${isMakerOf('$2::text', 'posts.id')} AS viewer_is_maker FROM posts WHERE id = $1 AND status = 'published'`,
    [toolId, viewerId],
  );
  if (!tool.rows[0]) return null;
  const [distribution, list, own] = await Promise.all([
    db.query<{ rating: number; reviews: number }>(
      `SELECT rating, count(*)::int AS reviews FROM reviews WHERE post_id = $1 AND status = 'published' GROUP BY rating`,
      [toolId],
    ),
    db.query<ReviewRow>(
      `SELECT ${REVIEW_COLUMNS} FROM ${REVIEWS_FROM}
        WHERE r.post_id = $2 AND r.status = 'published'
        ORDER BY ${ORDERS[order]} LIMIT ${REVIEWS_PAGE_SIZE + 1} OFFSET ${(page - 1) * REVIEWS_PAGE_SIZE}`,
      [viewerId, toolId],
    ),
    viewerId
      ? db.query<ReviewRow>(`SELECT ${REVIEW_COLUMNS} FROM ${REVIEWS_FROM} WHERE r.post_id = $2 AND r.user_id = $1`, [viewerId, toolId])
      : Promise.resolve({ rows: [] as ReviewRow[] }),
  ]);
  const byStars = new Map(distribution.rows.map((row) => [row.rating, row.reviews]));
  const summary: ReviewsSummary = {
    ratingCount: tool.rows[0].rating_count,
    ratingSum: tool.rows[0].rating_sum,
    distribution: [5, 4, 3, 2, 1].map((stars) => byStars.get(stars) ?? 0) as ReviewsSummary['distribution'],
  };
  return {
    summary,
    reviews: list.rows.slice(0, REVIEWS_PAGE_SIZE).map(toPublic),
    page,
    hasMore: list.rows.length > REVIEWS_PAGE_SIZE,
    own: own.rows[0] ? toPublic(own.rows[0]) : null,
    signedIn: viewerId !== null,
    isMaker: tool.rows[0].viewer_is_maker,
  };
}

/** The newest published reviews with text, for the tool page's `review` JSON-LD. */
export async function listReviewsForStructuredData(toolId: string, limit: number, db: Queryable = getPool()) {
  const { rows } = await db.query<{ rating: number; title: string; body: string; author_name: string; created_at: Date }>(
    `SELECT r.rating, r.title, r.body, u.name AS author_name, r.created_at
       FROM reviews r JOIN profiles u ON u.id = r.user_id
      WHERE r.post_id = $1 AND r.status = 'published' AND r.body <> ''
      ORDER BY r.created_at DESC, r.id LIMIT ${Number(limit)}`,
    [toolId],
  );
  return rows.map((row) => ({ rating: row.rating, title: row.title, body: row.body, authorName: row.author_name, createdAt: row.created_at }));
}

export async function createReview(userId: string, toolId: string, fields: ReviewFields, db: Queryable = getPool()): Promise<CreateOutcome> {
  const { rows } = await db.query<{ verified: boolean | null; found: boolean; id: string | null; maker: boolean }>(
    `WITH author AS (
       SELECT email_verified FROM profiles WHERE id = $1
     ), tool AS (
       SELECT id FROM posts WHERE id = $2 AND status = 'published'
     ), inserted AS (
       INSERT INTO reviews (post_id, user_id, rating, title, body, pros, cons)
       SELECT tool.id, $1, $3, $4, $5, $6, $7 FROM tool, author WHERE author.email_verified AND NOT ${isMakerOf('$1', 'tool.id')}
       ON CONFLICT (post_id, user_id) DO NOTHING
       RETURNING id
     )
     SELECT (SELECT email_verified FROM author) AS verified, EXISTS (SELECT 1 FROM tool) AS found, (SELECT id FROM inserted) AS id,
            ${isMakerOf('$1', '$2')} AS maker`,
    [userId, toolId, fields.rating, fields.title, fields.body, fields.pros, fields.cons],
  );
  const row = rows[0]!;
  if (!row.verified) return { kind: 'unverified' };
  if (!row.found) return { kind: 'missing' };
  if (row.maker) return { kind: 'own-tool' };
  return row.id ? { kind: 'created', id: row.id } : { kind: 'exists' };
}

/** Rewrites the author's own review; a review an admin hid stays hidden, and a maker's stays as it is. */
export async function updateOwnReview(userId: string, reviewId: string, fields: ReviewFields, db: Queryable = getPool()): Promise<OwnChangeOutcome> {
  const { rows } = await db.query<{ verified: boolean | null; owner: string | null; changed: boolean; maker: boolean }>(
    `WITH author AS (
       SELECT email_verified FROM profiles WHERE id = $1
     ), updated AS (
       UPDATE reviews r SET rating = $3, title = $4, body = $5, pros = $6, cons = $7, updated_at = now()
        WHERE r.id = $2 AND r.user_id = $1 AND (SELECT email_verified FROM author) AND NOT ${isMakerOf('$1', 'r.post_id')}
       RETURNING r.id
     )
     SELECT (SELECT email_verified FROM author) AS verified, (SELECT user_id FROM reviews WHERE id = $2) AS owner,
            EXISTS (SELECT 1 FROM updated) AS changed,
            EXISTS (SELECT 1 FROM reviews r WHERE r.id = $2 AND ${isMakerOf('$1', 'r.post_id')}) AS maker`,
    [userId, reviewId, fields.rating, fields.title, fields.body, fields.pros, fields.cons],
  );
  const row = rows[0]!;
  if (row.changed) return 'changed';
  if (row.owner === null) return 'missing';
  if (row.owner !== userId) return 'not-yours';
  return row.maker && row.verified ? 'own-tool' : 'unverified';
}

export async function deleteOwnReview(userId: string, reviewId: string, db: Queryable = getPool()): Promise<OwnChangeOutcome> {
  const { rows } = await db.query<{ owner: string | null; removed: boolean }>(
    `WITH removed AS (DELETE FROM reviews WHERE id = $2 AND user_id = $1 RETURNING id)
     SELECT (SELECT user_id FROM reviews WHERE id = $2) AS owner, EXISTS (SELECT 1 FROM removed) AS removed`,
    [userId, reviewId],
  );
  const row = rows[0]!;
  if (row.removed) return 'changed';
  return row.owner === null ? 'missing' : 'not-yours';
}

/**
 * Records the user's «¿Te ha sido útil?» vote or report on a published review (table review_votes or
 * review_reports): once per account, never on their own review.
 */
async function markReview(table: 'review_votes' | 'review_reports', userId: string, reviewId: string, db: Queryable): Promise<VoteOutcome> {
  const { rows } = await db.query<{ owner: string | null; inserted: boolean }>(
    `WITH target AS (
       SELECT r.id, r.user_id FROM reviews r JOIN posts p ON p.id = r.post_id
        WHERE r.id = $2 AND r.status = 'published' AND p.status = 'published'
     ), inserted AS (
       INSERT INTO ${table} (review_id, user_id) SELECT id, $1 FROM target WHERE user_id <> $1
       ON CONFLICT DO NOTHING
       RETURNING review_id
     )
     SELECT (SELECT user_id FROM target) AS owner, EXISTS (SELECT 1 FROM inserted) AS inserted`,
    [userId, reviewId],
  );
  const row = rows[0]!;
  if (row.owner === null) return 'missing';
  if (row.owner === userId) return 'own';
  return row.inserted ? 'counted' : 'already';
}

export const voteHelpful = (userId: string, reviewId: string, db: Queryable = getPool()) => markReview('review_votes', userId, reviewId, db);
export const reportReview = (userId: string, reviewId: string, db: Queryable = getPool()) => markReview('review_reports', userId, reviewId, db);

export async function helpfulCountOf(reviewId: string, db: Queryable = getPool()): Promise<number> {
  const { rows } = await db.query<{ helpful_count: number }>('SELECT helpful_count FROM reviews WHERE id = $1', [reviewId]);
  return rows[0]?.helpful_count ?? 0;
}
