import type { APIRoute } from 'astro';
import { svgToPng } from '../../server/og/render.ts';
import { siteImageSvg } from '../../server/og/template.ts';
import { siteConfig } from '../../server/site.ts';

/** The default social image of pages that have none of their own (BaseLayout). */
export const GET: APIRoute = async () => {
  const svg = siteImageSvg({ siteName: siteConfig().name, tagline: 'Directorio de herramientas de inteligencia artificial en español' });
  return new Response(await svgToPng(svg), { headers: { 'Content-Type': 'image/png' } });
};
