import type { APIRoute } from 'astro';
import { countViewResponse } from '../../../server/api/views.ts';

export const prerender = false;

export const POST: APIRoute = (context) => countViewResponse(context);
