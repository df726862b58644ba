/** GET /api/tools: one page of the home grid as JSON, validated with the schema the island shares. */
import { FACT_FILTER_PARAM } from '../../lib/fact-filter-param.ts';
import { toolListQuery, type ToolListQuery } from '../../lib/catalogue/filters.ts';
import { microCache } from '../cache/micro-cache.ts';
import { AppError, errorResponse, json } from '../http/errors.ts';
import { listTools, type ToolPage } from '../db/queries/public/tools.ts';

/** Pages change only when a tool is published or edited: a CDN may keep them for minutes. */
export const TOOL_LIST_CACHE_CONTROL = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';

export const TOOL_LIST_UNAVAILABLE = 'No se pudieron cargar las herramientas. Inténtalo de nuevo en unos segundos.';

// Counters move ordering a little every second; five seconds of staleness is invisible, and under
// load it turns a database query per request into one per page every five seconds.
const cachedPages = microCache<ToolPage>(5_000);

export function listToolsCached(query: ToolListQuery): Promise<ToolPage> {
  return cachedPages(`${query.filter}|${query.category}|${query.page}|${query.facts.join(',')}|${query.sort ?? ''}|${query.size}|${query.q}`, () =>
    listTools(query),
  );
}

type Parsed = { ok: true; query: ToolListQuery } | { ok: false; error: string };

/**
 * Reads filter, category, page, the fact filters (?filtro=), and a category page's sort, search text and page size
 * from the query string; a missing one takes its default.
 */
export function parseToolListParams(params: URLSearchParams): Parsed {
  const input: Record<string, string> = {};
  for (const key of ['filter', 'category', 'page', 'sort', 'q', 'size'] as const) {
    const value = params.get(key);
    if (value !== null) input[key] = value;
  }
  const facts = params.get(FACT_FILTER_PARAM);
  if (facts !== null) input.facts = facts;
  const result = toolListQuery.safeParse(input);
  if (result.success) return { ok: true, query: result.data };
  return { ok: false, error: result.error.issues[0]?.message ?? 'Parámetros no válidos.' };
}

/** The endpoint's whole behaviour; `list` is injectable so tests need no database. */
export async function toolListResponse(url: URL, list: (query: ToolListQuery) => Promise<ToolPage> = listToolsCached): Promise<Response> {
  const parsed = parseToolListParams(url.searchParams);
  if (!parsed.ok) return errorResponse(new AppError('invalid_input', { message: parsed.error }));
  try {
    return json(await list(parsed.query), 200, { 'cache-control': TOOL_LIST_CACHE_CONTROL });
  } catch (error) {
    console.error('GET /api/tools:', error);
    return errorResponse(new AppError('unavailable', { message: TOOL_LIST_UNAVAILABLE, retryAfter: 10, cause: error }));
  }
}
