/** Internal twin of src/pages/sitemap.xml.ts for the incremental rebuild (see _twin.ts). */
import type { APIRoute } from 'astro';
import { GET as original } from '../sitemap.xml.ts';
import { missing, twinAllowed } from './_twin.ts';

export const prerender = false;

export const GET: APIRoute = (context) => (twinAllowed(context.request) ? original(context) : missing());
