/**
 * The relevance set (src/features/search/relevance-set.ts) against an index built from the seeded catalogue,
 * searched as the search page does (search-engine.ts): names first, typos forgiven, gibberish finds nothing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../src/server/catalogue/seed.ts';
import { buildSearchIndex } from '../../src/features/search/search-index.server.ts';
import { searchTools } from '../../src/features/search/search-engine.ts';
import { RELEVANCE_SET, scoreRelevance, type SlugSearch } from '../../src/features/search/relevance-set.ts';
import { useMigratedDatabase } from './helpers/db.ts';
import { loadBuiltSearch, slugOf, type NodePagefind } from './helpers/pagefind-node.ts';
import type { NameEntry } from '../../src/features/search/name-match.ts';

const pool = await useMigratedDatabase();
await seedCatalogue(pool);

let clientDir: string;
let pagefind: NodePagefind;
let names: NameEntry[];

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'search-relevance-'));
  await buildSearchIndex(pool, clientDir);
  ({ pagefind, names } = await loadBuiltSearch(clientDir));
});

afterAll(() => rm(clientDir, { recursive: true, force: true }));

const slugs = async (hits: { data(): Promise<{ url: string }> }[]) => Promise.all(hits.map(slugOf));
const search: SlugSearch = async (query) => slugs((await searchTools(pagefind, names, query)).hits);
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

  it('narrows name matches to the chosen category and counts them per category', async () => {
    const everywhere = await searchTools(pagefind, names, 'midjorney');
    expect(await slugs(everywhere.hits)).toEqual(['midjourney', 'midjourney-sref']);
    expect(everywhere.categoryCounts.imagen).toBe(2);
    expect(await slugs((await searchTools(pagefind, names, 'midjorney', 'imagen')).hits)).toEqual(['midjourney', 'midjourney-sref']);
    expect((await searchTools(pagefind, names, 'midjorney', 'video')).hits).toEqual([]);
  });
});
