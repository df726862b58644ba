/** The view endpoints: count, statistics and the live count stream. */
import { getPool } from '../../server/db/client.ts';
import { AppError, endpoint, json } from '../../server/http/endpoint.ts';
import { consumeRateLimits, type RateLimitRule } from '../../server/ratelimit/limiter.ts';
import { z } from '../../lib/zod.ts';
import { visitorType } from '../../lib/visitor/visitor.ts';
import { LiveViewCounts } from './live-counts.server.ts';
import { liveViewsResponse } from './live-stream.server.ts';
import { countView, readViewCounts, readViewStats, type ViewToCount } from './queries.server.ts';
import { BAD_TOOL_ID_MESSAGE, countViewInput } from './view-input.ts';
import type { CountViewResult, ViewStats } from './views.ts';

/**
 * Per IP. A person opens a few tool pages a minute; an office behind one address a few dozen. A script
 * that invents session ids gets at most 20 views of one tool per 10 minutes from each address.
 */
export const VIEW_RATE_LIMITS: { ip: RateLimitRule; ipTool: RateLimitRule } = {
  ip: { window: 60, max: 120 },
  ipTool: { window: 600, max: 20 },
};

/** Counts are public aggregates that move slowly; a short shared cache absorbs refresh storms. */
export const VIEW_STATS_CACHE_CONTROL = 'public, max-age=30, s-maxage=30';

const toolIdParams = z.object({ toolId: z.uuid({ error: BAD_TOOL_ID_MESSAGE }) });

/** The counts pushed to open tool pages, shared by every client of this process. */
const liveCounts = new LiveViewCounts({ read: (ids) => readViewCounts(ids), intervalMs: 2_000, maxClients: 1_000 });
const LIVE_STREAM = { heartbeatMs: 20_000, lifetimeMs: 15 * 60_000, retryMs: 5_000 };

export interface CountViewDeps {
  count: (view: ViewToCount) => Promise<CountViewResult | undefined>;
  allow: (ip: string, toolId: string) => Promise<{ allowed: true } | { allowed: false; retryAfter: number }>;
}

const defaultCountDeps: CountViewDeps = {
  count: (view) => countView(view),
  allow: (ip, toolId) =>
    consumeRateLimits(getPool(), [
      { key: `views:ip:${ip}`, rule: VIEW_RATE_LIMITS.ip },
      { key: `views:ip-tool:${ip}:${toolId}`, rule: VIEW_RATE_LIMITS.ipTool },
    ]),
};

/** POST /api/views {toolId, sessionId}: who is looking comes from the session cookie and the browser, never the body. */
export function countViewEndpoint(deps: CountViewDeps = defaultCountDeps) {
  return endpoint({
    body: { json: countViewInput, maxBytes: 1024 },
    handle: async ({ body: { toolId, sessionId }, request, user, ip }) => {
      const verdict = await deps.allow(ip, toolId);
      if (!verdict.allowed) throw new AppError('rate_limited', { retryAfter: verdict.retryAfter });
      const userAgent = request.headers.get('user-agent');
      const result = await deps.count({ toolId, sessionId, userId: user?.id ?? null, visitorType: visitorType(userAgent, user !== null), userAgent });
      if (!result) throw new AppError('tool_not_found');
      return result;
    },
  });
}

/** GET /api/views/{toolId}/stats */
export function viewStatsEndpoint(read: (id: string) => Promise<ViewStats | undefined> = (id) => readViewStats(id)) {
  return endpoint({
    params: toolIdParams,
    handle: async ({ params }) => {
      const stats = await read(params.toolId);
      if (!stats) throw new AppError('tool_not_found');
      return json(stats, 200, { 'cache-control': VIEW_STATS_CACHE_CONTROL });
    },
  });
}

/** GET /api/views/{toolId}/live: server-sent events, `data: {"views": n}` on open and on every change. */
export const liveViewsEndpoint = endpoint({
  params: toolIdParams,
  handle: async ({ params: { toolId }, request }) => {
    // Refused before any query, so a crowd of reconnecting clients costs nothing once the process is full.
    if (liveCounts.full) throw new AppError('stream_capacity', { retryAfter: 30 });
    const views = (await readViewCounts([toolId])).get(toolId);
    if (views === undefined) throw new AppError('tool_not_found');
    // The read above awaited: another client may have taken the last place meanwhile.
    if (liveCounts.full) throw new AppError('stream_capacity', { retryAfter: 30 });
    return liveViewsResponse(liveCounts, toolId, views, request.signal, LIVE_STREAM);
  },
});
