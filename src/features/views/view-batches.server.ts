/**
 * Group commit for view counts: the views that arrive while a batch is in the database go together in the next call
 * (count_post_views, supabase/migrations/20261125232108_view_batches.sql), so a hot tool's row is locked once per
 * batch instead of once per view. One batch at a time per pool: under load the batches grow, at rest a view goes
 * alone. Each caller still gets its own exact answer, and the count is in the database when it does.
 *
 * A failed call is retried rather than failing everyone in it. Retrying is safe because counting is idempotent: a view
 * whose first call did commit (the answer was lost with the connection) finds its own row inside the 30-minute window
 * and is not counted twice. While PostgreSQL is unreachable the whole batch is tried again a few times, spanning a
 * supervised restart; any other failure splits the batch, so one bad view (its account deleted a moment ago, say)
 * fails alone and the others are counted.
 */
import { isDatabaseUnavailable } from '../../server/db/unavailable.ts';
import type { Queryable } from '../../server/db/queryable.ts';
import type { CountViewResult } from './views.ts';

/** count_post_views reads each view's tool under this JSON key: the database's name, kept. */
const SQL_TOOL_KEY = 'postId';

/** Bounds one call's work (and a slow batch's lock on its tools); the rest waits for the next call. */
const MAX_BATCH = 256;
/** Waits before each new attempt while the database is unreachable: about 2 s in all, within a visitor's patience. */
export const UNAVAILABLE_RETRY_DELAYS_MS = [100, 400, 1_500];

export interface BatchedView {
  toolId: string;
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
  readonly #retryDelaysMs: readonly number[];
  #queue: Waiting[] = [];
  #draining: Promise<void> | undefined;

  constructor(db: Queryable, dedupeMinutes: number, retryDelaysMs: readonly number[] = UNAVAILABLE_RETRY_DELAYS_MS) {
    this.#db = db;
    this.#dedupeMinutes = dedupeMinutes;
    this.#retryDelaysMs = retryDelaysMs;
  }

  /** Counts the view with the others of its batch; undefined when the tool is not published. */
  count(view: BatchedView): Promise<CountViewResult | undefined> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ view, resolve, reject });
      this.#draining ??= this.#drain().finally(() => {
        this.#draining = undefined;
      });
    });
  }

  /** Resolves once every view handed in so far has its answer: a clean shutdown waits for it before closing the pool. */
  async settled(): Promise<void> {
    while (this.#draining) await this.#draining;
  }

  async #drain(): Promise<void> {
    // The callers a finished batch just answered come back with their next views in the same turn: wait for them.
    await new Promise(setImmediate);
    while (this.#queue.length > 0) await this.#settle(this.#queue.splice(0, MAX_BATCH), 0);
  }

  /** Counts a batch and answers its callers, retrying as the header says; `attempt` counts the unreachable retries. */
  async #settle(batch: Waiting[], attempt: number): Promise<void> {
    let rows: { item: string; was_counted: boolean; view_count: string }[];
    try {
      ({ rows } = await this.#db.query<{ item: string; was_counted: boolean; view_count: string }>(
        'SELECT item, was_counted, view_count FROM count_post_views($1::jsonb, make_interval(mins => $2))',
        [JSON.stringify(batch.map(({ view: { toolId, ...view } }) => ({ ...view, [SQL_TOOL_KEY]: toolId }))), this.#dedupeMinutes],
      ));
    } catch (error) {
      const delay = this.#retryDelaysMs[attempt];
      if (isDatabaseUnavailable(error) && delay !== undefined) {
        await new Promise((resolve) => setTimeout(resolve, delay));
        return this.#settle(batch, attempt + 1);
      }
      if (batch.length === 1 || isDatabaseUnavailable(error)) {
        for (const waiting of batch) waiting.reject(error);
        return;
      }
      const half = Math.ceil(batch.length / 2);
      await this.#settle(batch.slice(0, half), attempt);
      return this.#settle(batch.slice(half), attempt);
    }
    const byItem = new Map(rows.map((row) => [Number(row.item), row]));
    batch.forEach((waiting, index) => {
      const row = byItem.get(index + 1);
      waiting.resolve(row && { counted: row.was_counted, views: Number(row.view_count) });
    });
  }
}
