import type { APIRoute } from 'astro';
import { viewStatsResponse } from '../../../../server/api/views.ts';

export const prerender = false;

export const GET: APIRoute = ({ params }) => viewStatsResponse(params.postId);
