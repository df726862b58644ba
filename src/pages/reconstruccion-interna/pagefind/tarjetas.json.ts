/**
 * Internal twin of src/pages/pagefind/tarjetas.json.ts for the incremental rebuild (see _twin.ts): only the cards
 * of the tools the rebuild changed when the renderer names them (the others are the served build's files).
 */
import type { APIRoute } from 'astro';
import { renderSearchCards } from '../../../features/search/search-cards.server.ts';
import { RENDER_CARDS_ENV } from '../../../server/build/twin-routes.ts';
import { getPool } from '../../../server/db/client.ts';
import { readSearchRows } from '../../../server/search/search-index.ts';
import { GET as original } from '../../pagefind/tarjetas.json.ts';
import { missing, twinAllowed } from '../_twin.ts';

export const prerender = false;

export const GET: APIRoute = async (context) => {
  if (!twinAllowed(context.request)) return missing();
  const only = process.env[RENDER_CARDS_ENV];
  if (only === undefined) return original(context);
  const ids = only.split(',').filter((id) => id !== '');
  return Response.json(renderSearchCards(await readSearchRows(getPool(), ids)));
};
