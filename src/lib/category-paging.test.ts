import { describe, expect, it } from 'vitest';
import { CATEGORY_PAGE_SIZE, categoryPageCount, categoryPageHref, extraCategoryPages, parseCategoryPagePath } from './category-paging.ts';

describe('category paging', () => {
  it('pages 24 tools at a time, the first page even for an empty category', () => {
    expect(CATEGORY_PAGE_SIZE).toBe(24);
    expect(categoryPageCount(0)).toBe(1);
    expect(categoryPageCount(1)).toBe(1);
    expect(categoryPageCount(24)).toBe(1);
    expect(categoryPageCount(25)).toBe(2);
    expect(categoryPageCount(155)).toBe(7);
    expect(categoryPageCount(50_000)).toBe(2084);
  });

  it('builds a static file for every page after the first', () => {
    expect(extraCategoryPages(24)).toEqual([]);
    expect(extraCategoryPages(49)).toEqual([2, 3]);
    expect(extraCategoryPages(155)).toHaveLength(6);
    expect(extraCategoryPages(155).at(-1)).toBe(7);
  });

  it('links the first page to the category itself', () => {
    expect(categoryPageHref('imagen', 1)).toBe('/categoria/imagen');
    expect(categoryPageHref('imagen', 2)).toBe('/categoria/imagen/pagina/2');
  });

  it('reads a page path and refuses anything else', () => {
    expect(parseCategoryPagePath('imagen/pagina/1')).toEqual({ slug: 'imagen', page: 1 });
    expect(parseCategoryPagePath('video-ia/pagina/12/')).toEqual({ slug: 'video-ia', page: 12 });
    expect(parseCategoryPagePath('imagen')).toBeUndefined();
    expect(parseCategoryPagePath('imagen/pagina/dos')).toBeUndefined();
    expect(parseCategoryPagePath('imagen/pagina/2/extra')).toBeUndefined();
  });
});
