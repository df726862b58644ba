import { afterAll, describe, expect, inject, it } from 'vitest';
import { seedCatalogue } from '../../src/server/catalogue/seed.ts';
import { toolListResponse } from '../../src/server/catalogue/tool-list.ts';
import { closeDb } from '../../src/server/db/client.ts';
import { readHomePage } from '../../src/server/db/queries/public/home.ts';
import { listTools } from '../../src/server/db/queries/public/tools.ts';
import { useMigratedDatabase } from './helpers/db.ts';

const pool = await useMigratedDatabase();
await seedCatalogue(pool);
// The query functions reach the database through the process-wide pool.
process.env.DATABASE_URL = inject('databaseUrl');
afterAll(() => closeDb());

async function allPages(category: string, filter: 'new' | 'featured' = 'new') {
  const titles: string[] = [];
  for (let page = 1; ; page++) {
    const result = await listTools({ filter, category, page });
    titles.push(...result.items.map((item) => item.title));
    if (!result.hasMore) return titles;
  }
}

describe('home page data', () => {
  it('reads the first page of new tools, the categories and the live counts', async () => {
    const { firstPage, categories, counts } = await readHomePage();
    expect(firstPage.items).toHaveLength(12);
    expect(firstPage.hasMore).toBe(true);
    expect(counts).toEqual({ tools: 1006, categories: 33, users: 0 });
    expect(categories).toHaveLength(33);
    // Every tool counts in its category but the two retired ones (editorial.json), which left the grids.
    expect(categories.reduce((sum, category) => sum + category.toolCount, 0)).toBe(1004);
    expect(Object.keys(categories[0]!).sort()).toEqual(['name', 'slug', 'toolCount']);
  });

  it('gives every card its own categories as chips', async () => {
    const { items } = await listTools({ filter: 'new', category: 'audio', page: 1 });
    for (const item of items) expect(item.categories.map((chip) => chip.slug)).toEqual(['audio']);
  });
});

describe('paging through /api/tools', () => {
  it('returns every tool of a category once, in pages of 12', async () => {
    const { rows } = await pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM post_categories pc JOIN categories c ON c.id = pc.category_id WHERE c.slug = 'audio'",
    );
    const titles = await allPages('audio');
    expect(titles).toHaveLength(rows[0]!.n);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('is empty for featured tools of a category that has none', async () => {
    expect(await allPages('ventas', 'featured')).toEqual([]);
  });

  it('answers over HTTP with the same page', async () => {
    const response = await toolListResponse(new URL('http://local/api/tools?filter=featured&page=2'));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { items: unknown[]; page: number; hasMore: boolean };
    expect(body.items).toHaveLength(12);
    expect(body.hasMore).toBe(false);
  });
});
