import { describe, expect, it } from 'vitest';
import { countLabel, isFeaturedCategory, popularCategories } from './categories.ts';
import { normalizeForSearch } from '../../lib/text.ts';
import {
  categoryApiUrl,
  categoryCountText,
  categoryEmptyText,
  categorySorts,
  isStaticState,
  matchesQuery,
  sortFromParam,
  withListParams,
} from './category-tools.ts';

describe('category rules', () => {
  it('a featured category has more than five tools', () => {
    expect(isFeaturedCategory({ toolCount: 5 })).toBe(false);
    expect(isFeaturedCategory({ toolCount: 6 })).toBe(true);
  });

  it('popular categories are the top six by tool count, ties in incoming order', () => {
    const categories = [3, 9, 1, 9, 7, 2, 8, 5].map((toolCount, index) => ({ name: `c${index}`, toolCount }));
    expect(popularCategories(categories).map((category) => category.name)).toEqual(['c1', 'c3', 'c6', 'c4', 'c7', 'c0']);
  });

  it('counts read naturally in Spanish', () => {
    expect(countLabel(1, 'herramienta', 'herramientas')).toBe('1 herramienta');
    expect(countLabel(0, 'herramienta', 'herramientas')).toBe('0 herramientas');
    expect(countLabel(12345, 'herramienta', 'herramientas')).toBe('12.345 herramientas');
  });
});

describe('category search (the /categorias filter)', () => {
  const text = normalizeForSearch('Canva Mágico Descripción de Canva Diseño');

  it('ignores case and accents on both sides', () => {
    expect(matchesQuery(text, 'MAGICO')).toBe(true);
    expect(matchesQuery(text, 'diseno')).toBe(true);
    expect(matchesQuery(text, 'Diseño')).toBe(true);
  });

  it('collapses whitespace and keeps everything for an empty query', () => {
    expect(matchesQuery(text, '  canva   mágico ')).toBe(true);
    expect(matchesQuery(text, '   ')).toBe(true);
    expect(matchesQuery(text, 'midjourney')).toBe(false);
  });
});

describe('category list state in the address', () => {
  const plain = { q: '', sort: 'newest', facts: [] } as const;

  it('is the static page only without search, filters or another sort', () => {
    expect(isStaticState(plain)).toBe(true);
    expect(isStaticState({ ...plain, q: '   ' })).toBe(true);
    expect(isStaticState({ ...plain, q: 'foto' })).toBe(false);
    expect(isStaticState({ ...plain, sort: 'rating' })).toBe(false);
    expect(isStaticState({ ...plain, facts: ['gratis'] })).toBe(false);
  });

  it('names the sorts in Spanish and falls back to «Más recientes»', () => {
    expect(sortFromParam('populares')).toBe('popular');
    expect(sortFromParam('valoradas')).toBe('rating');
    expect(sortFromParam(null)).toBe('newest');
    expect(sortFromParam('popular')).toBe('newest');
    expect(categorySorts.map((sort) => sort.label)).toEqual(['Más recientes', 'Más populares', 'Más valoradas']);
  });

  it('writes the search and the sort, keeps the filters, and drops defaults', () => {
    expect(withListParams('?filtro=gratis,con-api', { q: ' foto ', sort: 'popular' })).toBe('?filtro=gratis,con-api&q=foto&orden=populares');
    expect(withListParams('?q=foto&orden=populares', { q: '', sort: 'newest' })).toBe('');
  });

  it('asks the API for the whole category in that state', () => {
    const url = new URL(categoryApiUrl('imagen', { q: 'retrato', sort: 'rating', facts: ['gratis', 'en-espanol'] }, 2, 24), 'http://x');
    expect(url.pathname).toBe('/api/tools');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      category: 'imagen',
      sort: 'rating',
      size: '24',
      page: '2',
      q: 'retrato',
      filtro: 'gratis,en-espanol',
    });
    expect(new URL(categoryApiUrl('imagen', plain, 1, 24), 'http://x').searchParams.has('q')).toBe(false);
  });
});

describe('category page texts', () => {
  it('counts every tool, or the matches while searching', () => {
    expect(categoryCountText(155, 155, false)).toBe('155 herramientas');
    expect(categoryCountText(1, 1, false)).toBe('1 herramienta');
    expect(categoryCountText(1, 1500, true)).toBe('1 resultado de 1500');
    expect(categoryCountText(0, 155, true)).toBe('0 resultados de 155');
  });

  it('explains an empty list', () => {
    expect(categoryEmptyText('Imagen', '  zzzz ')).toBe('Ninguna herramienta de Imagen coincide con «zzzz».');
    expect(categoryEmptyText('Imagen', '')).toBe('Todavía no hay herramientas publicadas en Imagen.');
    expect(categoryEmptyText('Imagen', '', true)).toBe('Intenta ajustar tus filtros de búsqueda para encontrar más resultados.');
    expect(categoryEmptyText('Imagen', 'zzzz', true)).toBe('Ninguna herramienta de Imagen coincide con «zzzz» y con los filtros elegidos.');
  });
});
