import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { logoSvg, parseLogoRef, rasterizeLogo, readLogoMapping } from './logos.ts';

describe('curated logos', () => {
  it('every entry of logos.json names an icon its package has', async () => {
    const mapping = await readLogoMapping();
    const missing: string[] = [];
    for (const [slug, ref] of mapping) {
      await logoSvg(ref).catch(() => missing.push(slug));
    }
    expect(missing).toEqual([]);
  });

  it('draws Arcticons line icons with a heavier line, in the dark slate', async () => {
    const svg = await logoSvg(parseLogoRef('iconify-arcticons:quillbot'));
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 48 48"><g stroke-width="2">/);
    expect(svg).not.toContain('currentColor');
    expect(svg).toContain('stroke="#0f172a"');
    const png = sharp(await rasterizeLogo(svg));
    expect((await png.metadata()).width).toBe(256);
    const { channels } = await png.stats();
    // Lines drawn, not a blank tile: the darkest pixel is the slate's.
    expect(Math.min(...channels.slice(0, 3).map((channel) => channel.min))).toBeLessThan(60);
  });

  it('refuses a package the mapping does not know', () => {
    expect(() => parseLogoRef('iconify-cbi:openai')).toThrow(/no válida/);
  });
});
