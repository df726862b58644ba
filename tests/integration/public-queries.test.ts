import { afterAll, describe, expect, inject, it } from 'vitest';
import { seedCatalogue } from '../../src/server/catalogue/seed.ts';
import { closeDb } from '../../src/server/db/client.ts';
import { listCategories, getCategoryBySlug } from '../../src/server/db/queries/public/categories.ts';
import { listFeaturedTools, listTools } from '../../src/server/db/queries/public/tools.ts';
import { readSiteCounts } from '../../src/server/db/queries/public/stats.ts';
import { useMigratedDatabase } from './helpers/db.ts';

const pool = await useMigratedDatabase();
await seedCatalogue(pool);
// The query modules use the process-wide pool from DATABASE_URL.
process.env.DATABASE_URL = inject('databaseUrl');
afterAll(() => closeDb());

describe('public catalogue queries', () => {
  it("counts each category's published tools", async () => {
    const categories = await listCategories();
    expect(categories).toHaveLength(33);
    // Every tool counts in its category but the two retired ones (editorial.json), which left the grids.
    expect(categories.reduce((sum, category) => sum + category.toolCount, 0)).toBe(1004);
    const image = await getCategoryBySlug('imagen');
    expect(image?.toolCount).toBe(155);
  });

  it('gives cards their categories, primary first', async () => {
    const { items } = await listTools({ filter: 'new', category: '', page: 1 });
    expect(items).toHaveLength(12);
    for (const tool of items) expect(tool.categories.length).toBeGreaterThan(0);
  });

  it('filters by category and pages to the last, partial page', async () => {
    const last = await listTools({ filter: 'new', category: 'imagen', page: 13 });
    expect(last.items).toHaveLength(155 - 12 * 12);
    expect(last.hasMore).toBe(false);
    const first = await listTools({ filter: 'new', category: 'imagen', page: 1 });
    expect(first.hasMore).toBe(true);
    expect(first.items.every((tool) => tool.categories.some((category) => category.slug === 'imagen'))).toBe(true);
    expect(first.total).toBeUndefined();
    const counted = await listTools({ filter: 'new', category: 'imagen', page: 13, sort: 'newest' });
    expect(counted.items.map((tool) => tool.slug)).toEqual(last.items.map((tool) => tool.slug));
    expect(counted.total).toBe(155);
  });

  it('orders by real counters: most visited first', async () => {
    await pool.query("UPDATE posts SET views = 40 WHERE slug = 'suno'");
    const { items } = await listTools({ filter: 'most_visited', category: '', page: 1 });
    expect(items[0]?.slug).toBe('suno');
  });

  it('lists featured tools, excluding the one being viewed', async () => {
    const featured = await listFeaturedTools(3);
    expect(featured).toHaveLength(3);
    const others = await listFeaturedTools(3, featured[0]!.id);
    expect(others.map((tool) => tool.id)).not.toContain(featured[0]!.id);
  });

  it('reads live site counts', async () => {
    expect(await readSiteCounts()).toEqual({ tools: 1006, categories: 33, users: 0 });
  });
});
