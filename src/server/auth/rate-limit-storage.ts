/** better-auth's rate-limit storage on our shared PostgreSQL counters, under the auth: prefix. */
import type pg from 'pg';
import { consumeRateLimit, type RateLimitRule } from '../ratelimit/limiter.ts';

export function databaseRateLimitStorage(pool: pg.Pool) {
  return {
    consume: (key: string, rule: RateLimitRule) => consumeRateLimit(pool, `auth:${key}`, rule),
  };
}
