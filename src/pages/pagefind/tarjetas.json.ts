import type { APIRoute } from 'astro';
import { getPool } from '../../server/db/client.ts';
import { renderSearchCards } from '../../features/search/search-cards.server.ts';
import { readSearchRows } from '../../server/search/search-index.ts';

/**
 * Every published tool's search result card, written with the rest of the site for the search index to carry
 * (SEARCH_CARDS_FILE); the index build reads it and removes it, so it is never served.
 */
export const GET: APIRoute = async () => Response.json(renderSearchCards(await readSearchRows(getPool())));
