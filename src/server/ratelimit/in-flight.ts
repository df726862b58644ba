/**
 * "At most one generation in flight per visitor", kept in PostgreSQL so it holds across app instances.
 * A slot is a lease: if the process dies mid-generation the slot frees itself when the lease ends.
 */
import type pg from 'pg';

/** Takes the visitor's slot; returns the function that frees it, or null when a generation is running. */
export async function acquireGenerationSlot(pool: pg.Pool, visitorKey: string, leaseSeconds: number): Promise<(() => Promise<void>) | null> {
  const key = `inflight:${visitorKey}`;
  // The lease travels as text: a JavaScript Date drops PostgreSQL's microseconds and would never match again.
  const { rows } = await pool.query<{ lease: string }>(
    `INSERT INTO rate_limit_buckets AS bucket (key, count, reset_at)
     VALUES ($1, 1, now() + make_interval(secs => $2))
     ON CONFLICT (key) DO UPDATE SET count = 1, reset_at = excluded.reset_at
       WHERE bucket.reset_at <= now()
     RETURNING reset_at::text AS lease`,
    [key, leaseSeconds],
  );
  const lease = rows[0]?.lease;
  if (!lease) return null;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    // Only our own lease: after it expired another request may hold the slot.
    await pool.query('DELETE FROM rate_limit_buckets WHERE key = $1 AND reset_at = $2::timestamptz', [key, lease]);
  };
}
