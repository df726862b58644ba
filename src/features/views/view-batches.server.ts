/**
 * Group commit for view counts: the views that arrive while a batch is in the database go together in the next call
 * (count_post_views, supabase/migrations/20261125232108_view_batches.sql), so a hot tool's row is locked once per
 * batch instead of once per view. One batch at a time per pool: under load the batches grow, at rest a view goes
 * alone. Each caller still gets its own exact answer, and the count is in the database when it does.
 */
import type { Queryable } from '../../server/db/queryable.ts';
import type { CountViewResult } from './views.ts';

/** Bounds one call's work (and a slow batch's lock on its tools); the rest waits for the next call. */
const MAX_BATCH = 256;

export interface BatchedView {
  postId: string;
  sessionId: string;
  userId: string | null;
  visitorType: string;
  userAgent: string | null;
}

interface Waiting {
  view: BatchedView;
  resolve: (result: CountViewResult | undefined) => void;
  reject: (error: unknown) => void;
}

export class ViewBatcher {
  readonly #db: Queryable;
  readonly #dedupeMinutes: number;
  #queue: Waiting[] = [];
  #draining = false;

  constructor(db: Queryable, dedupeMinutes: number) {
    this.#db = db;
    this.#dedupeMinutes = dedupeMinutes;
  }

  /** Counts the view with the others of its batch; undefined when the tool is not published. */
  count(view: BatchedView): Promise<CountViewResult | undefined> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ view, resolve, reject });
      if (!this.#draining) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#draining = true;
    // The callers a finished batch just answered come back with their next views in the same turn: wait for them.
    await new Promise(setImmediate);
    while (this.#queue.length > 0) {
      const batch = this.#queue.splice(0, MAX_BATCH);
      try {
        const { rows } = await this.#db.query<{ item: string; was_counted: boolean; view_count: string }>(
          'SELECT item, was_counted, view_count FROM count_post_views($1::jsonb, make_interval(mins => $2))',
          [JSON.stringify(batch.map((waiting) => waiting.view)), this.#dedupeMinutes],
        );
        const byItem = new Map(rows.map((row) => [Number(row.item), row]));
        batch.forEach((waiting, index) => {
          const row = byItem.get(index + 1);
          waiting.resolve(row && { counted: row.was_counted, views: Number(row.view_count) });
        });
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    this.#draining = false;
  }
}
