/**
 * The redirects table applied by the server to every path, static or on demand: old slugs 301 to new ones,
 * admins' redirects, and 410 for tools deleted on purpose. Each process keeps the table in memory and reloads
 * it at most every few seconds, so a change made in the admin panel applies to every process within seconds.
 */
import type pg from 'pg';
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

export class RedirectTable {
  private table = new Map<string, Redirect>();
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
    return this.table.get(normalizeRedirectPath(path));
  }

  reload(): Promise<void> {
    this.loading ??= this.pool()
      .query<{ from_path: string; to_path: string | null; status_code: Redirect['status'] }>(
        // A redirect never leads to a page that is gone: one whose target is a tool no longer published (withdrawn,
        // unpublished, rejected after an edit) answers 410 until the tool is back.
        `SELECT r.from_path,
                CASE WHEN p.status IS DISTINCT FROM 'published' AND p.id IS NOT NULL THEN NULL ELSE r.to_path END AS to_path,
                CASE WHEN p.status IS DISTINCT FROM 'published' AND p.id IS NOT NULL THEN 410 ELSE r.status_code END AS status_code
         FROM redirects r LEFT JOIN posts p ON r.to_path = '/' || p.slug`,
      )
      .then(({ rows }) => {
        this.table = new Map(rows.map((row) => [normalizeRedirectPath(row.from_path), { status: row.status_code, to: row.to_path }]));
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
