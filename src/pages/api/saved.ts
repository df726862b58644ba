import type { APIRoute } from 'astro';
import { changeSavedToolResponse, savedToolIdsResponse } from '../../features/saves/saved-tools.server.ts';
import { siteConfig } from '../../server/site.ts';

export const prerender = false;

export const GET: APIRoute = ({ locals }) => savedToolIdsResponse({ user: locals.user });

export const POST: APIRoute = ({ request, locals }) => changeSavedToolResponse({ request, user: locals.user, siteOrigin: siteConfig().url }, true);

export const DELETE: APIRoute = ({ request, locals }) => changeSavedToolResponse({ request, user: locals.user, siteOrigin: siteConfig().url }, false);
