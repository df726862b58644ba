import type { APIRoute } from 'astro';
import { handleAuthRequest } from '../../../server/auth/auth-route.ts';

export const prerender = false;

/** What better-auth's routes take; any other method gets the site's 405 (src/server/http/methods.ts). */
export const methods = ['GET', 'POST'];

export const ALL: APIRoute = (context) => handleAuthRequest(context);
