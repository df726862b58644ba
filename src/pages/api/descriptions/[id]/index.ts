import type { APIRoute } from 'astro';
import { removeDescription } from '../../../../server/descriptions/manage.ts';

export const prerender = false;

export const DELETE: APIRoute = (context) => removeDescription(context);
