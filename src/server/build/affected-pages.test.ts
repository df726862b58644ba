import { describe, expect, it } from 'vitest';
import type { CatalogueMap, MappedTool } from '../db/queries/public/catalogue-map.ts';
import { affectedPages, CATALOGUE_PAGES, type AffectedInput } from './affected-pages.ts';

const tool = (slug: string, categories: string[], featured = false): MappedTool => ({ slug, categories, featured });

const before: CatalogueMap = {
  categories: 'c1',
  tools: {
    a: tool('chatgpt', ['texto']),
    b: tool('midjourney', ['imagen']),
    c: tool('suno', ['audio'], true),
  },
};

function input(after: CatalogueMap, changed: string[] = [], extra: Partial<AffectedInput> = {}): AffectedInput {
  return {
    before,
    after,
    changed,
    taskSlugs: ['escribir-textos', 'crear-imagenes'],
    builtCategoryPages: new Map([
      ['texto', 1],
      ['imagen', 3],
      ['audio', 1],
    ]),
    builtSitemapParts: 0,
    ...extra,
  };
}

function pages(affected: ReturnType<typeof affectedPages>): string[] {
  if (affected.kind !== 'pages') throw new Error(`Se esperaba una reconstrucción incremental: ${affected.reason}`);
  return [...affected.paths, ...affected.later];
}

describe('affectedPages', () => {
  it('an approval renders the new tool, its category, the catalogue pages, every task page and the sitemap', () => {
    const after = { ...before, tools: { ...before.tools, d: tool('claude', ['texto']) } };
    const affected = affectedPages(input(after));
    expect(affected).toMatchObject({ kind: 'pages', tools: ['d'] });
    const paths = pages(affected);
    expect(paths).toEqual(expect.arrayContaining([...CATALOGUE_PAGES, '/claude', '/alternativas/claude', '/categoria/texto']));
    // Drawn on demand under a content key, the social image is no page of the build.
    expect(paths.filter((path) => path.startsWith('/og/'))).toEqual([]);
    expect(paths).toEqual(expect.arrayContaining(['/ia-para/escribir-textos', '/ia-para/crear-imagenes', '/sitemap-1.xml']));
    expect(paths).not.toContain('/chatgpt');
    expect(paths.filter((path) => path.startsWith('/categoria/'))).toEqual(['/categoria/texto']);
  });

  it('an edit that keeps slug and categories is found by its changed page, and renders every page of its category', () => {
    const paths = pages(affectedPages(input(before, ['b'])));
    expect(paths).toEqual(expect.arrayContaining(['/midjourney', '/categoria/imagen', '/categoria/imagen/pagina/2', '/categoria/imagen/pagina/3']));
    expect(paths).not.toContain('/categoria/imagen/pagina/4');
    expect(paths).not.toContain('/categoria/texto');
  });

  it('a category that grows gets its new last page', () => {
    const grown: CatalogueMap = { ...before, tools: { ...before.tools } };
    for (let index = 0; index < 30; index++) grown.tools[`t${index}`] = tool(`texto-${index}`, ['texto']);
    const paths = pages(affectedPages(input(grown)));
    expect(paths).toEqual(expect.arrayContaining(['/categoria/texto', '/categoria/texto/pagina/2']));
  });

  it('an unpublished tool and a renamed one name their old addresses too (the renderer removes what no longer exists)', () => {
    const after: CatalogueMap = { ...before, tools: { a: tool('chat-gpt', ['texto']), c: before.tools.c! } };
    const affected = affectedPages(input(after));
    expect(affected.kind === 'pages' && affected.tools.sort()).toEqual(['a', 'b']);
    expect(pages(affected)).toEqual(
      expect.arrayContaining(['/chatgpt', '/chat-gpt', '/midjourney', '/alternativas/midjourney', '/categoria/imagen', '/categoria/texto']),
    );
  });

  it('a tool moved to another category renders both categories', () => {
    const after: CatalogueMap = { ...before, tools: { ...before.tools, a: tool('chatgpt', ['audio']) } };
    expect(pages(affectedPages(input(after)))).toEqual(expect.arrayContaining(['/categoria/texto', '/categoria/audio']));
  });

  it('asks for the full build when categories change, a featured tool changes, or no published tool changed', () => {
    expect(affectedPages(input({ ...before, categories: 'c2' }, ['a']))).toMatchObject({ kind: 'full' });
    expect(affectedPages(input(before, ['c']))).toMatchObject({ kind: 'full' });
    const featured: CatalogueMap = { ...before, tools: { ...before.tools, a: tool('chatgpt', ['texto'], true) } };
    expect(affectedPages(input(featured))).toMatchObject({ kind: 'full' });
    expect(affectedPages(input(before))).toMatchObject({ kind: 'full' });
    // A draft whose page stamp moved (never published) is no published change either.
    expect(affectedPages(input(before, ['borrador']))).toMatchObject({ kind: 'full' });
  });

  it('puts first what a visitor looks at to find the change, and the pages that grow with the catalogue after', () => {
    const affected = affectedPages(input(before, ['b']));
    if (affected.kind !== 'pages') throw new Error(affected.reason);
    expect(affected.paths.sort()).toEqual([...CATALOGUE_PAGES, '/midjourney', '/alternativas/midjourney', '/categoria/imagen'].sort());
    expect(affected.later).toEqual(expect.arrayContaining(['/categoria/imagen/pagina/2', '/ia-para/crear-imagenes', '/sitemap-1.xml', '/sitemap.xml']));
    expect(affected.later.filter((path) => affected.paths.includes(path))).toEqual([]);
  });

  it('carries the pages the current build still owes into the second pass', () => {
    const affected = affectedPages(input(before, ['b'], { pending: ['/categoria/texto/pagina/2', '/midjourney'] }));
    expect(affected).toMatchObject({ kind: 'pages' });
    if (affected.kind !== 'pages') return;
    expect(affected.later).toContain('/categoria/texto/pagina/2');
    expect(affected.later).not.toContain('/midjourney');
    expect(affected.paths).toContain('/midjourney');
  });

  it('renders one sitemap part more than the build has, so a sitemap that outgrows its parts gets its new one', () => {
    const paths = pages(affectedPages(input(before, ['a'], { builtSitemapParts: 2 })));
    expect(paths.filter((path) => path.startsWith('/sitemap'))).toEqual(['/sitemap.xml', '/sitemap-1.xml', '/sitemap-2.xml', '/sitemap-3.xml']);
  });
});
