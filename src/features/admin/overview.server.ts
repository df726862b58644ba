/** /admin: what needs attention at a glance. Every count comes from SQL, checked against the actor's role. */
import type { SessionUser } from '../../server/auth/auth.ts';
import { getPool } from '../../server/db/client.ts';
import { assertAdmin } from './queries.server.ts';
import type { AdminAccount } from './users.server.ts';

export interface OverviewCounts {
  published: number;
  pending: number;
  rejected: number;
  users: number;
  views7d: number;
  saves7d: number;
}

export interface OverviewSubmission {
  id: string;
  title: string;
  slug: string;
  status: 'pending' | 'published' | 'rejected';
  authorName: string | null;
  createdAt: Date;
}

/** A recent sign-up: the account as the users page lists it, without its counts. */
export type OverviewSignUp = AdminAccount;

export interface Overview {
  counts: OverviewCounts;
  /** AI requests that passed the limits in the last 24 hours, per utility (anonymous ones included). */
  aiLast24h: Record<'images' | 'descriptions' | 'stories', number>;
  submissions: OverviewSubmission[];
  signUps: OverviewSignUp[];
}

export const OVERVIEW_LIST_SIZE = 5;

export async function readOverview(actor: Pick<SessionUser, 'role'> | null): Promise<Overview> {
  assertAdmin(actor);
  const pool = getPool();
  const [counts, ai, submissions, signUps] = await Promise.all([
    pool.query<OverviewCounts>(`
      SELECT count(*) FILTER (WHERE status = 'published')::int AS published,
             count(*) FILTER (WHERE status = 'pending')::int AS pending,
             count(*) FILTER (WHERE status = 'rejected')::int AS rejected,
             (SELECT count(*)::int FROM profiles) AS users,
             (SELECT count(*)::int FROM post_views WHERE created_at > now() - interval '7 days') AS "views7d",
             (SELECT count(*)::int FROM saved_posts WHERE created_at > now() - interval '7 days') AS "saves7d"
      FROM posts`),
    pool.query<{ utility: 'images' | 'descriptions' | 'stories'; count: number }>(
      `SELECT utility, count(*)::int AS count FROM ai_usage WHERE created_at > now() - interval '24 hours' GROUP BY utility`,
    ),
    pool.query<OverviewSubmission>(
      `SELECT p.id, p.title, p.slug, p.status, pr.name AS "authorName", p.created_at AS "createdAt"
       FROM posts p LEFT JOIN profiles pr ON pr.id = p.user_id
       WHERE p.user_id IS NOT NULL ORDER BY p.created_at DESC LIMIT $1`,
      [OVERVIEW_LIST_SIZE],
    ),
    pool.query<OverviewSignUp>(
      `SELECT id, name, email, role, is_active AS "isActive", email_verified AS "emailVerified", created_at AS "createdAt"
       FROM profiles ORDER BY created_at DESC LIMIT $1`,
      [OVERVIEW_LIST_SIZE],
    ),
  ]);
  const aiLast24h = { images: 0, descriptions: 0, stories: 0 };
  for (const row of ai.rows) aiLast24h[row.utility] = row.count;
  return { counts: counts.rows[0]!, aiLast24h, submissions: submissions.rows, signUps: signUps.rows };
}
