/**
 * The relevance set (src/features/search/relevance-set.ts) against an index built from the seeded catalogue,
 * searched as the search page does (search-engine.ts): names first, typos forgiven, gibberish finds nothing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../src/server/catalogue/seed.ts';
import { buildSearchIndex } from '../../src/server/search/search-index.ts';
import { searchTools } from '../../src/features/search/search-engine.ts';
import { INTERFACE_WORDS, RELEVANCE_SET, TASK_RELEVANCE_SET, scoreRelevance, type SlugSearch } from '../../src/features/search/relevance-set.ts';
import { TASKS } from '../../src/lib/tasks/vocabulary.ts';
import type { CategoryName } from '../../src/lib/tasks/vocabulary.ts';
import { useMigratedDatabase } from './helpers/db.ts';
import { loadServedSearch, slugOf } from './helpers/pagefind-node.ts';
import type { Pagefind } from '../../src/features/search/pagefind.ts';
import type { NameEntry } from '../../src/lib/search/name-match.ts';

const pool = await useMigratedDatabase();
await seedCatalogue(pool);

let clientDir: string;
let pagefind: Pagefind;
let names: NameEntry[];
let categories: CategoryName[];

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'search-relevance-'));
  await buildSearchIndex(pool, clientDir);
  // As the page reads it: every filter file loaded first, so that counts do not depend on which searches ran before.
  ({ pagefind, names } = await loadServedSearch(clientDir));
  // The categories the search page offers (and matches queries against), as the build reads them.
  categories = (await pool.query<CategoryName>('SELECT slug, name FROM categories WHERE is_active ORDER BY name')).rows;
});

afterAll(() => rm(clientDir, { recursive: true, force: true }));

const slugs = async (hits: { data(): Promise<{ url: string }> }[]) => Promise.all(hits.map(slugOf));
const search: SlugSearch = async (query) => slugs((await searchTools(pagefind, names, query, '', categories)).hits);
// What the search page did before: Pagefind's results as they come.
const pagefindAlone: SlugSearch = async (query) => slugs((await pagefind.search(query)).results);

describe('search relevance', () => {
  it('has at least 40 queries, typos and gibberish among them', () => {
    expect(RELEVANCE_SET.length).toBeGreaterThanOrEqual(40);
    expect(RELEVANCE_SET.filter((entry) => entry.none).length).toBeGreaterThanOrEqual(5);
    expect(RELEVANCE_SET.map((entry) => entry.query)).toEqual(expect.arrayContaining(['midjorney', 'chatgtp', 'stabel diffusion', 'xyzzyqq', 'pizza']));
  });

  it('passes every case', async () => {
    const before = await scoreRelevance(pagefindAlone);
    const score = await scoreRelevance(search);
    console.log(`Relevancia de la búsqueda: ${score.passed}/${score.total} (solo Pagefind: ${before.passed}/${before.total})`);
    expect(score.failures).toEqual([]);
  }, 120_000);

  it('has at least 60 everyday task queries, each naming well-known tools of the seed', async () => {
    expect(TASK_RELEVANCE_SET.length).toBeGreaterThanOrEqual(60);
    const { rows } = await pool.query<{ slug: string }>("SELECT slug FROM posts WHERE status = 'published'");
    const published = new Set(rows.map((row) => row.slug));
    for (const entry of TASK_RELEVANCE_SET) for (const slug of [...(entry.top2 ?? []), ...(entry.top5 ?? [])]) expect(published, entry.query).toContain(slug);
  });

  it('puts the tools made for a task first on everyday task queries', async () => {
    const before = await scoreRelevance(pagefindAlone, TASK_RELEVANCE_SET);
    const score = await scoreRelevance(search, TASK_RELEVANCE_SET);
    console.log(`Relevancia en tareas: ${score.passed}/${score.total} (solo Pagefind: ${before.passed}/${before.total})`);
    expect(score.failures).toEqual([]);
  }, 120_000);

  it('matches no tool by the words of buttons and labels', async () => {
    const { rows } = await pool.query<{ slug: string; text: string }>(`
      SELECT p.slug, concat_ws(' ', p.title, p.description, array_to_string(p.keywords, ' '),
             (SELECT string_agg(c.name, ' ') FROM post_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.post_id = p.id)) AS text
      FROM posts p WHERE p.status = 'published'`);
    const labels = new Map(TASKS.map((task) => [task.slug, task.label]));
    const tags = new Map(
      (await pool.query<{ slug: string; use_cases: string[] }>('SELECT slug, use_cases FROM posts')).rows.map((row) => [row.slug, row.use_cases]),
    );
    const ownText = new Map(rows.map((row) => [row.slug, `${row.text} ${(tags.get(row.slug) ?? []).map((slug) => labels.get(slug)).join(' ')}`]));
    for (const word of INTERFACE_WORDS) {
      const found = await search(word);
      const stem = new RegExp(word.slice(0, -2), 'i');
      expect(
        found.filter((slug) => !stem.test(ownText.get(slug) ?? '')),
        word,
      ).toEqual([]);
      expect(found.length, word).toBeLessThan(rows.length / 2);
    }
    expect(await search('guardar')).toEqual((await search('guardar')).filter((slug) => /guard/i.test(ownText.get(slug) ?? '')));
  });

  it('narrows name matches to the chosen category and counts them per category', async () => {
    const everywhere = await searchTools(pagefind, names, 'midjorney', '', categories);
    expect(await slugs(everywhere.hits)).toEqual(['midjourney', 'midjourney-sref']);
    expect((await everywhere.countCategories()).imagen).toBe(2);
    expect(await slugs((await searchTools(pagefind, names, 'midjorney', 'imagen', categories)).hits)).toEqual(['midjourney', 'midjourney-sref']);
    expect((await searchTools(pagefind, names, 'midjorney', 'video', categories)).hits).toEqual([]);
  });

  it('counts, per category, exactly the results it shows: names, tasks, a named category and the text together, fact filters or not', async () => {
    const searches: [string, string[]][] = [
      ...['hacer presentaciones', 'video con ia', 'imagen', 'generador de imágenes', 'midjorney', 'transcribir', 'chatgpt'].map(
        (query) => [query, []] as [string, string[]],
      ),
      ['hacer presentaciones', ['gratis']],
      ['generador de imágenes', ['con-api']],
      ['video con ia', ['en-espanol', 'gratis']],
    ];
    for (const [query, facts] of searches) {
      const outcome = await searchTools(pagefind, names, query, '', categories, facts);
      const tally: Record<string, number> = {};
      for (const hit of outcome.hits) for (const slug of (await hit.data()).meta.categorias!.split(' ')) tally[slug] = (tally[slug] ?? 0) + 1;
      const counts = Object.fromEntries(Object.entries(await outcome.countCategories()).filter(([, count]) => count > 0));
      expect(counts, `${query} ${facts.join(',')}`).toEqual(tally);
    }
  });
});
