/** The view endpoints (SPEC §4 "Views", §7 "Views"): count, statistics and the live count stream. */
import type { APIContext } from 'astro';
import { z } from 'zod';
import { countViewInput } from './view-input.ts';
import type { CountViewResult, ViewStats } from './views.ts';
import { visitorType } from '../visitor/visitor.ts';
import { countView, readViewCounts, readViewStats, type ViewToCount } from './queries.server.ts';
import { getPool } from '../../server/db/client.ts';
import { clientIp, CROSS_SITE_MESSAGE, isSameOrigin, json, jsonError, readJsonBody } from '../../server/http/endpoint.ts';
import { consumeRateLimits, rateLimitedResponse, type RateLimitRule } from '../../server/ratelimit/limiter.ts';
import { siteConfig } from '../../server/site.ts';
import { LiveViewCounts } from './live-counts.server.ts';
import { liveViewsResponse } from './live-stream.server.ts';

export const TOOL_NOT_FOUND_MESSAGE = 'La herramienta no existe o no está publicada.';
export const BAD_TOOL_ID_MESSAGE = 'Identificador de herramienta no válido.';
export const LIVE_FULL_MESSAGE = 'Hay demasiadas conexiones abiertas. El contador se actualizará al recargar la página.';
export const VIEWS_UNAVAILABLE_MESSAGE = 'No se pudieron leer las visitas. Inténtalo de nuevo en unos segundos.';

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

const postIdParam = z.uuid();

/** The counts pushed to open tool pages, shared by every client of this process. */
const liveCounts = new LiveViewCounts({ read: (ids) => readViewCounts(ids), intervalMs: 2_000, maxClients: 1_000 });
const LIVE_STREAM = { heartbeatMs: 20_000, lifetimeMs: 15 * 60_000, retryMs: 5_000 };

type ViewContext = Pick<APIContext, 'request' | 'clientAddress' | 'locals'>;

export interface CountViewDeps {
  count: (view: ViewToCount) => Promise<CountViewResult | undefined>;
  allow: (ip: string, postId: string) => Promise<{ allowed: true } | { allowed: false; retryAfter: number }>;
}

const defaultCountDeps: CountViewDeps = {
  count: (view) => countView(view),
  allow: (ip, postId) =>
    consumeRateLimits(getPool(), [
      { key: `views:ip:${ip}`, rule: VIEW_RATE_LIMITS.ip },
      { key: `views:ip-tool:${ip}:${postId}`, rule: VIEW_RATE_LIMITS.ipTool },
    ]),
};

/** POST /api/views {postId, sessionId}: who is looking comes from the session cookie and the browser, never the body. */
export async function countViewResponse(context: ViewContext, deps: CountViewDeps = defaultCountDeps): Promise<Response> {
  const { request } = context;
  if (!isSameOrigin(request, new URL(siteConfig().url).origin)) return jsonError(403, CROSS_SITE_MESSAGE);
  const body = await readJsonBody(request, countViewInput, 1024);
  if (!body.ok) return body.response;
  const { postId, sessionId } = body.data;
  const userAgent = request.headers.get('user-agent');
  const user = context.locals.user;
  try {
    const verdict = await deps.allow(clientIp(context), postId);
    if (!verdict.allowed) return rateLimitedResponse(verdict.retryAfter);
    const result = await deps.count({ postId, sessionId, userId: user?.id ?? null, visitorType: visitorType(userAgent, user !== null), userAgent });
    if (!result) return jsonError(404, TOOL_NOT_FOUND_MESSAGE);
    return json(result);
  } catch (error) {
    console.error('POST /api/views:', error);
    return jsonError(503, VIEWS_UNAVAILABLE_MESSAGE, { 'retry-after': '10' });
  }
}

/** GET /api/views/{postId}/stats */
export async function viewStatsResponse(
  postId: string | undefined,
  read: (id: string) => Promise<ViewStats | undefined> = (id) => readViewStats(id),
): Promise<Response> {
  if (!postIdParam.safeParse(postId).success) return jsonError(400, BAD_TOOL_ID_MESSAGE);
  try {
    const stats = await read(postId!);
    if (!stats) return jsonError(404, TOOL_NOT_FOUND_MESSAGE);
    return json(stats, 200, { 'cache-control': VIEW_STATS_CACHE_CONTROL });
  } catch (error) {
    console.error('GET /api/views/stats:', error);
    return jsonError(503, VIEWS_UNAVAILABLE_MESSAGE, { 'retry-after': '10' });
  }
}

/** GET /api/views/{postId}/live: server-sent events, `data: {"views": n}` on open and on every change. */
export async function liveViewsStream(postId: string | undefined, request: Request): Promise<Response> {
  if (!postIdParam.safeParse(postId).success) return jsonError(400, BAD_TOOL_ID_MESSAGE);
  // Refused before any query, so a crowd of reconnecting clients costs nothing once the process is full.
  if (liveCounts.full) return jsonError(503, LIVE_FULL_MESSAGE, { 'retry-after': '30' });
  let views: number | undefined;
  try {
    views = (await readViewCounts([postId!])).get(postId!);
  } catch (error) {
    console.error('GET /api/views/live:', error);
    return jsonError(503, VIEWS_UNAVAILABLE_MESSAGE, { 'retry-after': '10' });
  }
  if (views === undefined) return jsonError(404, TOOL_NOT_FOUND_MESSAGE);
  // The read above awaited: another client may have taken the last place meanwhile.
  if (liveCounts.full) return jsonError(503, LIVE_FULL_MESSAGE, { 'retry-after': '30' });
  return liveViewsResponse(liveCounts, postId!, views, request.signal, LIVE_STREAM);
}
