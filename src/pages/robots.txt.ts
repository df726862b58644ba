import type { APIRoute } from 'astro';
import { renderRobots } from '../lib/sitemap.ts';
import { siteConfig } from '../server/site.ts';

export const GET: APIRoute = () => new Response(renderRobots(siteConfig().url), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
