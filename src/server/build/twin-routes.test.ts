import { describe, expect, it } from 'vitest';
import { pageFile, twinAddress } from './twin-routes.ts';

describe('pageFile and twinAddress', () => {
  it('put a page where the full build writes it, and ask its twin at the same path under the prefix', () => {
    expect(pageFile('/')).toBe('index.html');
    expect(pageFile('/chatgpt')).toBe('chatgpt.html');
    expect(pageFile('/categoria/imagen/pagina/2')).toBe('categoria/imagen/pagina/2.html');
    expect(pageFile('/feed.xml')).toBe('feed.xml');
    expect(pageFile('/pagefind/tarjetas.json')).toBe('pagefind/tarjetas.json');
    expect(twinAddress('/')).toBe('/reconstruccion-interna');
    expect(twinAddress('/sitemap-2.xml')).toBe('/reconstruccion-interna/sitemap-2.xml');
  });
});
