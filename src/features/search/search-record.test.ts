import { describe, expect, it } from 'vitest';
import { toSearchRecord, type SearchRow } from './search-index.server.ts';
import { SEARCH_CARD_META, fromSearchMeta, resultCountLabel, searchHref, searchQuery } from './search.ts';

const row: SearchRow = {
  id: '6f1c2a8e-1111-4222-8333-944455556666',
  slug: 'pintor-magico',
  title: 'Pintor Mágico',
  description: 'Generador de imágenes a partir de texto, con estilos de ilustración y fotografía.',
  url: 'https://pintor.example/',
  imageUrl: null,
  logoUrl: 'https://pintor.example/logo.png',
  keywords: ['ilustración', 'arte con IA'],
  pricing: 'freemium',
  isFeatured: true,
  isPopular: false,
  isVerified: true,
  categories: [
    { slug: 'imagen', name: 'Imagen', icon: 'image', color: '#8B5CF6' },
    { slug: 'diseno', name: 'Diseño', icon: 'palette', color: '#EC4899' },
  ],
};

describe('toSearchRecord', () => {
  const record = toSearchRecord(row);

  it('points at the tool page and indexes it as Spanish', () => {
    expect(record.url).toBe('/pintor-magico');
    expect(record.language).toBe('es');
  });

  it('matches on title, description, category names, keywords and the pricing label, as written', () => {
    for (const text of ['Pintor Mágico', row.description, 'Imagen', 'Diseño', 'ilustración', 'arte con IA', 'Freemium']) {
      expect(record.content).toContain(text);
    }
  });

  it('filters by every category slug and by pricing', () => {
    expect(record.filters).toEqual({ categoria: ['imagen', 'diseno'], precio: ['freemium'] });
  });

  it('carries a tool card in string metadata that reads back unchanged', () => {
    expect(Object.values(record.meta).every((value) => typeof value === 'string')).toBe(true);
    expect(record.meta.title).toBe('Pintor Mágico');
    expect(record.meta.image).toBeUndefined();
    const { keywords, ...card } = row;
    expect(keywords).toHaveLength(2);
    expect(fromSearchMeta(record.meta)).toEqual(card);
  });

  it("carries the card's HTML when the site build rendered it, and nothing in its place otherwise", () => {
    const html = '<article><h3><a href="/pintor-magico">Pintor Mágico</a></h3></article>';
    expect(toSearchRecord(row, html).meta[SEARCH_CARD_META]).toBe(html);
    expect(record.meta[SEARCH_CARD_META]).toBeUndefined();
  });

  it('handles a tool without categories, keywords or links', () => {
    const bare = toSearchRecord({ ...row, categories: [], keywords: null, url: null, logoUrl: null, isFeatured: false, isVerified: false });
    expect(bare.filters.categoria).toEqual([]);
    expect(fromSearchMeta(bare.meta)).toMatchObject({ categories: [], url: null, logoUrl: null, isFeatured: false, isVerified: false });
  });
});

describe('fromSearchMeta', () => {
  it('falls back safely on damaged metadata', () => {
    expect(fromSearchMeta({ title: 'X', pricing: 'gratis', categories: '{no es json' })).toMatchObject({
      title: 'X',
      pricing: 'unknown',
      categories: [],
      url: null,
    });
  });
});

describe('search helpers', () => {
  it('trims the query and collapses whitespace; blank means nothing to search', () => {
    expect(searchQuery('  generador   de\timágenes ')).toBe('generador de imágenes');
    expect(searchQuery(' \n ')).toBe('');
  });

  it('says how many results there are, singular or plural', () => {
    expect(resultCountLabel(0, 'voz')).toBe('0 resultados para «voz»');
    expect(resultCountLabel(1, 'voz')).toBe('1 resultado para «voz»');
    expect(resultCountLabel(37, 'voz')).toBe('37 resultados para «voz»');
  });

  it('builds search addresses', () => {
    expect(searchHref('generador de imágenes')).toBe('/buscar?q=generador+de+im%C3%A1genes');
    expect(searchHref('voz', 'audio')).toBe('/buscar?q=voz&categoria=audio');
    expect(searchHref('')).toBe('/buscar');
  });
});
