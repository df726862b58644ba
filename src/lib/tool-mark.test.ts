import { describe, expect, it } from 'vitest';
import { stableHash, toolInitials, toolMark } from './tool-mark.ts';
import { availabilityNotice } from './tool-availability.ts';
import { renderFeed } from './feed.ts';

describe('toolInitials', () => {
  it('takes the first letters of the telling words, or two letters of a single word', () => {
    expect(toolInitials('AI Code Converter')).toBe('CC');
    expect(toolInitials('Midjourney')).toBe('Mi');
    expect(toolInitials('Stable Diffusion (Stability AI)')).toBe('SD');
    expect(toolInitials('Ñandú mágico')).toBe('ÑM');
    expect(toolInitials('AI')).toBe('Ai');
    expect(toolInitials('!!!')).toBe('?');
  });
});

describe('toolMark', () => {
  it('is stable for a slug and differs between neighbours of one category', () => {
    expect(toolMark({ title: 'Uno', slug: 'uno' }, '#DC2626')).toEqual(toolMark({ title: 'Uno', slug: 'uno' }, '#DC2626'));
    const marks = ['ai-boost', 'ai-code-converter', 'ai-dev-jobs', 'ai-dictation'].map((slug) => toolMark({ title: slug, slug }, '#DC2626').background);
    expect(new Set(marks).size).toBe(marks.length);
    expect(stableHash('a')).not.toBe(stableHash('b'));
  });
});

describe('availabilityNotice', () => {
  it('says nothing for a working tool, a discreet word while its site fails or moved, and more once retired', () => {
    expect(availabilityNotice({ title: 'X', discontinued: false, linkStatus: 'ok' })).toBeNull();
    expect(availabilityNotice({ title: 'X', discontinued: false, linkStatus: 'failing' })?.heading).toBe('Puede que ya no esté disponible');
    expect(availabilityNotice({ title: 'X', discontinued: false, linkStatus: 'moved' })?.text).toBe('Su web lleva ahora a otro dominio.');
    expect(availabilityNotice({ title: 'X', discontinued: true, linkStatus: 'failing' })?.kind).toBe('discontinued');
  });
});

describe('renderFeed', () => {
  it('writes RSS 2.0 with escaped text, absolute links and RFC 822 dates', () => {
    const xml = renderFeed({ siteName: 'Brújula IA', siteUrl: 'https://www.ejemplo.es' }, [
      {
        title: 'A & <B>',
        slug: 'a-b',
        description: 'Dice "hola"',
        publishedAt: new Date('2026-11-24T06:00:00Z'),
        categories: ['Imagen'],
        image: 'https://www.ejemplo.es/media/logos/a.png',
      },
    ]);
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain('<title>A &amp; &lt;B&gt;</title>');
    expect(xml).toContain('<link>https://www.ejemplo.es/a-b</link>');
    expect(xml).toContain('<guid isPermaLink="true">https://www.ejemplo.es/a-b</guid>');
    expect(xml).toContain('<pubDate>Tue, 24 Nov 2026 06:00:00 GMT</pubDate>');
    expect(xml).toContain('<description>Dice &quot;hola&quot;</description>');
    expect(xml).toContain('<atom:link href="https://www.ejemplo.es/feed.xml" rel="self" type="application/rss+xml"/>');
    expect(xml).toContain('<language>es-ES</language>');
  });
});
