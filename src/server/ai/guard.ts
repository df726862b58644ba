/**
 * The abuse protection in front of every AI endpoint: per-IP and per-visitor rate limits in PostgreSQL and one
 * generation in flight per visitor, so several app instances share them. Endpoints call it before any work.
 */
import type { AiSettings } from '../../lib/settings-schema.ts';
import { getPool } from '../db/client.ts';
import { serverEnv, type ServerEnv } from '../env.ts';
import { AppError } from '../http/errors.ts';
import { acquireGenerationSlot } from '../ratelimit/in-flight.ts';
import { consumeRateLimits, type RateLimitRule } from '../ratelimit/limiter.ts';
import { currentSettings, settingsSnapshot } from '../settings/site-settings.ts';

export type AiUtility = 'images' | 'descriptions' | 'stories';

/** Requests per 10 minutes. An IP may hold several visitors (an office, a school), so it gets more room. */
export const AI_RATE_LIMITS: Record<AiUtility, { ip: RateLimitRule; visitor: RateLimitRule }> = {
  images: { ip: { window: 600, max: 40 }, visitor: { window: 600, max: 20 } },
  descriptions: { ip: { window: 600, max: 40 }, visitor: { window: 600, max: 20 } },
  stories: { ip: { window: 600, max: 40 }, visitor: { window: 600, max: 20 } },
};

/**
 * The limits in force: the admin's per-utility setting, else AI_RATE_LIMIT_IP / AI_RATE_LIMIT_VISITOR (every
 * utility), else the defaults above.
 */
export function aiRateLimits(
  utility: AiUtility,
  env: Pick<ServerEnv, 'AI_RATE_LIMIT_IP' | 'AI_RATE_LIMIT_VISITOR'> = serverEnv(),
  settings: AiSettings = settingsSnapshot().ai,
): { ip: RateLimitRule; visitor: RateLimitRule } {
  const defaults = AI_RATE_LIMITS[utility];
  const ip = settings[utility].ipLimit ?? env.AI_RATE_LIMIT_IP;
  const visitor = settings[utility].visitorLimit ?? env.AI_RATE_LIMIT_VISITOR;
  return {
    ip: ip ? { window: defaults.ip.window, max: ip } : defaults.ip,
    visitor: visitor ? { window: defaults.visitor.window, max: visitor } : defaults.visitor,
  };
}

/** Longer than any provider timeout, so a slot is only ever freed early by its own request. */
const SLOT_LEASE_SECONDS = 180;

/** Signed-in: the user id. Anonymous: the browser's session id when it sent a valid one, else the IP. */
export function visitorKey(userId: string | null | undefined, anonymousSessionId: string | null | undefined, ip: string): string {
  if (userId) return `user:${userId}`;
  if (anonymousSessionId) return `session:${anonymousSessionId}`;
  return `ip:${ip}`;
}

export interface GenerationRequester {
  userId: string | null | undefined;
  anonymousSessionId?: string | null | undefined;
  ip: string;
}

/**
 * Per-IP and per-visitor limits, then the visitor's one generation slot. Throws the table's ai_quota or
 * generation_in_progress; resolves with the function that frees the slot (safe to call more than once).
 */
export async function acquireGeneration(utility: AiUtility, requester: GenerationRequester): Promise<() => Promise<void>> {
  const visitor = visitorKey(requester.userId, requester.anonymousSessionId, requester.ip);
  // A fresh read of the settings: these limits, and the provider the endpoint picks next (aiConfig's snapshot).
  const settings = await currentSettings();
  const rules = aiRateLimits(utility, serverEnv(), settings.ai);
  const pool = getPool();
  const verdict = await consumeRateLimits(pool, [
    { key: `ai:${utility}:ip:${requester.ip}`, rule: rules.ip },
    { key: `ai:${utility}:${visitor}`, rule: rules.visitor },
  ]);
  if (!verdict.allowed) throw new AppError('ai_quota', { retryAfter: verdict.retryAfter });
  const release = await acquireGenerationSlot(pool, visitor, SLOT_LEASE_SECONDS);
  if (!release) throw new AppError('generation_in_progress');
  // Anonymous requests count too: the admin panel watches every utility for abuse.
  await pool.query('INSERT INTO ai_usage (utility, user_id) VALUES ($1, $2)', [utility, requester.userId ?? null]);
  return release;
}
