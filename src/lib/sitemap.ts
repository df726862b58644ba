/** The sitemap as real XML, with SPEC's priorities and change rates, split when it grows large. */

export type ChangeFrequency = 'always' | 'hourly' | 'daily' | 'weekly' | 'monthly' | 'yearly' | 'never';

export interface SitemapEntry {
  /** Site-relative path starting with '/'. */
  path: string;
  lastmod?: Date;
  changefreq: ChangeFrequency;
  priority: number;
}

/** The sitemap protocol allows 50,000 URLs per file; we split earlier to stay clear of its 50 MB limit too. */
export const MAX_URLS_PER_SITEMAP = 45_000;

/** Priorities and change rates by kind of page. */
export const sitemapRules = {
  home: { priority: 1.0, changefreq: 'daily' },
  hub: { priority: 0.8, changefreq: 'weekly' },
  category: { priority: 0.7, changefreq: 'weekly' },
  tool: { priority: 0.6, changefreq: 'weekly' },
  legal: { priority: 0.3, changefreq: 'yearly' },
} as const satisfies Record<string, Pick<SitemapEntry, 'priority' | 'changefreq'>>;

export type SitemapPlan = { kind: 'urlset'; entries: SitemapEntry[] } | { kind: 'index'; chunks: SitemapEntry[][] };

/** One urlset while the entries fit in a file; otherwise an index over numbered chunks of at most maxUrls each. */
export function planSitemap(entries: SitemapEntry[], maxUrls = MAX_URLS_PER_SITEMAP): SitemapPlan {
  if (entries.length <= maxUrls) return { kind: 'urlset', entries };
  const chunks: SitemapEntry[][] = [];
  for (let start = 0; start < entries.length; start += maxUrls) chunks.push(entries.slice(start, start + maxUrls));
  return { kind: 'index', chunks };
}

/** The path of the n-th (1-based) child sitemap of an index. */
export function childSitemapPath(n: number): string {
  return `/sitemap-${n}.xml`;
}

const xmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => xmlEntities[char]!);
}

function absoluteUrl(siteUrl: string, path: string): string {
  return new URL(path, `${siteUrl.replace(/\/$/, '')}/`).href;
}

/** W3C datetime, date only: what search engines read and stable within a day. */
function lastmodDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const header = '<?xml version="1.0" encoding="UTF-8"?>\n';

export function renderUrlset(entries: SitemapEntry[], siteUrl: string): string {
  const urls = entries.map((entry) => {
    const parts = [`<loc>${escapeXml(absoluteUrl(siteUrl, entry.path))}</loc>`];
    if (entry.lastmod) parts.push(`<lastmod>${lastmodDate(entry.lastmod)}</lastmod>`);
    parts.push(`<changefreq>${entry.changefreq}</changefreq>`, `<priority>${entry.priority.toFixed(1)}</priority>`);
    return `  <url>${parts.join('')}</url>`;
  });
  return `${header}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** The newest lastmod of a chunk, so crawlers can skip unchanged child sitemaps. */
function newestLastmod(entries: SitemapEntry[]): Date | undefined {
  let newest: Date | undefined;
  for (const entry of entries) if (entry.lastmod && (!newest || entry.lastmod > newest)) newest = entry.lastmod;
  return newest;
}

export function renderSitemapIndex(chunks: SitemapEntry[][], siteUrl: string): string {
  const items = chunks.map((chunk, index) => {
    const lastmod = newestLastmod(chunk);
    const parts = [`<loc>${escapeXml(absoluteUrl(siteUrl, childSitemapPath(index + 1)))}</loc>`];
    if (lastmod) parts.push(`<lastmod>${lastmodDate(lastmod)}</lastmod>`);
    return `  <sitemap>${parts.join('')}</sitemap>`;
  });
  return `${header}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** robots.txt: everything public is crawlable; the API and private areas are not. */
export function renderRobots(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /dashboard',
    'Disallow: /admin',
    // The search index and its result cards (fragments of tool pages, not pages).
    'Disallow: /pagefind/',
    '',
    `Sitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
