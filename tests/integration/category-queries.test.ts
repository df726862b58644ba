import { readdirSync } from 'node:fs';
import { afterAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { seedCatalogue } from '../../src/server/catalogue/seed.ts';
import { getPool } from '../../src/server/db/client.ts';
import { listCategories } from '../../src/server/db/queries/public/categories.ts';
import { listCategoryDates, listPublishedToolDates } from '../../src/server/db/queries/public/sitemap.ts';
import { listWholeCategory } from './helpers/category.ts';
import { useMigratedDatabase } from './helpers/db.ts';

const pool = await useMigratedDatabase();
await seedCatalogue(pool);
// The public queries use the process-wide pool, as pages do at build time.
process.env.DATABASE_URL = inject('databaseUrl');
afterAll(() => getPool().end());

describe('category queries', () => {
  it('counts each category’s published and featured tools', async () => {
    const categories = await listCategories();
    expect(categories).toHaveLength(33);
    // Every tool counts in its category but the two retired ones (editorial.json), which left the grids.
    expect(categories.reduce((sum, category) => sum + category.toolCount, 0)).toBe(1004);
    const image = categories.find((category) => category.slug === 'imagen')!;
    expect(image).toMatchObject({ name: 'Imagen', toolCount: 155, featuredCount: 3, ratingCount: 0 });
  });

  it('leaves pending tools out of the counts and the category page', async () => {
    // The seeded catalogue is every test's: what a test changes in it, it puts back even when it fails.
    onTestFinished(async () => {
      await pool.query("UPDATE posts SET status = 'published' WHERE slug = 'midjourney'");
    });
    await pool.query("UPDATE posts SET status = 'pending' WHERE slug = 'midjourney'");
    const image = (await listCategories()).find((category) => category.slug === 'imagen')!;
    expect(image.toolCount).toBe(154);
    expect((await listWholeCategory('imagen')).map((tool) => tool.slug)).not.toContain('midjourney');
  });

  it('gives every card its own categories, primary first', async () => {
    onTestFinished(async () => {
      await pool.query(`DELETE FROM post_categories WHERE (post_id, category_id) IN
                          (SELECT p.id, c.id FROM posts p, categories c WHERE p.slug = 'midjourney' AND c.slug = 'diseno')`);
    });
    await pool.query(`INSERT INTO post_categories (post_id, category_id, position)
                      SELECT p.id, c.id, 1 FROM posts p, categories c WHERE p.slug = 'midjourney' AND c.slug = 'diseno'`);
    const tools = await listWholeCategory('diseno');
    // 26 design tools plus Midjourney, less Diagram: it was acquired, so it is retired from the grids.
    expect(tools).toHaveLength(26);
    expect(tools.map((tool) => tool.slug)).not.toContain('diagram');
    const midjourney = tools.find((tool) => tool.slug === 'midjourney')!;
    expect(midjourney.categories.map((category) => category.slug)).toEqual(['imagen', 'diseno']);
    expect(tools.filter((tool) => tool.slug !== 'midjourney').every((tool) => tool.categories[0]?.slug === 'diseno')).toBe(true);
  });

  it('lists every published tool and active category for the sitemap with a date', async () => {
    const [tools, categories] = await Promise.all([listPublishedToolDates(), listCategoryDates()]);
    // Only the tools with a hand-written article: the generated ones are thin pages (noindex).
    expect(tools).toHaveLength(readdirSync('supabase/seed/articles').filter((file) => file.endsWith('.html')).length);
    expect(categories).toHaveLength(33);
    expect([...tools, ...categories].every((row) => row.lastmod instanceof Date)).toBe(true);
  });
});
