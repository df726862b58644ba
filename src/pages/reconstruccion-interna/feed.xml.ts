/** Internal twin of src/pages/feed.xml.ts for the incremental rebuild (see _twin.ts). */
import type { APIRoute } from 'astro';
import { GET as original } from '../feed.xml.ts';
import { missing, twinAllowed } from './_twin.ts';

export const prerender = false;

export const GET: APIRoute = (context) => (twinAllowed(context.request) ? original(context) : missing());
