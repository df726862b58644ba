import { describe, expect, it } from 'vitest';
import { readSeedCatalogue, seedCatalogue, isCatalogueEmpty } from '../../src/server/catalogue/seed.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { resetDatabase, useMigratedDatabase } from './helpers/db.ts';

const pool = await useMigratedDatabase();

/** The seeded catalogue the other tests read: seeded by whichever test needs it first (seeding takes seconds). */
async function seeded(): Promise<void> {
  if (await isCatalogueEmpty(pool)) await seedCatalogue(pool);
}

describe('catalogue seed', () => {
  it('starts empty, then holds 33 categories and 1,006 published tools', async () => {
    // A database of its own, as a first start finds it.
    await resetDatabase(pool);
    await migrate(pool);
    expect(await isCatalogueEmpty(pool)).toBe(true);
    expect(await seedCatalogue(pool)).toEqual({ categories: 33, tools: 1006 });
    const counts = await pool.query(`
      SELECT (SELECT count(*) FROM categories)::int AS categories,
             (SELECT count(*) FROM posts WHERE status = 'published')::int AS published,
             (SELECT count(*) FROM posts WHERE category_id IS NULL)::int AS without_category,
             (SELECT count(*) FROM post_categories)::int AS links,
             (SELECT count(*) FROM posts WHERE views <> 0 OR saved_count <> 0 OR rating_count <> 0)::int AS counted`);
    expect(counts.rows[0]).toEqual({ categories: 33, published: 1006, without_category: 0, links: 1006, counted: 0 });
  });

  it('is idempotent and never overwrites edits made on the site', async () => {
    await seeded();
    await pool.query("UPDATE posts SET description = 'Editado por un administrador para esta prueba, con texto propio.' WHERE slug = 'chatgpt'");
    expect(await seedCatalogue(pool)).toEqual({ categories: 0, tools: 0 });
    const { rows } = await pool.query("SELECT description FROM posts WHERE slug = 'chatgpt'");
    expect(rows[0].description).toMatch(/^Editado/);
    expect((await pool.query('SELECT count(*)::int AS n FROM posts')).rows[0].n).toBe(1006);
  });

  it('tags the catalogue with use cases by the vocabulary, and a re-seed keeps what an editor chose', async () => {
    await seeded();
    const { rows } = await pool.query<{ slug: string; use_cases: string[] | null }>('SELECT slug, use_cases FROM posts');
    expect(rows.every((row) => Array.isArray(row.use_cases))).toBe(true);
    const bySlug = new Map(rows.map((row) => [row.slug, row.use_cases!]));
    expect(bySlug.get('gamma')).toContain('hacer-presentaciones');
    expect(bySlug.get('removebg')).toContain('quitar-fondo');
    expect(bySlug.get('github-copilot')).toContain('programar');
    expect(rows.filter((row) => row.use_cases!.length > 0).length).toBeGreaterThan(950);

    // An admin's choice, even none at all, survives; an untagged tool gets tags again.
    await pool.query("UPDATE posts SET use_cases = '{}' WHERE slug = 'gamma'");
    await pool.query("UPDATE posts SET use_cases = '{traducir}' WHERE slug = 'removebg'");
    await pool.query("UPDATE posts SET use_cases = NULL WHERE slug = 'github-copilot'");
    await seedCatalogue(pool);
    const after = await pool.query<{ slug: string; use_cases: string[] }>(
      "SELECT slug, use_cases FROM posts WHERE slug IN ('gamma', 'removebg', 'github-copilot') ORDER BY slug",
    );
    expect(after.rows).toEqual([
      { slug: 'gamma', use_cases: [] },
      { slug: 'github-copilot', use_cases: bySlug.get('github-copilot') },
      { slug: 'removebg', use_cases: ['traducir'] },
    ]);
  });

  it('gives every tool a Spanish description of 100-250 characters, keywords and an article body', async () => {
    await seeded();
    const { rows } = await pool.query<{ slug: string; description: string; keywords: string[]; content: string }>(
      'SELECT slug, description, keywords, content FROM posts',
    );
    const { articles } = await readSeedCatalogue();
    expect(articles.size).toBeGreaterThanOrEqual(150);
    for (const row of rows) {
      if (row.slug === 'chatgpt') continue;
      expect(row.description.length, row.slug).toBeGreaterThanOrEqual(100);
      expect(row.description.length, row.slug).toBeLessThanOrEqual(250);
      expect(row.keywords.length, row.slug).toBeGreaterThan(0);
      expect(row.content, row.slug).toMatch(/<h2>¿Qué es /);
      expect(row.content, row.slug).toMatch(/<h2>Precio<\/h2>/);
    }
  });

  it('flags an editorial set of featured and popular tools, and links icons to categories', async () => {
    await seeded();
    const { rows } = await pool.query(`
      SELECT count(*) FILTER (WHERE is_featured)::int AS featured, count(*) FILTER (WHERE is_popular)::int AS popular FROM posts`);
    expect(rows[0].featured).toBeGreaterThanOrEqual(20);
    expect(rows[0].popular).toBeGreaterThanOrEqual(20);
    const icons = await pool.query("SELECT slug, icon FROM categories WHERE slug IN ('imagen', 'codigo', 'escritura') ORDER BY slug");
    expect(icons.rows).toEqual([
      { slug: 'codigo', icon: 'code' },
      { slug: 'escritura', icon: 'pen-line' },
      { slug: 'imagen', icon: 'image' },
    ]);
  });

  it('links every alternative in article bodies to a tool that exists', async () => {
    await seeded();
    const { rows } = await pool.query<{ content: string }>('SELECT content FROM posts');
    const slugs = new Set((await pool.query<{ slug: string }>('SELECT slug FROM posts')).rows.map((row) => row.slug));
    const categorySlugs = new Set((await pool.query<{ slug: string }>('SELECT slug FROM categories')).rows.map((row) => row.slug));
    for (const { content } of rows) {
      for (const [, href] of content.matchAll(/href="(\/[^"]*)"/g)) {
        const target = href!.startsWith('/categoria/') ? categorySlugs.has(href!.slice(11)) : slugs.has(href!.slice(1));
        expect(target, href).toBe(true);
      }
    }
  });

  it('finds seeded tools by Spanish full-text search without accents', async () => {
    await seeded();
    const { rows } = await pool.query(
      "SELECT slug FROM posts WHERE search_vector @@ websearch_to_tsquery('public.es_unaccent', 'generador imagenes') LIMIT 50",
    );
    expect(rows.length).toBeGreaterThan(3);
  });
});
