/**
 * Category pages that stay small: GET /api/tools answers a category page's sort, search text, fact
 * filters and pages of 24 from the real database, with the whole category's count, and the sitemap lists each page.
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { toolListResponse } from '../../src/server/catalogue/tool-list.ts';
import { seedCatalogue } from '../../src/server/catalogue/seed.ts';
import { getPool } from '../../src/server/db/client.ts';
import { listTools, type ToolPage } from '../../src/server/db/queries/public/tools.ts';
import { loadSitemapEntries } from '../../src/server/seo/sitemap-entries.ts';
import { normalizeForSearch } from '../../src/lib/text.ts';
import { listWholeCategory } from './helpers/category.ts';
import { useMigratedDatabase } from './helpers/db.ts';

const pool = await useMigratedDatabase();
await seedCatalogue(pool);
process.env.DATABASE_URL = inject('databaseUrl');
afterAll(() => getPool().end());

/** The endpoint itself on the real query (listTools, not the micro-cache, so that each test sees its own changes). */
async function api(search: string): Promise<ToolPage> {
  const response = await toolListResponse(new URL(`http://local/api/tools?${search}`), listTools);
  expect(response.status, search).toBe(200);
  return (await response.json()) as ToolPage;
}

describe('GET /api/tools for a category page', () => {
  it('pages the 155 image tools 24 at a time, with the whole count on every page', async () => {
    const first = await api('category=imagen&sort=newest&size=24');
    expect(first).toMatchObject({ page: 1, hasMore: true, total: 155 });
    expect(first.items).toHaveLength(24);
    const last = await api('category=imagen&sort=newest&size=24&page=7');
    expect(last).toMatchObject({ page: 7, hasMore: false, total: 155 });
    expect(last.items).toHaveLength(155 - 6 * 24);
    // Past the last page: nothing, but still the count.
    expect(await api('category=imagen&sort=newest&size=24&page=8')).toEqual({ items: [], page: 8, hasMore: false, total: 155 });
    const all = await listWholeCategory('imagen');
    expect(new Set(all.map((tool) => tool.slug)).size).toBe(155);
    expect(all.every((tool) => tool.categories.some((category) => category.slug === 'imagen'))).toBe(true);
    // The home grid asks without a sort and gets no count, so its queries can stop early on an index.
    expect(await api('category=imagen')).not.toHaveProperty('total');
    // «Más recientes» on the API is the order the static pages are cut in.
    expect(first.items.map((tool) => tool.slug)).toEqual(all.slice(0, 24).map((tool) => tool.slug));
  });

  it('«Más populares» ranks by visits, «Más valoradas» by the Bayesian rating', async () => {
    const [a, b, c] = (await listWholeCategory('imagen')).slice(-3).map((tool) => tool.slug);
    await pool.query('UPDATE posts SET views = 500 WHERE slug = $1', [b]);
    await pool.query('UPDATE posts SET views = 900 WHERE slug = $1', [c]);
    // One five-star review against forty of 4.6: the forty win (src/lib/rating.ts).
    await pool.query('UPDATE posts SET rating_count = 1, rating_sum = 5 WHERE slug = $1', [a]);
    await pool.query('UPDATE posts SET rating_count = 40, rating_sum = 184 WHERE slug = $1', [b]);
    try {
      const popular = await api('category=imagen&sort=popular&size=24');
      expect(popular.items.slice(0, 2).map((tool) => tool.slug)).toEqual([c, b]);
      const rated = await api('category=imagen&sort=rating&size=24');
      expect(rated.items.slice(0, 2).map((tool) => tool.slug)).toEqual([b, a]);
      expect(rated.total).toBe(155);
    } finally {
      await pool.query('UPDATE posts SET views = 0, rating_count = 0, rating_sum = 0 WHERE slug = ANY($1)', [[a, b, c]]);
    }
  });

  it('searches title, description and category names, ignoring case and accents, with LIKE wildcards taken literally', async () => {
    const all = await listWholeCategory('imagen');
    const expected = (query: string) =>
      all
        .filter((tool) =>
          normalizeForSearch([tool.title, tool.description ?? '', ...tool.categories.map((category) => category.name)].join(' ')).includes(
            normalizeForSearch(query),
          ),
        )
        .map((tool) => tool.slug)
        .sort();
    for (const query of ['MIDJOURNEY', 'generación de imágenes', 'GENERACION DE IMAGENES', '%', 'a_b', 'zzzz sin coincidencias']) {
      const found = (await listWholeCategory('imagen', { q: query })).map((tool) => tool.slug).sort();
      expect(found, query).toEqual(expected(query));
    }
    expect(expected('MIDJOURNEY')).toContain('midjourney');
    expect(expected('generación de imágenes').length).toBeGreaterThan(1);
    // Every image tool is in «Imagen», so the category's own name matches them all.
    expect((await api('category=imagen&sort=newest&size=24&q=IMAGEN')).total).toBe(155);
    expect(await api('category=imagen&sort=newest&size=24&q=zzzz%20sin%20coincidencias')).toEqual({ items: [], page: 1, hasMore: false, total: 0 });
  });

  it('combines the search, a fact filter and a sort, and counts only what matches', async () => {
    await pool.query("UPDATE posts SET free_plan = 'yes' WHERE slug IN ('midjourney', 'leonardoai')");
    const free = await listWholeCategory('imagen', { facts: ['gratis'] });
    const page = await api('category=imagen&sort=rating&size=24&filtro=gratis&q=midjourney');
    expect(page.items.map((tool) => tool.slug)).toContain('midjourney');
    expect(page.total).toBe(page.items.length);
    expect(page.items.every((tool) => free.some((other) => other.slug === tool.slug))).toBe(true);
    expect((await api('category=imagen&sort=newest&size=24&filtro=gratis')).total).toBe(free.length);
  });
});

describe('the sitemap lists every category page', () => {
  it('the first at /categoria/{slug}, the rest at /pagina/{n} up to the last', async () => {
    const paths = new Set((await loadSitemapEntries()).map((entry) => entry.path));
    expect(paths.has('/categoria/imagen')).toBe(true);
    for (let page = 2; page <= 7; page++) expect(paths.has(`/categoria/imagen/pagina/${page}`), String(page)).toBe(true);
    expect(paths.has('/categoria/imagen/pagina/1')).toBe(false);
    expect(paths.has('/categoria/imagen/pagina/8')).toBe(false);
  });
});
