/**
 * better-auth rate-limit storage on our rate_limit_buckets table, so every app instance shares the
 * counters (DESIGN §4). One upsert checks and counts atomically: concurrent requests cannot all pass.
 */
import type pg from 'pg';

export interface RateLimitRule {
  window: number;
  max: number;
}

const PRUNE_PROBABILITY = 0.02;

export function databaseRateLimitStorage(pool: pg.Pool) {
  return {
    async consume(key: string, rule: RateLimitRule): Promise<{ allowed: boolean; retryAfter: number | null }> {
      const { rows } = await pool.query<{ count: number; retry_after: number }>(
        `INSERT INTO rate_limit_buckets AS bucket (key, count, reset_at)
         VALUES ($1, 1, now() + make_interval(secs => $2))
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN bucket.reset_at <= now() THEN 1 ELSE bucket.count + 1 END,
           reset_at = CASE WHEN bucket.reset_at <= now() THEN excluded.reset_at ELSE bucket.reset_at END
         RETURNING count, ceil(extract(epoch FROM reset_at - now()))::int AS retry_after`,
        [`auth:${key}`, rule.window],
      );
      // Expired buckets are only dead rows; clearing them now and then keeps the table small without a job.
      if (Math.random() < PRUNE_PROBABILITY) await pool.query("DELETE FROM rate_limit_buckets WHERE key LIKE 'auth:%' AND reset_at < now()");
      const row = rows[0]!;
      return row.count <= rule.max ? { allowed: true, retryAfter: null } : { allowed: false, retryAfter: Math.max(1, row.retry_after) };
    },
  };
}
