/**
 * Alternatives and comparisons on the seeded catalogue: who gets an alternatives page, the tool page's
 * link query agreeing with the ranking's rule, the comparison data and the picker's name lookup, and the sitemap.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { useMigratedDatabase } from './helpers/db.ts';

// Configuration is read once per process: set it before the site's modules first ask for it.
const dataDir = await mkdtemp(path.join(tmpdir(), 'brujula-alternatives-'));
process.env.DATA_DIR = dataDir;
process.env.SITE_URL = 'http://localhost:4321';
process.env.STORAGE_DRIVER = 'local';

const { seedCatalogue } = await import('../../src/server/catalogue/seed.ts');
const { closeDb } = await import('../../src/server/db/client.ts');
const { findPublishedSlugByName, listAlternativeCandidates, listComparedTools, readAlternativesPageOf, toolHasAlternativesPage } =
  await import('../../src/server/db/queries/public/alternatives.ts');
const { loadSitemapEntries } = await import('../../src/server/seo/sitemap-entries.ts');
const { differenceLine, hasAlternativesPage, MAX_ALTERNATIVES, rankAlternatives, rankAllAlternatives } = await import('../../src/lib/alternatives.ts');
const { comparisonRows } = await import('../../src/lib/comparisons.ts');

const pool = await useMigratedDatabase();
await seedCatalogue(pool);
process.env.DATABASE_URL = inject('databaseUrl');
afterAll(async () => {
  await closeDb();
  await rm(dataDir, { recursive: true, force: true });
});

/** Leaves a seeded tool alone in a category of its own, with no tasks: it has no peers. */
async function isolate(slug: string): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(`SELECT id FROM posts WHERE slug = $1`, [slug]);
  const id = rows[0]!.id;
  const category = await pool.query<{ id: string }>(
    `INSERT INTO categories (name, slug) VALUES ('Solitaria', 'solitaria') ON CONFLICT (slug) DO UPDATE SET name = excluded.name RETURNING id`,
  );
  await pool.query(`DELETE FROM post_categories WHERE post_id = $1`, [id]);
  await pool.query(`INSERT INTO post_categories (post_id, category_id, position) VALUES ($1, $2, 0)`, [id, category.rows[0]!.id]);
  await pool.query(`UPDATE posts SET use_cases = '{}', category_id = $2 WHERE id = $1`, [id, category.rows[0]!.id]);
  return id;
}

