/**
 * Fixed-window counters in rate_limit_buckets, shared by every app instance. One upsert
 * checks and counts atomically, so concurrent requests cannot all pass.
 */
import type pg from 'pg';

export interface RateLimitRule {
  /** Seconds. */
  window: number;
  max: number;
}

export type RateLimitVerdict = { allowed: true; retryAfter: null } | { allowed: false; retryAfter: number };

const PRUNE_PROBABILITY = 0.02;

export async function consumeRateLimit(pool: pg.Pool, key: string, rule: RateLimitRule): Promise<RateLimitVerdict> {
  const { rows } = await pool.query<{ count: number; retry_after: number }>(
    `INSERT INTO rate_limit_buckets AS bucket (key, count, reset_at)
     VALUES ($1, 1, now() + make_interval(secs => $2))
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN bucket.reset_at <= now() THEN 1 ELSE bucket.count + 1 END,
       reset_at = CASE WHEN bucket.reset_at <= now() THEN excluded.reset_at ELSE bucket.reset_at END
     RETURNING count, ceil(extract(epoch FROM reset_at - now()))::int AS retry_after`,
    [key, rule.window],
  );
  // Expired buckets are only dead rows; clearing them now and then keeps the table small without a job.
  if (Math.random() < PRUNE_PROBABILITY) await pool.query('DELETE FROM rate_limit_buckets WHERE reset_at < now()');
  const row = rows[0]!;
  return row.count <= rule.max ? { allowed: true, retryAfter: null } : { allowed: false, retryAfter: Math.max(1, row.retry_after) };
}

/** Checks every rule (for example per IP and per user) and reports the longest wait among those exceeded. */
export async function consumeRateLimits(pool: pg.Pool, checks: Array<{ key: string; rule: RateLimitRule }>): Promise<RateLimitVerdict> {
  let worst: RateLimitVerdict = { allowed: true, retryAfter: null };
  for (const { key, rule } of checks) {
    const verdict = await consumeRateLimit(pool, key, rule);
    if (!verdict.allowed && (worst.allowed || verdict.retryAfter > worst.retryAfter)) worst = verdict;
  }
  return worst;
}
