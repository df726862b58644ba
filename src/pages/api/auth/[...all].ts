import type { APIRoute } from 'astro';
import { handleAuthRequest } from '../../../server/auth/auth-route.ts';

export const prerender = false;

export const ALL: APIRoute = (context) => handleAuthRequest(context);
