import type { APIRoute } from 'astro';
import { viewStatsResponse } from '../../../../features/views/views.server.ts';

export const prerender = false;

export const GET: APIRoute = ({ params }) => viewStatsResponse(params.postId);
