import type { APIRoute } from 'astro';
import { saveDescription } from '../../../../features/descriptions/manage.server.ts';

export const prerender = false;

export const PUT: APIRoute = (context) => saveDescription(context);
