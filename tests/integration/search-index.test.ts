import { access, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../src/server/catalogue/seed.ts';
import { SEARCH_CARDS_FILE, buildSearchIndex, readSearchRows } from '../../src/server/search/search-index.ts';
import { renderSearchCard, renderSearchCards } from '../../src/features/search/search-cards.server.ts';
import { searchCardPath, searchToken } from '../../src/lib/search/search.ts';
import type { SearchRow } from '../../src/server/search/search-index.ts';
import { useMigratedDatabase } from './helpers/db.ts';

interface PagefindResult {
  id: string;
  data(): Promise<{ url: string; meta: Record<string, string> }>;
}
let rowsBySlug: Map<string, SearchRow>;
interface Pagefind {
  options(options: { basePath: string }): Promise<void>;
  search(query: string | null, options?: { filters?: Record<string, string>; sort?: Record<string, 'asc'> }): Promise<{ results: PagefindResult[] }>;
  filters(): Promise<Record<string, Record<string, number>>>;
}

const pool = await useMigratedDatabase();
await seedCatalogue(pool);

let clientDir: string;
let pagefind: Pagefind;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'search-index-'));
  // What the site build leaves for the index (src/pages/pagefind/tarjetas.json.ts).
  await mkdir(path.join(clientDir, 'pagefind'));
  await writeFile(path.join(clientDir, SEARCH_CARDS_FILE), JSON.stringify(renderSearchCards(await readSearchRows(pool))));
  expect(await buildSearchIndex(pool, clientDir)).toBe(1006);
  rowsBySlug = new Map((await readSearchRows(pool)).map((row) => [row.slug, row]));
  // The browser bundle fetches its index files; from Node they are read from disk.
  globalThis.fetch = async (input: string | URL | Request) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (url.protocol === 'file:') return new Response(await readFile(url));
    return realFetch(input);
  };
  const bundleDir = path.join(clientDir, 'pagefind');
  pagefind = (await import(/* @vite-ignore */ pathToFileURL(path.join(bundleDir, 'pagefind.js')).href)) as Pagefind;
  await pagefind.options({ basePath: pathToFileURL(bundleDir).href + '/' });
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await rm(clientDir, { recursive: true, force: true });
});

async function search(query: string, filters?: Record<string, string>) {
  const { results } = await pagefind.search(query, { filters });
  // Results carry only a name and category slugs: the tool's own data comes from the database for the checks.
  return Promise.all(results.map(async (result) => rowsBySlug.get((await result.data()).url.split('/').pop()!)!));
}

function mentions(tool: { title: string; description: string; categories: { name: string }[] }, word: RegExp): boolean {
  return word.test([tool.title, tool.description, ...tool.categories.map((category) => category.name)].join(' '));
}

