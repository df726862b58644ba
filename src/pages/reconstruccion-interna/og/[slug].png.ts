/** Internal twin of src/pages/og/[slug].png.ts for the incremental rebuild (see _twin.ts). */
import type { APIRoute } from 'astro';
import { GET as original, getStaticPaths } from '../../og/[slug].png.ts';
import { missing, staticProps, twinAllowed } from '../_twin.ts';

export const prerender = false;

export const GET: APIRoute = async (context) => {
  const props = twinAllowed(context.request) ? await staticProps('og', getStaticPaths, context.params) : undefined;
  return props ? original({ ...context, props }) : missing();
};
