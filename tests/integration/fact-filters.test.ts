/**
 * The fact filters mean the same everywhere: the SQL of GET /api/tools (factFilterSql), the category
 * pages' lists (the same API query, page after page) and the search index (matchesFactFilter) pick exactly the same tools of a seeded catalogue
 * whose facts were set here, and the search page's engine keeps to them, found by name, text or task.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seedCatalogue } from '../../src/server/catalogue/seed.ts';
import { closeDb, getDb } from '../../src/server/db/client.ts';
import { posts } from '../../src/server/db/schema.ts';
import { factFilterSql } from '../../src/server/db/queries/public/tool-facts-sql.ts';
import { listTools } from '../../src/server/db/queries/public/tools.ts';
import { buildSearchIndex, readSearchRows, toSearchRecord } from '../../src/server/search/search-index.ts';
import { searchTools } from '../../src/features/search/search-engine.ts';
import type { Pagefind } from '../../src/features/search/pagefind.ts';
import { factFilters, matchesFactFilter, type FactFilter } from '../../src/lib/tool-facts.ts';
import type { CategoryName } from '../../src/lib/tasks/vocabulary.ts';
import type { NameEntry } from '../../src/lib/search/name-match.ts';
import { listWholeCategory } from './helpers/category.ts';
import { useMigratedDatabase } from './helpers/db.ts';
import { loadServedSearch, slugOf } from './helpers/pagefind-node.ts';

const pool = await useMigratedDatabase();
await seedCatalogue(pool);
process.env.DATABASE_URL = inject('databaseUrl');

/** Facts a few tools get in this test: every filter reached by its facts alone, and near misses that must not pass. */
const FACTS: [slug: string, set: string][] = [
  ['midjourney', "free_plan = 'yes', spanish_output = 'yes', platforms = ARRAY['web', 'api']"],
  ['dall-e-openai', "spanish_interface = 'yes', platforms = ARRAY['api'], open_source = 'no'"],
  ['stable-diffusion-stability-ai', "open_source = 'yes', platforms = ARRAY['web', 'self_hosted', 'api'], free_plan = 'yes'"],
  ['runway', "free_plan = 'trial', spanish_interface = 'no', spanish_output = 'unknown', platforms = ARRAY['web', 'ios']"],
  ['elevenlabs', "spanish_interface = 'yes', spanish_output = 'yes', spanish_voice = 'yes', platforms = ARRAY['web', 'api'], free_plan = 'yes'"],
  ['github-copilot', "open_source = 'no', platforms = ARRAY['extension', 'windows', 'macos', 'linux']"],
];

let clientDir: string;
let pagefind: Pagefind;
let names: NameEntry[];
let categories: CategoryName[];

beforeAll(async () => {
  for (const [slug, set] of FACTS) {
    const { rowCount } = await pool.query(`UPDATE posts SET ${set}, facts_checked_at = now() WHERE slug = $1 AND status = 'published'`, [slug]);
    expect(rowCount, slug).toBe(1);
  }
  // A paid tool that only its facts make free, and one that only its pricing model makes open source.
  await pool.query("UPDATE posts SET pricing = 'paid' WHERE slug IN ('midjourney', 'runway')");
  await pool.query("UPDATE posts SET pricing = 'open_source', open_source = 'unknown' WHERE slug = 'github-copilot'");
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'fact-filters-'));
  await buildSearchIndex(pool, clientDir);
  // As the page reads it: every filter file loaded before the first search, or Pagefind's counts depend on which
  // files the searches running at the same time happened to load (a count test failed now and then).
  ({ pagefind, names } = await loadServedSearch(clientDir));
  categories = (await pool.query<CategoryName>('SELECT slug, name FROM categories WHERE is_active ORDER BY name')).rows;
});

afterAll(async () => {
  await closeDb();
  await rm(clientDir, { recursive: true, force: true });
});

/** Every published tool's slug with what matchesFactFilter reads, from the search index's own query. */
const rows = () => readSearchRows(pool);
const expectedSlugs = async (active: readonly FactFilter[], categorySlug?: string) =>
  (await rows())
    .filter((row) => !row.discontinued && (!categorySlug || row.categories.some((category) => category.slug === categorySlug)))
    .filter((row) => active.every((filter) => matchesFactFilter(filter, row)))
    .map((row) => row.slug)
    .sort();

