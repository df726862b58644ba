/** POST /api/clicks {toolId, sessionId}: counts a 'Visitar' click out to a tool's site ('Más Usadas'). */
import { AppError, endpoint } from '../../server/http/endpoint.ts';
import type { RateLimitRule } from '../../server/ratelimit/limiter.ts';
import { countClickInput } from './click-input.ts';
import type { CountClickResult } from './clicks.ts';
import { countClick, type ClickToCount } from './queries.server.ts';

/** Per IP, as for views: people follow a few links a minute; an office behind one address a few dozen. */
export const CLICK_RATE_LIMIT: RateLimitRule = { window: 60, max: 120 };

export function countClickEndpoint(count: (click: ClickToCount) => Promise<CountClickResult | undefined> = (click) => countClick(click)) {
  return endpoint({
    body: { json: countClickInput, maxBytes: 1024 },
    limits: { name: 'clicks', ip: CLICK_RATE_LIMIT },
    handle: async ({ body: { toolId, sessionId }, user }) => {
      const result = await count({ toolId, sessionId, userId: user?.id ?? null });
      if (!result) throw new AppError('tool_not_found');
      return result;
    },
  });
}
