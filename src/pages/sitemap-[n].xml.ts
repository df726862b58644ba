import type { APIRoute, GetStaticPaths } from 'astro';
import { planSitemap, renderUrlset, type SitemapEntry } from '../lib/sitemap.ts';
import { loadSitemapEntries } from '../server/seo/sitemap-entries.ts';
import { siteConfig } from '../server/site.ts';

/** The child sitemaps of the index; none while everything fits in /sitemap.xml. */
export const getStaticPaths = (async () => {
  const plan = planSitemap(await loadSitemapEntries());
  if (plan.kind === 'urlset') return [];
  return plan.chunks.map((entries, index) => ({ params: { n: String(index + 1) }, props: { entries } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ entries: SitemapEntry[] }> = ({ props }) =>
  new Response(renderUrlset(props.entries, siteConfig().url), { headers: { 'content-type': 'application/xml; charset=utf-8' } });
