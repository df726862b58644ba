import type { APIRoute } from 'astro';
import { planSitemap, renderSitemapIndex, renderUrlset } from '../lib/sitemap.ts';
import { loadSitemapEntries } from '../server/seo/sitemap-entries.ts';
import { siteConfig } from '../server/site.ts';

/** The sitemap, or a sitemap index over /sitemap-N.xml once it outgrows one file. */
export const GET: APIRoute = async () => {
  const plan = planSitemap(await loadSitemapEntries());
  const { url } = siteConfig();
  const xml = plan.kind === 'urlset' ? renderUrlset(plan.entries, url) : renderSitemapIndex(plan.chunks, url);
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