describe('alternatives on the seeded catalogue', () => {
  it('gives ChatGPT a page of well-known, live alternatives with honest lines', async () => {
    const candidates = await listAlternativeCandidates();
    const chatgpt = candidates.find((tool) => tool.slug === 'chatgpt')!;
    expect(hasAlternativesPage(chatgpt, candidates)).toBe(true);
    expect(await toolHasAlternativesPage(chatgpt.id)).toBe(true);
    const ranked = rankAlternatives(chatgpt, candidates);
    expect(ranked.length).toBeGreaterThanOrEqual(6);
    expect(ranked.length).toBeLessThanOrEqual(MAX_ALTERNATIVES);
    expect(ranked.map((tool) => tool.slug)).not.toContain('chatgpt');
    expect(ranked.every((tool) => !tool.discontinued)).toBe(true);
    // The best-known chat assistants share its category and tasks and come first among equals.
    expect(ranked.slice(0, 6).map((tool) => tool.slug)).toEqual(expect.arrayContaining(['claude', 'gemini']));
    for (const other of ranked) expect(differenceLine(chatgpt, other)).not.toBe('');
  });

  it('gives no page to a tool with no peers, nor to a retired one, and the link query agrees with the ranking everywhere', async () => {
    const lonely = await isolate('chatfuel');
    await pool.query(`UPDATE posts SET discontinued_at = now() WHERE slug = 'dall-e-openai'`);
    const candidates = await listAlternativeCandidates();
    const byId = new Map(candidates.map((tool) => [tool.id, tool]));
    expect(hasAlternativesPage(byId.get(lonely)!, candidates)).toBe(false);
    expect(await toolHasAlternativesPage(lonely)).toBe(false);
    const retired = candidates.find((tool) => tool.slug === 'dall-e-openai')!;
    expect(hasAlternativesPage(retired, candidates)).toBe(false);
    expect(
      rankAlternatives(
        candidates.find((tool) => tool.slug === 'midjourney')!,
        candidates,
      ).map((tool) => tool.slug),
    ).not.toContain('dall-e-openai');
    const disagreements: string[] = [];
    for (const tool of candidates) {
      if (hasAlternativesPage(tool, candidates) !== (await toolHasAlternativesPage(tool.id))) disagreements.push(tool.slug);
    }
    expect(disagreements).toEqual([]);
  });

  it('ranks the whole catalogue in one pass exactly as tool by tool (the build uses the one pass)', async () => {
    const candidates = await listAlternativeCandidates();
    const all = rankAllAlternatives(candidates);
    const differing = candidates.filter((tool) => {
      const one = hasAlternativesPage(tool, candidates) ? rankAlternatives(tool, candidates).map((other) => other.id) : undefined;
      return JSON.stringify(all.get(tool.id)?.map((other) => other.id)) !== JSON.stringify(one);
    });
    expect(differing.map((tool) => tool.slug)).toEqual([]);
    expect(all.size).toBeGreaterThan(candidates.length / 2);
  });

  it('ranks a page rendered on demand from the tools sharing something with it exactly as the build does', async () => {
    // Other tests rank ChatGPT with Claude and Gemini, in any order: they come back as they were.
    onTestFinished(async () => {
      await pool.query(`UPDATE posts SET discontinued_at = NULL WHERE slug = 'claude'`);
      await pool.query(`UPDATE posts SET status = 'published' WHERE slug = 'gemini'`);
    });
    await isolate('chatfuel');
    await pool.query(`UPDATE posts SET discontinued_at = now() WHERE slug IN ('dall-e-openai', 'claude')`);
    await pool.query(`UPDATE posts SET status = 'pending' WHERE slug = 'gemini'`);
    const candidates = await listAlternativeCandidates();
    const all = rankAllAlternatives(candidates);
    const differing: string[] = [];
    // Every third tool, and the ones changed above (the query per tool is what is under test).
    const sample = candidates.filter((tool, index) => index % 3 === 0 || ['chatfuel', 'dall-e-openai', 'claude', 'chatgpt'].includes(tool.slug));
    for (const tool of sample) {
      const page = await readAlternativesPageOf(tool.slug);
      if (page) expect(page.tool).toEqual(tool);
      if (JSON.stringify(page?.alternatives.map((other) => other.id)) !== JSON.stringify(all.get(tool.id)?.map((other) => other.id))) differing.push(tool.slug);
    }
    expect(differing).toEqual([]);
    expect(sample.filter((tool) => all.has(tool.id)).length).toBeGreaterThan(sample.length / 2);
    // The cards are the build's: every column of every alternative shown.
    const chatgpt = await readAlternativesPageOf('chatgpt');
    const byId = new Map(candidates.map((tool) => [tool.id, tool]));
    expect(chatgpt!.alternatives).toEqual(chatgpt!.alternatives.map((other) => byId.get(other.id)));
    expect(chatgpt!.alternatives.map((tool) => tool.slug)).not.toContain('claude');
    // No page for a retired tool, one without peers, one not published, one that does not exist, or a query.
    for (const slug of ['claude', 'chatfuel', 'gemini', 'no-existe-esta', "chatgpt' OR '1'='1"])
      expect(await readAlternativesPageOf(slug), slug).toBeUndefined();
  });
});

describe('comparisons', () => {
  it('reads both tools with their facts for the table', async () => {
    const tools = await listComparedTools(['chatgpt', 'claude', 'no-existe']);
    expect(tools.map((tool) => tool.slug).sort()).toEqual(['chatgpt', 'claude']);
    const [chatgpt, claude] = ['chatgpt', 'claude'].map((slug) => tools.find((tool) => tool.slug === slug)!);
    const rows = comparisonRows(chatgpt!, claude!);
    expect(rows.find((row) => row.label === 'Qué es')!.values).toEqual([chatgpt!.description, claude!.description]);
    // ChatGPT's facts are seeded (supabase/seed/facts/00-base.json).
    expect(rows.find((row) => row.label === 'Empresa')!.values[0]).toBe('OpenAI (Estados Unidos)');
    expect(rows.find((row) => row.label === 'Datos comprobados')!.values[0]).toBe('25 de noviembre de 2026');
  });

  it('finds a tool by slug or by its name, ignoring case and accents', async () => {
    expect(await findPublishedSlugByName('chatgpt')).toBe('chatgpt');
    expect(await findPublishedSlugByName('  CLAUDE ')).toBe('claude');
    expect(await findPublishedSlugByName('Esta herramienta no existe')).toBeUndefined();
  });

  it('lists alternatives pages of indexable tools and only the curated comparisons in the sitemap', async () => {
    const paths = new Set((await loadSitemapEntries()).map((entry) => entry.path));
    expect(paths.has('/alternativas/chatgpt')).toBe(true);
    expect(paths.has('/comparar/chatgpt-vs-claude')).toBe(true);
    expect(paths.has('/comparar/chatgpt-vs-midjourney')).toBe(false);
    const { rows } = await pool.query<{ slug: string }>(
      `SELECT slug FROM posts WHERE status = 'published' AND article_is_template AND discontinued_at IS NULL ORDER BY editorial_rank NULLS LAST LIMIT 1`,
    );
    expect(paths.has(`/alternativas/${rows[0]!.slug}`)).toBe(false);
  });
});
