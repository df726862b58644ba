import type { APIRoute } from 'astro';
import sharp from 'sharp';
import { pngIco } from '../server/og/ico.ts';
import { logoSvg } from '../server/og/template.ts';

const SIZE = 48;

/** Browsers and feed readers still ask for /favicon.ico: the site's logo (as /logo-512.png) in an icon. */
export const GET: APIRoute = async () => {
  const png = await sharp(Buffer.from(logoSvg())).resize(SIZE, SIZE).png().toBuffer();
  return new Response(pngIco(png, SIZE), { headers: { 'Content-Type': 'image/x-icon' } });
};
