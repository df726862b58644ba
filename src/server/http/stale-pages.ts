/**
 * Tool pages the current build holds in an old version: published tools whose page changed (posts.page_changed_at,
 * set by a trigger) after the build read the database, and tools unpublished since. The server skips their static
 * file and lets the on-demand route render them, so an edit or an unpublishing is visible within seconds, however
 * long the rebuild takes. Each process keeps the list in memory and reloads it at most every second.
 */
import type pg from 'pg';
import { loggableFailure } from '../db/unavailable.ts';
import { IN_FLIGHT_MARGIN_SECONDS } from '../db/queries/public/catalogue-map.ts';

const RELOAD_AFTER_MS = 1_000;

/** The slug of a path that could be a tool page ('/chatgpt'), or null. */
export function toolPageSlug(pathname: string): string | null {
  const match = /^\/([a-z0-9]+(?:-[a-z0-9]+)*)(?:\.html)?$/.exec(pathname);
  return match ? match[1]! : null;
}

export class StalePages {
  private slugs = new Set<string>();
  private loadedAt = -Infinity;
  private loading: Promise<void> | undefined;
  private readonly pool: () => pg.Pool;
  private builtFrom: string | undefined;

  /** `builtFrom`: the current build's contentReadAt (undefined for builds made before it existed: nothing is stale). */
  constructor(pool: () => pg.Pool, builtFrom: string | undefined) {
    this.pool = pool;
    this.builtFrom = builtFrom;
  }

  /** A new build is being served: what was stale may be in it now. */
  reset(builtFrom: string | undefined): void {
    this.builtFrom = builtFrom;
    this.slugs = new Set();
    this.loadedAt = -Infinity;
  }

  /** Whether the static file of this tool page is older than the database, as of at most a second ago. */
  async has(slug: string): Promise<boolean> {
    const known = this.peek(slug);
    if (known !== undefined) return known;
    await this.reload();
    return this.slugs.has(slug);
  }

  /** The same answer without waiting while the list is fresh; undefined when it is due a reload (call has()). */
  peek(slug: string): boolean | undefined {
    if (!this.builtFrom) return false;
    if (Date.now() - this.loadedAt > RELOAD_AFTER_MS) return undefined;
    return this.slugs.has(slug);
  }

  private reload(): Promise<void> {
    const builtFrom = this.builtFrom;
    this.loading ??= this.pool()
      .query<{ slug: string }>(`SELECT slug FROM posts WHERE page_changed_at > $1::timestamptz - interval '${IN_FLIGHT_MARGIN_SECONDS} seconds'`, [builtFrom])
      .then(({ rows }) => {
        if (builtFrom !== this.builtFrom) return;
        this.slugs = new Set(rows.map((row) => row.slug));
        this.loadedAt = Date.now();
      })
      .catch((error: unknown) => {
        // The database is unreachable: keep serving the static files, and try again shortly.
        console.error('No se pudo leer qué páginas cambiaron desde la última construcción:', loggableFailure(error));
        this.loadedAt = Date.now() - RELOAD_AFTER_MS / 2;
      })
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }
}
