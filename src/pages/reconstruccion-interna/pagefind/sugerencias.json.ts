/** Internal twin of src/pages/pagefind/sugerencias.json.ts for the incremental rebuild (see _twin.ts). */
import type { APIRoute } from 'astro';
import { GET as original } from '../../pagefind/sugerencias.json.ts';
import { missing, twinAllowed } from '../_twin.ts';

export const prerender = false;

export const GET: APIRoute = (context) => (twinAllowed(context.request) ? original(context) : missing());
