import type { APIRoute } from 'astro';
import { liveViewsStream } from '../../../../features/views/views.server.ts';

export const prerender = false;

export const GET: APIRoute = ({ params, request }) => liveViewsStream(params.postId, request);
