/** POST /api/search-misses {query, results}: counts a search on /buscar that found too little. */
import { endpoint } from '../../server/http/endpoint.ts';
import type { RateLimitRule } from '../../server/ratelimit/limiter.ts';
import { searchMissInput } from './demand-input.ts';
import { countSearchMiss } from './demand-queries.server.ts';

/** Per IP: the page reports a search once it settles, so a person sends a few a minute; an office a few dozen. */
export const SEARCH_MISS_RATE_LIMIT: RateLimitRule = { window: 60, max: 30 };

export function countSearchMissEndpoint() {
  return endpoint({
    body: { json: searchMissInput, maxBytes: 512 },
    limits: { name: 'search-misses', ip: SEARCH_MISS_RATE_LIMIT },
    handle: async ({ body: { query, results } }) => {
      await countSearchMiss(query, results);
    },
  });
}
