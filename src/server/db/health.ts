/** A quick round trip to PostgreSQL: whether it answers now, and how long it took. */
import type pg from 'pg';

/** Longer than any healthy round trip, short enough for a load balancer's check (they time out at 2–5 s). */
export const DATABASE_CHECK_TIMEOUT_MS = 1_500;

export interface DatabaseCheck {
  state: 'up' | 'down';
  latencyMs: number;
}

/** Never throws: a refused, dropped or slow connection is 'down'. */
export async function checkDatabase(pool: pg.Pool, timeoutMs = DATABASE_CHECK_TIMEOUT_MS): Promise<DatabaseCheck> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answered = pool.query('SELECT 1').then(
    () => true,
    () => false,
  );
  const up = await Promise.race([answered, timedOut]);
  clearTimeout(timer);
  return { state: up ? 'up' : 'down', latencyMs: Math.round(performance.now() - started) };
}
