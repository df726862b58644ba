import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svgToPng } from './render.ts';
import { escapeXml, layoutTitle, logoSvg, siteImageSvg, toolImageSvg, wrapText } from './template.ts';

let cacheRoot: string;
beforeAll(async () => {
  cacheRoot = await mkdtemp(path.join(tmpdir(), 'og-cache-'));
  process.env.DATA_DIR = cacheRoot;
});
afterAll(() => rm(cacheRoot, { recursive: true, force: true }));

describe('escapeXml', () => {
  it('escapes markup and drops characters XML forbids', () => {
    expect(escapeXml(`<b>"R&D"</b> l'IA\u0007`)).toBe('&lt;b&gt;&quot;R&amp;D&quot;&lt;/b&gt; l&apos;IA');
  });
});

describe('wrapText', () => {
  it('breaks between words', () => {
    expect(wrapText('Ultimate Skill Extractor by Further', 20, 3)).toEqual(['Ultimate Skill', 'Extractor by Further']);
  });

  it('splits a word longer than a line', () => {
    expect(wrapText('Supercalifragilístico', 10, 3)).toEqual(['Supercalif', 'ragilístic', 'o']);
  });

  it('ends a cut text with an ellipsis on the last allowed line', () => {
    const lines = wrapText('uno dos tres cuatro cinco seis siete ocho nueve diez', 10, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.endsWith('…')).toBe(true);
    expect(lines[1]!.length).toBeLessThanOrEqual(10);
  });
});

describe('layoutTitle', () => {
  it('uses the largest size for short titles and at most three lines for any title', () => {
    expect(layoutTitle('ChatGPT', 860)).toEqual({ fontSize: 84, lines: ['ChatGPT'] });
    const long = layoutTitle('Una herramienta con un título larguísimo que no cabe en tres líneas de ninguna manera posible', 860);
    expect(long.lines.length).toBe(3);
    expect(long.lines[2]!.endsWith('…')).toBe(true);
  });
});

describe('social images', () => {
  it('renders a tool image at 1200×630 with its texts escaped', async () => {
    const svg = toolImageSvg({
      siteName: 'Brújula IA',
      title: 'R&D <Labs>',
      categoryName: 'Asistentes de chat',
      categoryIcon: 'message-circle',
      color: '#10B981',
      pricingLabel: 'Freemium',
    });
    expect(svg).toContain('R&amp;D &lt;Labs&gt;');
    expect(svg).toContain('#10B981');
    const metadata = await sharp(Buffer.from(await svgToPng(svg))).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 1200, 630]);
  });

  it('falls back to the default colour when a category colour is not a hex colour', () => {
    const svg = toolImageSvg({ siteName: 'B', title: 'T', categoryName: null, categoryIcon: null, color: 'red"/><script', pricingLabel: 'Gratis' });
    expect(svg).not.toContain('<script');
    expect(svg).toContain('Herramienta de IA');
  });

  it('renders the site image at 1200×630 and the logo at 512×512', async () => {
    const site = await sharp(Buffer.from(await svgToPng(siteImageSvg({ siteName: 'Brújula IA', tagline: 'Directorio' })))).metadata();
    expect([site.width, site.height]).toEqual([1200, 630]);
    const logo = await sharp(Buffer.from(await svgToPng(logoSvg()))).metadata();
    expect([logo.width, logo.height]).toEqual([512, 512]);
  });
});

describe('svgToPng cache', () => {
  const cached = async () => (await readdir(path.join(cacheRoot, 'cache', 'og'), { recursive: true }).catch(() => [])).filter((file) => file.endsWith('.png'));

  it('keeps each rendered image under DATA_DIR and serves the same bytes again', async () => {
    const svg = siteImageSvg({ siteName: 'Caché', tagline: 'Una sola vez' });
    const before = (await cached()).length;
    const first = await svgToPng(svg);
    expect(await cached()).toHaveLength(before + 1);
    const again = await svgToPng(svg);
    expect(await cached()).toHaveLength(before + 1);
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
  });
});
