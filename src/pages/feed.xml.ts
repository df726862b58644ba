import type { APIRoute } from 'astro';
import { FEED_SIZE, renderFeed } from '../lib/feed.ts';
import { absoluteUrl } from '../server/storage/references.ts';
import { listNewestTools } from '../server/db/queries/public/tools.ts';
import { siteConfig } from '../server/site.ts';

/** RSS 2.0 of the newest published tools, written with the rest of the site (linked from every page's head). */
export const GET: APIRoute = async () => {
  const site = siteConfig();
  const tools = await listNewestTools(FEED_SIZE);
  const xml = renderFeed(
    { siteName: site.name, siteUrl: site.url },
    tools.map((tool) => ({
      title: tool.title,
      slug: tool.slug,
      description: tool.description,
      publishedAt: tool.publishedAt,
      categories: tool.categories.map((category) => category.name),
      image: absoluteUrl(tool.imageUrl ?? tool.logoUrl, site.url),
    })),
  );
  return new Response(xml, { headers: { 'content-type': 'application/rss+xml; charset=utf-8' } });
};
