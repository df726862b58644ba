import type { APIRoute } from 'astro';
import { removeDescription } from '../../../../features/descriptions/manage.server.ts';

export const prerender = false;

export const DELETE: APIRoute = (context) => removeDescription(context);
