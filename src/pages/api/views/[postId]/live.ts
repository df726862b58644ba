import type { APIRoute } from 'astro';
import { liveViewsStream } from '../../../../server/api/views.ts';

export const prerender = false;

export const GET: APIRoute = ({ params, request }) => liveViewsStream(params.postId, request);
