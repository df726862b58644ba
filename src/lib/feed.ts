/** /feed.xml: an RSS 2.0 feed of the newest published tools, built with the site. */
import { escapeXml } from './sitemap.ts';

/** Enough for a reader that checks once a day; older tools are in the sitemap and the API. */
export const FEED_SIZE = 50;
export const FEED_PATH = '/feed.xml';

export interface FeedItem {
  title: string;
  slug: string;
  description: string;
  publishedAt: Date;
  categories: string[];
  /** Absolute URL of the tool's image or logo, if any. */
  image: string | null;
}

export interface FeedChannel {
  siteName: string;
  siteUrl: string;
}

/** RFC 822 dates, as RSS 2.0 asks ("Tue, 24 Nov 2026 06:00:00 GMT"). */
const rfc822 = (date: Date) => date.toUTCString();

export function feedTitle(siteName: string): string {
  return `${siteName}: herramientas de IA nuevas`;
}

export function renderFeed(channel: FeedChannel, items: readonly FeedItem[]): string {
  const home = `${channel.siteUrl}/`;
  const self = new URL(FEED_PATH, home).href;
  const lastBuild = items.reduce<Date | null>((latest, item) => (!latest || item.publishedAt > latest ? item.publishedAt : latest), null);
  const entries = items.map((item) => {
    const link = new URL(`/${item.slug}`, home).href;
    const parts = [
      `<title>${escapeXml(item.title)}</title>`,
      `<link>${escapeXml(link)}</link>`,
      `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `<pubDate>${rfc822(item.publishedAt)}</pubDate>`,
      `<description>${escapeXml(item.description)}</description>`,
      ...item.categories.map((category) => `<category>${escapeXml(category)}</category>`),
      ...(item.image ? [`<media:thumbnail url="${escapeXml(item.image)}"/>`] : []),
    ];
    return `    <item>\n      ${parts.join('\n      ')}\n    </item>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">',
    '  <channel>',
    `    <title>${escapeXml(feedTitle(channel.siteName))}</title>`,
    `    <link>${escapeXml(home)}</link>`,
    `    <description>${escapeXml(`Las últimas herramientas de inteligencia artificial publicadas en ${channel.siteName}.`)}</description>`,
    '    <language>es-ES</language>',
    `    <atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>`,
    ...(lastBuild ? [`    <lastBuildDate>${rfc822(lastBuild)}</lastBuildDate>`] : []),
    ...entries,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
