import { describe, expect, it } from 'vitest';
import { countLabel, isFeaturedCategory, popularCategories } from './categories.ts';
import { categoryCountText, categoryEmptyText, matchesFacts, matchesQuery, searchableText, sortCategoryTools, type CategoryTool } from './category-tools.ts';

describe('category rules (SPEC §9)', () => {
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

const tool = (title: string, extra: Partial<CategoryTool> = {}): CategoryTool => ({
  id: title,
  slug: title.toLowerCase(),
  title,
  description: `Descripción de ${title}`,
  url: null,
  imageUrl: null,
  logoUrl: null,
  pricing: 'free',
  isFeatured: false,
  isPopular: false,
  isVerified: false,
  categories: [{ slug: 'diseno', name: 'Diseño', icon: 'palette', color: '#000000' }],
  publishedAt: 0,
  editorialRank: null,
  views: 0,
  facts: [],
  ...extra,
});

describe('sortCategoryTools', () => {
  const tools = [
    tool('Beta', { publishedAt: 2, views: 5, ratingCount: 1, ratingSum: 4 }),
    tool('Alfa', { publishedAt: 2, views: 1, ratingCount: 9, ratingSum: 40 }),
    tool('Gamma', { publishedAt: 3, views: 5, isPopular: true }),
    tool('Delta', { publishedAt: 1, views: 50, ratingCount: 2, ratingSum: 2 }),
  ];
  const titles = (sorted: CategoryTool[]) => sorted.map((entry) => entry.title);

  it('newest first, then by title', () => {
    expect(titles(sortCategoryTools(tools, 'newest'))).toEqual(['Gamma', 'Alfa', 'Beta', 'Delta']);
  });

  it('tools published together follow the editorial rank before the title, unranked ones last', () => {
    const together = [tool('Alfa'), tool('Zeta', { editorialRank: 2 }), tool('Beta', { editorialRank: 1 })];
    expect(titles(sortCategoryTools(together, 'newest'))).toEqual(['Beta', 'Zeta', 'Alfa']);
  });

  it('popular by views, then the rating, then the editorial flag', () => {
    expect(titles(sortCategoryTools(tools, 'popular'))).toEqual(['Delta', 'Beta', 'Gamma', 'Alfa']);
    const tied = [tool('Uno'), tool('Dos', { isPopular: true })];
    expect(titles(sortCategoryTools(tied, 'popular'))).toEqual(['Dos', 'Uno']);
  });

  it('best rated first by the Bayesian rating: many good reviews beat one, no reviews beat bad ones', () => {
    expect(titles(sortCategoryTools(tools, 'rating'))).toEqual(['Alfa', 'Beta', 'Gamma', 'Delta']);
    const single = [tool('Una', { ratingCount: 1, ratingSum: 5 }), tool('Muchas', { ratingCount: 40, ratingSum: 184 })];
    expect(titles(sortCategoryTools(single, 'rating'))).toEqual(['Muchas', 'Una']);
  });

  it('does not reorder its input', () => {
    sortCategoryTools(tools, 'rating');
    expect(titles(tools)).toEqual(['Beta', 'Alfa', 'Gamma', 'Delta']);
  });
});

describe('category search', () => {
  const text = searchableText(tool('Canva Mágico'));

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

describe('fact filters on a category page', () => {
  it('combine with AND: a tool must pass every active filter', () => {
    expect(matchesFacts(['gratis', 'en-espanol'], [])).toBe(true);
    expect(matchesFacts(['gratis', 'en-espanol'], ['gratis'])).toBe(true);
    expect(matchesFacts(['gratis', 'en-espanol'], ['en-espanol', 'gratis'])).toBe(true);
    expect(matchesFacts(['gratis'], ['gratis', 'en-espanol'])).toBe(false);
    expect(matchesFacts([], ['con-api'])).toBe(false);
  });
});
