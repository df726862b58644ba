/**
 * The dashboard's reads and writes. Every statement filters by the session's user id in SQL: another user's id
 * finds nothing, exactly like an id that does not exist. Numbers are SQL counts, never the length of a loaded list.
 */
import { eq } from 'drizzle-orm';
import { getDb, getPool } from '../../server/db/client.ts';
import { profiles } from '../../server/db/schema.ts';
import type { Queryable } from '../../server/db/queryable.ts';
import { keyOf, type StorageDriver } from '../../server/storage/driver.ts';
import { getStorage } from '../../server/storage/storage.ts';
import { authorName } from '../../lib/tool-page.ts';
import { SAVED_PAGE_SIZE, type MyTool, type OverviewStats, type SavedToolsPage, type SavedToolView } from '../../lib/dashboard.ts';

/** The counts of the overview's four cards (and the sidebar's), in one round trip. */
export async function overviewStats(userId: string, db: Queryable = getPool()): Promise<OverviewStats> {
  const { rows } = await db.query<{
    total: number;
    published: number;
    pending: number;
    rejected: number;
    views: string;
    images: number;
    saved_images: number;
    stories: number;
    saved_tools: number;
  }>(
    `SELECT p.total, p.published, p.pending, p.rejected, p.views,
            (SELECT count(*)::int FROM image_generation_history WHERE user_id = $1) AS images,
            (SELECT count(*)::int FROM saved_generated_images WHERE user_id = $1) AS saved_images,
            (SELECT count(*)::int FROM generated_stories WHERE user_id = $1) AS stories,
            (SELECT count(*)::int FROM saved_posts s JOIN posts t ON t.id = s.post_id AND t.status = 'published'
              WHERE s.user_id = $1) AS saved_tools
       FROM (SELECT count(*)::int AS total,
                    count(*) FILTER (WHERE status = 'published')::int AS published,
                    count(*) FILTER (WHERE status = 'pending')::int AS pending,
                    count(*) FILTER (WHERE status = 'rejected')::int AS rejected,
                    coalesce(sum(views), 0)::text AS views
               FROM posts WHERE user_id = $1) p`,
    [userId],
  );
  const row = rows[0]!;
  return {
    posts: { total: row.total, published: row.published, pending: row.pending, rejected: row.rejected },
    views: Number(row.views),
    images: { total: row.images, saved: row.saved_images },
    stories: row.stories,
    savedTools: row.saved_tools,
  };
}

interface ToolRow {
  id: string;
  title: string;
  slug: string;
  description: string;
  status: MyTool['status'];
  review_note: string | null;
  is_verified: boolean;
  views: string;
  category_name: string | null;
  category_slug: string | null;
  created_at: Date;
}

const toMyTool = (row: ToolRow): MyTool => ({
  id: row.id,
  title: row.title,
  slug: row.slug,
  description: row.description,
  status: row.status,
  reviewNote: row.status === 'rejected' || row.status === 'withdrawn' ? row.review_note : null,
  isVerified: row.is_verified,
  views: Number(row.views),
  category: row.category_name && row.category_slug ? { name: row.category_name, slug: row.category_slug } : null,
  createdAt: row.created_at.toISOString(),
});

/** The user's own tools, newest first (all on the list, five on the overview). */
export async function listMyTools(userId: string, limit: number | null = null, db: Queryable = getPool()): Promise<MyTool[]> {
  const { rows } = await db.query<ToolRow>(
    `SELECT p.id, p.title, p.slug, p.description, p.status, p.review_note, p.is_verified, p.views::text AS views,
            c.name AS category_name, c.slug AS category_slug, p.created_at
       FROM posts p
       LEFT JOIN categories c ON c.id = p.category_id
      WHERE p.user_id = $1
      ORDER BY p.created_at DESC, p.id DESC
      LIMIT $2`,
    [userId, limit],
  );
  return rows.map(toMyTool);
}

/** A stored reference (a storage key, or an address typed by an author) as the address browsers load. */
export function servedReference(storage: StorageDriver, reference: string | null, width?: 600 | 900): string | null {
  if (!reference) return null;
  const key = keyOf(reference);
  if (key) return storage.url(key, width ? { width } : undefined);
  return /^(https?:)?\/\//.test(reference) || reference.startsWith('/') ? reference : null;
}

interface SavedRow {
  id: string;
  slug: string;
  title: string;
  description: string;
  url: string | null;
  image_url: string | null;
  logo_url: string | null;
  is_featured: boolean;
  is_popular: boolean;
  is_verified: boolean;
  category: SavedToolView['category'];
  author: string | null;
  author_name: string | null;
  saved_at: Date;
  total: number;
}

