import type { APIRoute } from 'astro';
import { countViewResponse } from '../../../features/views/views.server.ts';

export const prerender = false;

export const POST: APIRoute = (context) => countViewResponse(context);