describe('search index from the database', () => {
  it('reads every published tool with its active categories, primary first', async () => {
    const rows = await readSearchRows(pool);
    expect(rows).toHaveLength(1006);
    const { rows: primaries } = await pool.query<{ slug: string; primary: string }>(`
      SELECT p.slug, c.slug AS primary FROM posts p JOIN categories c ON c.id = p.category_id WHERE p.status = 'published'`);
    const bySlug = new Map(rows.map((row) => [row.slug, row]));
    for (const { slug, primary } of primaries) expect(bySlug.get(slug)?.categories[0]?.slug, slug).toBe(primary);
    expect(rows.every((row) => row.keywords && row.keywords.length > 0)).toBe(true);
  });

  it('leaves out tools that are not published', async () => {
    await pool.query("UPDATE posts SET status = 'pending' WHERE slug = 'chatgpt'");
    try {
      const rows = await readSearchRows(pool);
      expect(rows.some((row) => row.slug === 'chatgpt')).toBe(false);
    } finally {
      await pool.query("UPDATE posts SET status = 'published' WHERE slug = 'chatgpt'");
    }
  });

  it('writes a Pagefind bundle for Spanish', async () => {
    const files = await readdir(path.join(clientDir, 'pagefind'));
    expect(files).toContain('pagefind.js');
    expect(files.some((file) => file.startsWith('pagefind.es_') && file.endsWith('.pf_meta'))).toBe(true);
  });

  it('matches without accents: "imagenes" finds tools that say "imágenes"', async () => {
    const results = await search('imagenes');
    expect(results.length).toBeGreaterThan(10);
    expect(results.some((tool) => mentions(tool, /imágenes/i))).toBe(true);
  });

  it('ignores case and accents in the query alike', async () => {
    const slugs = async (query: string) => (await search(query)).map((tool) => tool.slug).sort();
    const expected = await slugs('imágenes');
    expect(await slugs('IMAGENES')).toEqual(expected);
    expect(await slugs('Imágenes')).toEqual(expected);
    expect(await slugs('transcripcion')).toEqual(await slugs('transcripción'));
  });

  it('stems Spanish: "generador" finds tools that only say "generadores"', async () => {
    const results = await search('generador');
    expect(results.some((tool) => mentions(tool, /generadores/i) && !mentions(tool, /generador\b/i))).toBe(true);
  });

  it('matches category names and keywords, not only titles', async () => {
    const { rows } = await pool.query<{ slug: string; keyword: string }>(`
      SELECT slug, keywords[1] AS keyword FROM posts
      WHERE status = 'published' AND position(lower(keywords[1]) IN lower(title || ' ' || description)) = 0 LIMIT 1`);
    const [row] = rows;
    expect(row).toBeDefined();
    expect((await search(row!.keyword)).map((tool) => tool.slug)).toContain(row!.slug);
  });

  it('carries only the name and the category slugs as metadata', async () => {
    const { results } = await pagefind.search('ChatGPT');
    const records = await Promise.all(results.map((result) => result.data()));
    const { meta } = records.find((record) => record.url.endsWith('/chatgpt'))!;
    expect(meta).toEqual({
      title: 'ChatGPT',
      categorias: rowsBySlug
        .get('chatgpt')!
        .categories.map((category) => category.slug)
        .join(' '),
    });
  });

  it("writes each tool's card beside the index, as the HTML ToolCard renders, and removes the build's cards file", async () => {
    const row = rowsBySlug.get('chatgpt')!;
    const card = await readFile(path.join(clientDir, searchCardPath(row.slug)), 'utf8');
    expect(card).toBe(renderSearchCard(row));
    expect(card).toContain(`<a href="/${row.slug}"`);
    expect(card).toContain(`data-save-tool="${row.id}"`);
    expect(card).toContain(`data-admin-edit-slot="${row.id}"`);
    expect((await readdir(path.join(clientDir, 'pagefind/tarjetas'))).length).toBe(1006);
    await expect(access(path.join(clientDir, SEARCH_CARDS_FILE))).rejects.toThrow();
  });

  it('finds no tool by the words of its card: buttons, pricing chips and links are not indexed', async () => {
    for (const word of ['Guardar', 'Visitar', 'https', 'rounded']) expect((await search(word)).length, word).toBeLessThan(20);
  });

  it('lists the tools of a use case in their ranking order, for the search and the task pages', async () => {
    const { results } = await pagefind.search(null, { filters: { tarea: 'hacer-presentaciones' }, sort: { 't-hacer-presentaciones': 'asc' } });
    const slugs = await Promise.all(results.map(async (result) => (await result.data()).url.split('/').pop()));
    expect(slugs.slice(0, 2)).toContain('gamma');
    expect(slugs.length).toBe([...rowsBySlug.values()].filter((row) => row.useCases?.includes('hacer-presentaciones')).length);
  });

  it("lists every tool's name and, in a file of their own, their records, whose result is that tool", async () => {
    const names = JSON.parse(await readFile(path.join(clientDir, 'pagefind/nombres.json'), 'utf8')) as [string, string][];
    const records = JSON.parse(await readFile(path.join(clientDir, 'pagefind/registros.json'), 'utf8')) as string[];
    expect(names).toHaveLength(1006);
    expect(names.every((entry) => entry.length === 2)).toBe(true);
    expect(records).toHaveLength(1006);
    expect(new Set(records).size).toBe(1006);
    const index = names.findIndex(([, entry]) => entry === 'chatgpt');
    const [title, slug] = names[index]!;
    const record = records[index];
    expect(title).toBe('ChatGPT');
    const { results } = await pagefind.search(searchToken(slug));
    const hit = results.find((result) => result.id === record);
    expect(hit && (await hit.data()).url.split('/').pop()).toBe('chatgpt');
  });

  it('leaves out a tool published while the site was building: it has no card yet', async () => {
    const otherDir = await mkdtemp(path.join(os.tmpdir(), 'search-index-cards-'));
    try {
      const rows = await readSearchRows(pool);
      const cards = renderSearchCards(rows.filter((row) => row.slug !== 'chatgpt'));
      await mkdir(path.join(otherDir, 'pagefind'));
      await writeFile(path.join(otherDir, SEARCH_CARDS_FILE), JSON.stringify(cards));
      expect(await buildSearchIndex(pool, otherDir)).toBe(1005);
      const names = JSON.parse(await readFile(path.join(otherDir, 'pagefind/nombres.json'), 'utf8')) as [string, string][];
      expect(names.some(([, slug]) => slug === 'chatgpt')).toBe(false);
    } finally {
      await rm(otherDir, { recursive: true, force: true });
    }
  });

  it('filters by category slug', async () => {
    const all = await search('generador');
    const inImage = await search('generador', { categoria: 'imagen' });
    expect(inImage.length).toBeGreaterThan(0);
    expect(inImage.length).toBeLessThan(all.length);
    expect(inImage.every((tool) => tool.categories.some((category) => category.slug === 'imagen'))).toBe(true);
    const filters = await pagefind.filters();
    expect(Object.keys(filters.categoria ?? {}).length).toBe(33);
    expect(Object.keys(filters.precio ?? {})).toEqual(expect.arrayContaining(['free', 'freemium', 'paid']));
    expect(Object.keys(filters.tarea ?? {}).length).toBeGreaterThanOrEqual(60);
  });
});
