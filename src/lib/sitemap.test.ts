import { describe, expect, it } from 'vitest';
import { MAX_URLS_PER_SITEMAP, escapeXml, planSitemap, renderRobots, renderSitemapIndex, renderUrlset, sitemapRules, type SitemapEntry } from './sitemap.ts';

const site = 'https://brujula.example';
const entry = (path: string, extra: Partial<SitemapEntry> = {}): SitemapEntry => ({ path, ...sitemapRules.tool, ...extra });

describe('escapeXml', () => {
  it('escapes the five XML special characters', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });
});

describe('renderUrlset', () => {
  it('writes absolute, escaped locations with lastmod, changefreq and priority', () => {
    const xml = renderUrlset([entry('/a&b<c>', { lastmod: new Date('2026-11-20T15:30:00Z') })], `${site}/`);
    expect(xml).toContain('<loc>https://brujula.example/a&amp;b%3Cc%3E</loc>');
    expect(xml).toContain('<lastmod>2026-11-20</lastmod><changefreq>weekly</changefreq><priority>0.6</priority>');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
  });

  it('escapes ampersands that survive URL encoding, such as in query strings', () => {
    expect(renderUrlset([entry('/buscar?q=a&b')], site)).toContain('<loc>https://brujula.example/buscar?q=a&amp;b</loc>');
  });

  it('leaves lastmod out when a page has none', () => {
    expect(renderUrlset([entry('/x')], site)).not.toContain('<lastmod>');
  });

  it('keeps accented paths as valid percent-encoded URLs', () => {
    expect(renderUrlset([entry('/categoria/diseño')], site)).toContain('<loc>https://brujula.example/categoria/dise%C3%B1o</loc>');
  });
});

describe('priorities and change rates', () => {
  it.each([
    ['home', 1.0, 'daily'],
    ['hub', 0.8, 'weekly'],
    ['category', 0.7, 'weekly'],
    ['tool', 0.6, 'weekly'],
  ] as const)('%s: %s %s', (kind, priority, changefreq) => {
    expect(sitemapRules[kind]).toEqual({ priority, changefreq });
  });

  it('ranks legal pages below every catalogue page', () => {
    expect(sitemapRules.legal.priority).toBeLessThan(sitemapRules.tool.priority);
  });

  it('prints priorities with one decimal', () => {
    expect(renderUrlset([entry('/', sitemapRules.home)], site)).toContain('<priority>1.0</priority>');
  });
});

describe('planSitemap', () => {
  const entries = (count: number) => Array.from({ length: count }, (_, index) => entry(`/t${index}`));

  it('keeps one urlset up to the limit', () => {
    const plan = planSitemap(entries(MAX_URLS_PER_SITEMAP));
    expect(plan.kind).toBe('urlset');
  });

  it('splits into an index of numbered chunks above the limit, in order and without losing an entry', () => {
    const all = entries(MAX_URLS_PER_SITEMAP * 2 + 1);
    const plan = planSitemap(all);
    if (plan.kind !== 'index') throw new Error('expected an index');
    expect(plan.chunks.map((chunk) => chunk.length)).toEqual([MAX_URLS_PER_SITEMAP, MAX_URLS_PER_SITEMAP, 1]);
    expect(plan.chunks.flat()).toEqual(all);
  });

  it('honours a custom limit', () => {
    const plan = planSitemap(entries(5), 2);
    expect(plan.kind === 'index' && plan.chunks.map((chunk) => chunk.map((e) => e.path))).toEqual([['/t0', '/t1'], ['/t2', '/t3'], ['/t4']]);
  });

  it('renders the index with one child per chunk and its newest lastmod', () => {
    const plan = planSitemap(
      [entry('/a', { lastmod: new Date('2026-01-02T00:00:00Z') }), entry('/b', { lastmod: new Date('2026-03-04T00:00:00Z') }), entry('/c')],
      2,
    );
    if (plan.kind !== 'index') throw new Error('expected an index');
    const xml = renderSitemapIndex(plan.chunks, site);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<sitemap><loc>https://brujula.example/sitemap-1.xml</loc><lastmod>2026-03-04</lastmod></sitemap>');
    expect(xml).toContain('<sitemap><loc>https://brujula.example/sitemap-2.xml</loc></sitemap>');
  });
});

describe('renderRobots', () => {
  it('allows everything but the API, private areas and the search index, and points at the sitemap', () => {
    const robots = renderRobots(`${site}/`);
    expect(robots.split('\n')).toEqual([
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /dashboard',
      'Disallow: /admin',
      'Disallow: /pagefind/',
      '',
      'Sitemap: https://brujula.example/sitemap.xml',
      '',
    ]);
  });
});
