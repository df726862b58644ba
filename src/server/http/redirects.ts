/**
 * The redirects table applied by the server to every path, static or on demand: old slugs 301 to new ones,
 * admins' redirects, and 410 for tools deleted on purpose. Each process keeps the table in memory and reloads
 * it at most every few seconds, so a change made in the admin panel applies to every process within seconds.
 *
 * Two rules for categories come with the table: an inactive category's address and its pages answer
 * 410 before any file of the build being served, and a redirect between two category addresses (a renamed or
 * merged category) also carries each page /pagina/{n} to the same page of the target, or to its first page when
 * the target has fewer pages.
 */
import type pg from 'pg';
import { categoryPageCount, categoryPageHref } from '../../lib/category-paging.ts';
import { loggableFailure } from '../db/unavailable.ts';

export interface Redirect {
  status: 301 | 302 | 307 | 308 | 410;
  /** A path on this site or an absolute URL; null for 410. */
  to: string | null;
}

const RELOAD_AFTER_MS = 3_000;

/** '/ruta/' and '/ruta' are the same address; the root stays '/'. */
export function normalizeRedirectPath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The Location for a hit: the visitor's query string is kept unless the target has one of its own. */
export function redirectLocation(target: string, search: string): string {
  return search && !target.includes('?') ? `${target}${search}` : target;
}

const CATEGORY_PATH = /^\/categoria\/([^/]+)(?:\/pagina\/(\d{1,6}))?$/;

/** The {slug, page} of /categoria/{slug} (page 1) or /categoria/{slug}/pagina/{n}; undefined for any other path. */
function categoryAddress(path: string): { slug: string; page: number } | undefined {
  const match = CATEGORY_PATH.exec(path);
  return match ? { slug: match[1]!, page: match[2] ? Number(match[2]) : 1 } : undefined;
}

const GONE: Redirect = { status: 410, to: null };

export class RedirectTable {
  private table = new Map<string, Redirect>();
  /** Slugs of inactive categories: their addresses are gone while they stay off. */
  private inactiveCategories = new Set<string>();
  /** Page counts of the active categories a redirect leads to, for their /pagina/{n}. */
  private targetCategoryPages = new Map<string, number>();
  private loadedAt = -Infinity;
  private loading: Promise<void> | undefined;

  private readonly pool: () => pg.Pool;

  constructor(pool: () => pg.Pool) {
    this.pool = pool;
  }

  /** The redirect for a path, from the table as it was at most a few seconds ago (waits for a reload when stale). */
  async match(path: string): Promise<Redirect | undefined> {
    if (Date.now() - this.loadedAt > RELOAD_AFTER_MS) await this.reload();
    return this.lookup(path);
  }

  /**
   * The same without waiting, for the static files' hot path: a stale table starts a reload in the background and
   * answers from what it has, so a change applies a request or two later and no request waits on the database.
   */
  lookup(path: string): Redirect | undefined {
    if (Date.now() - this.loadedAt > RELOAD_AFTER_MS) void this.reload();
    const normalized = normalizeRedirectPath(path);
    return this.table.get(normalized) ?? this.categoryRule(normalized);
  }

  /** An inactive category's addresses, and the pages of a category address that redirects to another category. */
  private categoryRule(path: string): Redirect | undefined {
    const address = categoryAddress(path);
    if (!address) return undefined;
    if (this.inactiveCategories.has(address.slug)) return GONE;
    if (address.page === 1) return undefined;
    const first = this.table.get(categoryPageHref(address.slug, 1));
    if (!first?.to) return first && GONE;
    const target = categoryAddress(first.to);
    const pages = target && target.page === 1 ? this.targetCategoryPages.get(target.slug) : undefined;
    if (!target || pages === undefined) return undefined;
    return { status: first.status, to: categoryPageHref(target.slug, address.page <= pages ? address.page : 1) };
  }

  reload(): Promise<void> {
    const pool = this.pool();
    this.loading ??= Promise.all([
      pool.query<{ from_path: string; to_path: string | null; status_code: Redirect['status'] }>(
        // A redirect never leads to a page that is gone: one whose target is a tool no longer published (withdrawn,
        // unpublished, rejected after an edit), or a category address whose category is off or no longer exists,
        // answers 410 until the tool or the category is back.
        `SELECT r.from_path, CASE WHEN gone THEN NULL ELSE r.to_path END AS to_path, CASE WHEN gone THEN 410 ELSE r.status_code END AS status_code
         FROM redirects r
         LEFT JOIN posts p ON r.to_path = '/' || p.slug
         LEFT JOIN categories c ON c.slug = substring(r.to_path FROM '^/categoria/([^/?#]+)')
         CROSS JOIN LATERAL (SELECT (p.id IS NOT NULL AND p.status IS DISTINCT FROM 'published')
                                    OR (r.to_path LIKE '/categoria/%' AND c.is_active IS NOT TRUE) AS gone) AS target`,
      ),
      pool.query<{ slug: string; active: boolean; tools: number | null }>(
        // Live tools as the category pages count them (listCategories), only for the categories a redirect leads to.
        `SELECT c.slug, c.is_active AS active,
                CASE WHEN c.is_active AND EXISTS (SELECT 1 FROM redirects r WHERE r.to_path = '/categoria/' || c.slug) THEN
                  (SELECT count(*)::int FROM post_categories pc JOIN posts p ON p.id = pc.post_id
                   WHERE pc.category_id = c.id AND p.status = 'published' AND p.discontinued_at IS NULL)
                END AS tools
         FROM categories c
         WHERE NOT c.is_active OR EXISTS (SELECT 1 FROM redirects r WHERE r.to_path = '/categoria/' || c.slug)`,
      ),
    ])
      .then(([redirects, categories]) => {
        this.table = new Map(redirects.rows.map((row) => [normalizeRedirectPath(row.from_path), { status: row.status_code, to: row.to_path }]));
        this.inactiveCategories = new Set(categories.rows.filter((row) => !row.active).map((row) => row.slug));
        this.targetCategoryPages = new Map(categories.rows.filter((row) => row.tools !== null).map((row) => [row.slug, categoryPageCount(row.tools!)]));
        this.loadedAt = Date.now();
      })
      .catch((error: unknown) => {
        // A database hiccup must not take the site down: keep the last table and try again shortly.
        console.error('No se pudo leer la tabla de redirecciones:', loggableFailure(error));
        this.loadedAt = Date.now() - RELOAD_AFTER_MS / 2;
      })
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }
}
