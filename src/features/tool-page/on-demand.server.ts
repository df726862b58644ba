/**
 * Tool pages the current static build does not have (a tool approved a moment ago) or has in an old version (an
 * edit, a tool unpublished): rendered on demand by the same template, from data cached for one second, so a page
 * is right for every visitor within seconds of the change, at any catalogue size, until the rebuild lands.
 * A submission not yet published is shown only to its author and to admins, never indexed or cached.
 */
import { asc, eq } from 'drizzle-orm';
import { can } from '../../lib/permissions.ts';
import { FEATURED_SIDEBAR_SIZE } from '../../lib/tool-page.ts';
import type { SessionUser } from '../../server/auth/auth.ts';
import { getDb } from '../../server/db/client.ts';
import { listFeaturedTools, toolPageColumns, toToolDetail, type ToolDetail } from '../../server/db/queries/public/tools.ts';
import { posts, profiles } from '../../server/db/schema.ts';
import type { ToolCardData } from '../../lib/tool-card.ts';

/** How long a visitor may see data older than the database: well inside the 5-second promise. */
export const ON_DEMAND_TTL_MS = 1_000;
/** Not published (yet): asked again sooner, so an approval shows at once, but a burst of requests costs one query. */
const NOT_PUBLIC_TTL_MS = 250;
const FEATURED_TTL_MS = 5_000;
const MAX_ENTRIES = 1_000;

/**
 * A strict cache: an entry is used only while fresh (`ttlMs`, or what `ttlFor` says once the value is known), and
 * concurrent loads of one key share one query.
 */
export function freshCache<T>(ttlMs: number, maxEntries = MAX_ENTRIES, ttlFor?: (value: T) => number) {
  const entries = new Map<string, { expires: number; value: Promise<T> }>();
  return (key: string, load: () => Promise<T>): Promise<T> => {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = load();
    const entry = { expires: now + ttlMs, value };
    entries.delete(key);
    entries.set(key, entry);
    value.then(
      (loaded) => {
        if (ttlFor) entry.expires = now + ttlFor(loaded);
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    return value;
  };
}

const toolCache = freshCache<ToolRow | null>(ON_DEMAND_TTL_MS, MAX_ENTRIES, (row) => (row?.status === 'published' ? ON_DEMAND_TTL_MS : NOT_PUBLIC_TTL_MS));
const featuredCache = freshCache<ToolCardData[]>(FEATURED_TTL_MS, 1);

type ToolRow = ToolDetail & { status: 'pending' | 'published' | 'rejected' | 'withdrawn'; userId: string | null; reviewNote: string | null };

async function readTool(slug: string): Promise<ToolRow | null> {
  const [row] = await getDb()
    .select({ ...toolPageColumns, status: posts.status, userId: posts.userId, reviewNote: posts.reviewNote })
    .from(posts)
    .leftJoin(profiles, eq(profiles.id, posts.userId))
    .where(eq(posts.slug, slug))
    .orderBy(asc(posts.id))
    .limit(1);
  return row ? toToolDetail(row) : null;
}

export interface ReviewNotice {
  /** 'draft': the author's preview of a draft that is not saved as a listing. */
  status: 'draft' | 'pending' | 'rejected' | 'withdrawn';
  note: string | null;
  editPath: string;
}

export type OnDemandToolPage =
  | { kind: 'public'; tool: ToolDetail; featured: ToolCardData[] }
  | { kind: 'preview'; tool: ToolDetail; featured: ToolCardData[]; review: ReviewNotice }
  /** A withdrawn tool's address for anyone else: 410, it existed and may come back. */
  | { kind: 'gone' };

/** A slug is one path segment of lower-case letters, digits and hyphens. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The tool page for `slug` as `viewer` may see it: published for everyone; pending, rejected or withdrawn for its
 * author and admins only; 'gone' for anyone else's view of a withdrawn one; null otherwise (the not-found page).
 */
export async function onDemandToolPage(slug: string, viewer: Pick<SessionUser, 'id' | 'role'> | null): Promise<OnDemandToolPage | null> {
  if (!SLUG.test(slug) || slug.length > 200) return null;
  const cached = await toolCache(slug, () => readTool(slug));
  const featured = () => featuredCache('featured', () => listFeaturedTools(FEATURED_SIDEBAR_SIZE + 1));
  if (cached?.status === 'published') return { kind: 'public', tool: cached, featured: await featured() };
  const hidden = (row: ToolRow | null) => (row?.status === 'withdrawn' ? ({ kind: 'gone' } as const) : null);
  if (!viewer) return hidden(cached);
  // The author and admins always see the current row, never a cached one.
  const current = await readTool(slug);
  if (!current || current.status === 'published') return current ? { kind: 'public', tool: current, featured: await featured() } : null;
  if (current.userId !== viewer.id && !can(viewer.role, 'read:post:any')) return hidden(current);
  return {
    kind: 'preview',
    tool: current,
    featured: await featured(),
    review: { status: current.status, note: current.reviewNote, editPath: `/editar/${current.id}` },
  };
}