describe('fact filters in SQL and in TypeScript', () => {
  it.each(factFilters)('«%s»: factFilterSql picks exactly the tools matchesFactFilter does', async (filter) => {
    const selected = await getDb()
      .select({ slug: posts.slug })
      .from(posts)
      .where(and(eq(posts.status, 'published'), sql`${posts.discontinuedAt} IS NULL`, factFilterSql[filter]));
    const expected = await expectedSlugs([filter]);
    expect(selected.map((row) => row.slug).sort()).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
  });

  it('the set facts decide: a paid tool with a free plan is free, a trial is not, a licence makes it open source', async () => {
    expect(await expectedSlugs(['gratis'])).toContain('midjourney');
    expect(await expectedSlugs(['gratis'])).not.toContain('runway');
    expect(await expectedSlugs(['con-api', 'en-espanol'])).toEqual(expect.arrayContaining(['midjourney', 'dall-e-openai', 'elevenlabs', 'chatgpt']));
    expect(await expectedSlugs(['codigo-abierto'])).toEqual(expect.arrayContaining(['stable-diffusion-stability-ai', 'github-copilot']));
    expect(await expectedSlugs(['codigo-abierto'])).not.toContain('dall-e-openai');
  });

  it('GET /api/tools pages hold every fact filter asked for (AND), across pages', async () => {
    const active: FactFilter[] = ['gratis', 'con-api'];
    const listed: string[] = [];
    for (let page = 1; ; page++) {
      const result = await listTools({ filter: 'new', category: '', page, facts: active });
      listed.push(...result.items.map((item) => item.slug));
      if (!result.hasMore) break;
    }
    expect(listed.sort()).toEqual(await expectedSlugs(active));
    const inImage = await listTools({ filter: 'popular', category: 'imagen', page: 1, facts: ['en-espanol', 'con-api'] });
    expect(inImage.items.map((item) => item.slug).sort()).toEqual(await expectedSlugs(['en-espanol', 'con-api'], 'imagen'));
  });

  it("a category page's filtered list (GET /api/tools, page after page) holds exactly the tools that pass", async () => {
    const slugs = async (facts: FactFilter[]) => (await listWholeCategory('imagen', { facts })).map((tool) => tool.slug);
    expect(await slugs(['gratis', 'en-espanol', 'con-api'])).toContain('midjourney');
    expect(await slugs(['gratis', 'con-api', 'codigo-abierto'])).toContain('stable-diffusion-stability-ai');
    for (const filter of factFilters) expect((await slugs([filter])).sort(), filter).toEqual(await expectedSlugs([filter], 'imagen'));
  });
});

describe('fact filters in the search index', () => {
  it('each record carries the fact filters its tool passes', async () => {
    const all = await rows();
    const midjourney = all.find((row) => row.slug === 'midjourney')!;
    expect(toSearchRecord(midjourney).filters.filtro).toEqual(['gratis', 'en-espanol', 'con-api']);
    for (const filter of factFilters) {
      const { results } = await pagefind.search(null, { filters: { filtro: filter } });
      const found = (await Promise.all(results.map(slugOf))).sort();
      const expected = all.filter((row) => matchesFactFilter(filter, row)).map((row) => row.slug);
      expect(found, filter).toEqual(expected.sort());
    }
  });

  const found = async (query: string, facts: string[], category = '') =>
    Promise.all((await searchTools(pagefind, names, query, category, categories, facts)).hits.map(slugOf));

  it('finds a tool «Con API» by its facts, by name and by text, with the filter on', async () => {
    expect((await found('chatgpt', ['con-api']))[0]).toBe('chatgpt');
    expect((await found('midjourney', ['con-api', 'gratis']))[0]).toBe('midjourney');
    expect(await found('generador de imágenes', ['con-api'])).toEqual(expect.arrayContaining(['midjourney', 'dall-e-openai', 'stable-diffusion-stability-ai']));
  });

  it('keeps every result, whichever way it was found, within all the filters', async () => {
    const allRows = new Map((await rows()).map((row) => [row.slug, row]));
    for (const [query, facts] of [
      ['chatgpt', ['codigo-abierto']],
      ['hacer presentaciones', ['gratis']],
      ['generador de imágenes', ['en-espanol', 'con-api']],
      ['imagen', ['gratis', 'codigo-abierto']],
      ['alternativas a midjourney', ['con-api']],
    ] as const) {
      const slugs = await found(query, [...facts]);
      for (const slug of slugs) for (const filter of facts) expect(matchesFactFilter(filter, allRows.get(slug)!), `${query}: ${slug} ${filter}`).toBe(true);
    }
    expect(await found('chatgpt', ['codigo-abierto'])).not.toContain('chatgpt');
    expect((await found('generador de imágenes', ['con-api'])).length).toBeLessThan((await found('generador de imágenes', [])).length);
  });

  it('counts the category filter within the fact filters, with or without a category chosen', async () => {
    const counts = await (await searchTools(pagefind, names, 'generador de imágenes', '', categories, ['con-api'])).countCategories();
    const inImage = await searchTools(pagefind, names, 'generador de imágenes', 'imagen', categories, ['con-api']);
    expect(await inImage.countCategories()).toEqual(counts);
    expect(counts.imagen).toBe(inImage.hits.length);
    const unfiltered = await (await searchTools(pagefind, names, 'generador de imágenes', '', categories)).countCategories();
    expect(counts.imagen).toBeLessThan(unfiltered.imagen!);
  });
});
