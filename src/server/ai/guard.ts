/**
 * The abuse protection in front of every AI endpoint (SPEC issue 5): same origin, per-IP and per-visitor
 * rate limits in PostgreSQL, and one generation in flight per visitor. Endpoints call it before any work.
 */
import type { APIContext } from 'astro';
import { getPool } from '../db/client.ts';
import { readEnv, type ServerEnv } from '../env.ts';
import { clientIp, CROSS_SITE_MESSAGE, isSameOrigin, jsonError } from '../http/endpoint.ts';
import { siteConfig } from '../site.ts';
import { acquireGenerationSlot, GENERATION_IN_PROGRESS_MESSAGE } from '../ratelimit/in-flight.ts';
import { consumeRateLimits, rateLimitedResponse, type RateLimitRule } from '../ratelimit/limiter.ts';

export type AiUtility = 'images' | 'descriptions' | 'stories';

/** Requests per 10 minutes. An IP may hold several visitors (an office, a school), so it gets more room. */
export const AI_RATE_LIMITS: Record<AiUtility, { ip: RateLimitRule; visitor: RateLimitRule }> = {
  images: { ip: { window: 600, max: 40 }, visitor: { window: 600, max: 20 } },
  descriptions: { ip: { window: 600, max: 40 }, visitor: { window: 600, max: 20 } },
  stories: { ip: { window: 600, max: 40 }, visitor: { window: 600, max: 20 } },
};

/** AI_RATE_LIMIT_IP / AI_RATE_LIMIT_VISITOR replace the defaults for every utility (a busy site, or a quick test). */
export function aiRateLimits(
  utility: AiUtility,
  env: Pick<ServerEnv, 'AI_RATE_LIMIT_IP' | 'AI_RATE_LIMIT_VISITOR'> = readEnv(),
): { ip: RateLimitRule; visitor: RateLimitRule } {
  const defaults = AI_RATE_LIMITS[utility];
  return {
    ip: env.AI_RATE_LIMIT_IP ? { window: defaults.ip.window, max: env.AI_RATE_LIMIT_IP } : defaults.ip,
    visitor: env.AI_RATE_LIMIT_VISITOR ? { window: defaults.visitor.window, max: env.AI_RATE_LIMIT_VISITOR } : defaults.visitor,
  };
}

export const AI_RATE_LIMITED_MESSAGE = 'Has hecho muchas solicitudes seguidas. Espera un poco antes de generar de nuevo.';

/** Longer than any provider timeout, so a slot is only ever freed early by its own request. */
const SLOT_LEASE_SECONDS = 180;

/** Signed-in: the user id. Anonymous: the browser's session id when it sent a valid one, else the IP. */
export function visitorKey(userId: string | null | undefined, anonymousSessionId: string | null | undefined, ip: string): string {
  if (userId) return `user:${userId}`;
  if (anonymousSessionId) return `session:${anonymousSessionId}`;
  return `ip:${ip}`;
}

type Guarded = { ok: true; release: () => Promise<void> } | { ok: false; response: Response };

export async function guardGeneration(
  context: Pick<APIContext, 'request' | 'clientAddress' | 'locals'>,
  utility: AiUtility,
  anonymousSessionId?: string | null,
): Promise<Guarded> {
  if (!isSameOrigin(context.request, new URL(siteConfig().url).origin)) return { ok: false, response: jsonError(403, CROSS_SITE_MESSAGE) };
  const ip = clientIp(context);
  const visitor = visitorKey(context.locals.user?.id, anonymousSessionId, ip);
  const rules = aiRateLimits(utility);
  const pool = getPool();
  const verdict = await consumeRateLimits(pool, [
    { key: `ai:${utility}:ip:${ip}`, rule: rules.ip },
    { key: `ai:${utility}:${visitor}`, rule: rules.visitor },
  ]);
  if (!verdict.allowed) return { ok: false, response: rateLimitedResponse(verdict.retryAfter, AI_RATE_LIMITED_MESSAGE) };
  const release = await acquireGenerationSlot(pool, visitor, SLOT_LEASE_SECONDS);
  if (!release) return { ok: false, response: jsonError(409, GENERATION_IN_PROGRESS_MESSAGE) };
  return { ok: true, release };
}
