/** GET /api/images?tab=all|saved|recent&page=n[&sessionId=]: one page of the visitor's own gallery with tab counts. */
import type { APIRoute } from 'astro';
import { galleryQuery } from '../../../features/image-generator/image-generator.ts';
import { json } from '../../../server/http/endpoint.ts';
import { listGallery } from '../../../features/image-generator/queries.server.ts';
import { ownerOf } from '../../../features/image-generator/owner.server.ts';

export const prerender = false;

export const GET: APIRoute = async ({ url, locals }) => {
  const query = galleryQuery.parse(Object.fromEntries(url.searchParams));
  const owner = ownerOf(locals.user, query.sessionId);
  if (!owner) return json({ items: [], counts: { all: 0, saved: 0, recent: 0 }, hasMore: false });
  return json(await listGallery(owner, query.tab, query.page));
};
