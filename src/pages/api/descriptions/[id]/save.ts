import type { APIRoute } from 'astro';
import { saveDescription } from '../../../../server/descriptions/manage.ts';

export const prerender = false;

export const PUT: APIRoute = (context) => saveDescription(context);
