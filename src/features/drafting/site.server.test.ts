import { describe, expect, it } from 'vitest';
import { DRAFTABLE_TEXT, draftableHomepage } from '../../../tests/fixtures/draftable-site.ts';
import { pageText } from './site.server.ts';

describe('pageText', () => {
  it('gives the title, the description and the visible text, without scripts, styles or tags', () => {
    const text = pageText(draftableHomepage('/precios'), 'https://escriba.example/');
    const lines = text.split('\n');
    expect(lines[0]).toBe(DRAFTABLE_TEXT.firstLine);
    expect(lines[1]).toBe('Redacta, resume y traduce textos con IA, en español, desde la web.');
    expect(text).toContain('Escribe mejor, en menos tiempo Escriba Veloz redacta');
    expect(text).toContain('Plan gratuito con 20 textos al mes');
    expect(text).not.toContain(DRAFTABLE_TEXT.secret);
    expect(text).not.toMatch(/[<>]/);
  });

  it('reads a page without a body element and decodes its entities', () => {
    expect(pageText('<p>Caf&eacute; &amp; t&#233;</p>', 'https://a.example/')).toBe('Café & té');
  });
});
