/** /admin: what needs attention at a glance. Every count comes from SQL, checked against the actor's role. */
import { and, asc, eq, not, sql } from 'drizzle-orm';
import type { SessionUser } from '../../server/auth/auth.ts';
import { getDb, getPool } from '../../server/db/client.ts';
import { editorialOrder, indexable } from '../../server/db/queries/public/tools.ts';
import { posts } from '../../server/db/schema.ts';
import { assertAdmin } from '../../server/admin/admin-queries.ts';
import type { AdminAccount } from './users-queries.server.ts';

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
  status: 'pending' | 'published' | 'rejected' | 'withdrawn';
  authorName: string | null;
  createdAt: Date;
}

/** A published tool whose page is thin (noindex) until its article is written: «Fichas por completar». */
export interface ThinTool {
  id: string;
  title: string;
  slug: string;
}

/** Published tool pages by whether search engines may index them (src/lib/thin-article.ts). */
export interface ArticleQualityCounts {
  indexable: number;
  thin: number;
}

/** A recent sign-up: the account as the users page lists it, without its counts. */
export type OverviewSignUp = AdminAccount;

export interface Overview {
  counts: OverviewCounts;
  /** AI requests that passed the limits in the last 24 hours, per utility (anonymous ones included). */
  aiLast24h: Record<'images' | 'descriptions' | 'stories', number>;
  submissions: OverviewSubmission[];
  signUps: OverviewSignUp[];
  articles: ArticleQualityCounts;
  /** The first thin pages in editorial order (best-known tools first): the ones most worth writing. */
  thinTools: ThinTool[];
}

export const OVERVIEW_LIST_SIZE = 5;
export const THIN_LIST_SIZE = 50;

const publishedTool = eq(posts.status, 'published');

export async function readOverview(actor: Pick<SessionUser, 'role'> | null): Promise<Overview> {
  assertAdmin(actor);
  const pool = getPool();
  const db = getDb();
  const [counts, ai, submissions, signUps, articles, thinTools] = await Promise.all([
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
    db
      .select({
        indexable: sql<number>`count(*) FILTER (WHERE ${indexable})::int`,
        thin: sql<number>`count(*) FILTER (WHERE NOT ${indexable})::int`,
      })
      .from(posts)
      .where(publishedTool),
    db
      .select({ id: posts.id, title: posts.title, slug: posts.slug })
      .from(posts)
      .where(and(publishedTool, not(indexable)))
      .orderBy(editorialOrder, asc(posts.title))
      .limit(THIN_LIST_SIZE),
  ]);
  const aiLast24h = { images: 0, descriptions: 0, stories: 0 };
  for (const row of ai.rows) aiLast24h[row.utility] = row.count;
  return { counts: counts.rows[0]!, aiLast24h, submissions: submissions.rows, signUps: signUps.rows, articles: articles[0]!, thinTools };
}
