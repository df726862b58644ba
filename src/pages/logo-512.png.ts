import type { APIRoute } from 'astro';
import { svgToPng } from '../server/og/render.ts';
import { logoSvg } from '../server/og/template.ts';

/** The 512×512 publisher logo named by the Organization JSON-LD. */
export const GET: APIRoute = async () => new Response(await svgToPng(logoSvg()), { headers: { 'Content-Type': 'image/png' } });
