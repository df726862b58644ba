/** Internal twin of src/pages/sitemap-[n].xml.ts for the incremental rebuild (see _twin.ts). */
import type { APIRoute } from 'astro';
import { GET as original, getStaticPaths } from '../sitemap-[n].xml.ts';
import { missing, staticProps, twinAllowed } from './_twin.ts';

export const prerender = false;

export const GET: APIRoute = async (context) => {
  const props = twinAllowed(context.request) ? await staticProps('sitemap-parte', getStaticPaths, context.params) : undefined;
  return props ? original({ ...context, props }) : missing();
};