/** One page of the user's saved tools, most recently saved first; tools no longer published are left out. */
export async function savedToolsPage(
  userId: string,
  page: number,
  siteName: string,
  db: Queryable = getPool(),
  storage: StorageDriver = getStorage(),
): Promise<SavedToolsPage> {
  const { rows } = await db.query<SavedRow>(
    `SELECT p.id, p.slug, p.title, p.description, p.url, p.image_url, p.logo_url, p.is_featured, p.is_popular, p.is_verified,
            CASE WHEN c.id IS NULL THEN NULL
                 ELSE json_build_object('name', c.name, 'slug', c.slug, 'icon', c.icon, 'color', c.color) END AS category,
            p.author, a.name AS author_name, s.created_at AS saved_at, count(*) OVER ()::int AS total
       FROM saved_posts s
       JOIN posts p ON p.id = s.post_id AND p.status = 'published'
       LEFT JOIN categories c ON c.id = p.category_id
       LEFT JOIN profiles a ON a.id = p.user_id
      WHERE s.user_id = $1
      ORDER BY s.created_at DESC, s.id DESC
      LIMIT $2 OFFSET $3`,
    [userId, SAVED_PAGE_SIZE, (page - 1) * SAVED_PAGE_SIZE],
  );
  // count(*) OVER () is the total before LIMIT; a page past the end has no row to carry it.
  const total = rows[0]?.total ?? (page === 1 ? 0 : await countSavedTools(userId, db));
  const items = rows.map((row): SavedToolView => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    url: row.url,
    imageUrl: servedReference(storage, row.image_url, 600) ?? servedReference(storage, row.logo_url, 600),
    logoUrl: servedReference(storage, row.logo_url, 600),
    isFeatured: row.is_featured,
    isPopular: row.is_popular,
    isVerified: row.is_verified,
    category: row.category,
    author: authorName({ authorName: row.author_name, author: row.author }, siteName),
    savedAt: row.saved_at.toISOString(),
  }));
  return { items, total, page, hasMore: page * SAVED_PAGE_SIZE < total };
}

async function countSavedTools(userId: string, db: Queryable): Promise<number> {
  const { rows } = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM saved_posts s JOIN posts p ON p.id = s.post_id AND p.status = 'published' WHERE s.user_id = $1`,
    [userId],
  );
  return rows[0]!.total;
}

/**
 * Deletes one of the user's own tools, whatever its status (its categories and saves go with it). A published one
 * moves the content version, so the next rebuild takes it off the site. Returns the references (keys) of its image
 * and logo, or null when the user has no such tool.
 */
export async function deleteOwnTool(userId: string, toolId: string, db: Queryable = getPool()): Promise<Array<string | null> | 'published' | null> {
  // A published listing is withdrawn instead, so its address, audit trail and way back remain.
  const { rows } = await db.query<{ image_url: string | null; logo_url: string | null; published: boolean }>(
    `WITH target AS (SELECT id, status FROM posts WHERE id = $1 AND user_id = $2),
          gone AS (DELETE FROM posts p USING target t WHERE p.id = t.id AND t.status <> 'published' RETURNING p.image_url, p.logo_url)
     SELECT gone.image_url, gone.logo_url, false AS published FROM gone
     UNION ALL SELECT NULL, NULL, true FROM target WHERE status = 'published'`,
    [toolId, userId],
  );
  const row = rows[0];
  if (!row) return null;
  return row.published ? 'published' : [row.image_url, row.logo_url];
}

export interface StoryView {
  id: string;
  title: string;
  prompt: string;
  content: string;
  genre: string | null;
  createdAt: string;
}

/** All of the user's stories, newest first. */
export async function listMyStories(userId: string, db: Queryable = getPool()): Promise<StoryView[]> {
  const { rows } = await db.query<{ id: string; title: string; prompt: string; content: string; genre: string | null; created_at: Date }>(
    `SELECT id, title, prompt, content, options->>'genre' AS genre, created_at
       FROM generated_stories WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
    [userId],
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    prompt: row.prompt,
    content: row.content,
    genre: row.genre,
    createdAt: row.created_at.toISOString(),
  }));
}

/** False when the user has no such story. */
export async function deleteOwnStory(userId: string, storyId: string, db: Queryable = getPool()): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM generated_stories WHERE id = $1 AND user_id = $2', [storyId, userId]);
  return (rowCount ?? 0) > 0;
}

export interface ProfileDetails {
  name: string;
  email: string;
  bio: string;
  avatarReference: string | null;
  /** False for accounts that only sign in with Google. */
  hasPassword: boolean;
}

export async function profileDetails(userId: string, db: Queryable = getPool()): Promise<ProfileDetails | null> {
  const { rows } = await db.query<{ name: string; email: string; bio: string | null; avatar_url: string | null; has_password: boolean }>(
    `SELECT name, email, bio, avatar_url,
            EXISTS (SELECT 1 FROM accounts WHERE user_id = profiles.id AND provider_id = 'credential' AND password IS NOT NULL) AS has_password
       FROM profiles WHERE id = $1`,
    [userId],
  );
  const row = rows[0];
  return row ? { name: row.name, email: row.email, bio: row.bio ?? '', avatarReference: row.avatar_url, hasPassword: row.has_password } : null;
}

export interface OwnListing {
  id: string;
  title: string;
  slug: string;
  status: string;
}

/** The author's own listing, locked for a change of state; undefined when it is not theirs or does not exist. */
export async function lockOwnListing(userId: string, toolId: string, db: Queryable): Promise<OwnListing | undefined> {
  const { rows } = await db.query<OwnListing>('SELECT id, title, slug, status FROM posts WHERE id = $1 AND user_id = $2 FOR UPDATE', [toolId, userId]);
  return rows[0];
}

/** Withdrawn by its author: no reviewer's note applies any more; asked back, it waits for a fresh review. */
export async function setOwnListingStatus(toolId: string, status: 'withdrawn' | 'pending', db: Queryable): Promise<void> {
  await db.query('UPDATE posts SET status = $2, review_note = NULL, updated_at = now() WHERE id = $1', [toolId, status]);
}

/** Points the profile's photo at `key` (or at nothing); answers the key it held before, or undefined without a profile. */
export async function swapAvatarKey(userId: string, key: string | null): Promise<string | null | undefined> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, userId)).for('update');
    if (!before) return undefined;
    await tx.update(profiles).set({ avatarUrl: key, updatedAt: new Date() }).where(eq(profiles.id, userId));
    return before.avatarUrl;
  });
}
