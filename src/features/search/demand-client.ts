/**
 * Browser-only: reports a search on /buscar that found fewer than FEW_RESULTS results. The page searches
 * as the visitor types, so only a search whose results stayed on screen SETTLE_MS counts (or the one on screen
 * when the visitor leaves), each text once per page; half-typed words are not demand.
 */
import { FEW_RESULTS, SEARCH_MISS_MAX_LENGTH, SEARCH_MISSES_ENDPOINT, missKey } from './demand.ts';

const SETTLE_MS = 1500;

let pending: { query: string; results: number; timer: ReturnType<typeof setTimeout> } | undefined;
const sent = new Set<string>();

function send(query: string, results: number): void {
  const key = missKey(query);
  if (sent.has(key)) return;
  sent.add(key);
  // keepalive: a report made as the page is left still arrives; a lost one is not worth an error.
  fetch(SEARCH_MISSES_ENDPOINT, {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, results }),
  }).catch(() => undefined);
}

function flush(): void {
  if (!pending) return;
  clearTimeout(pending.timer);
  const { query, results } = pending;
  pending = undefined;
  send(query, results);
}

/** Called each time a search's results are on screen; the narrow answers of a category or fact filter are not counted. */
export function reportSearchOutcome(query: string, results: number, filtered: boolean): void {
  if (pending) clearTimeout(pending.timer);
  pending = undefined;
  const text = query.trim();
  if (filtered || results >= FEW_RESULTS || !text || text.length > SEARCH_MISS_MAX_LENGTH) return;
  pending = { query: text, results, timer: setTimeout(flush, SETTLE_MS) };
}

addEventListener('pagehide', flush);
