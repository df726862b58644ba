/**
 * Seeds the catalogue from supabase/seed: categories, tools and their article bodies.
 * Idempotent: rows are matched by slug and never overwritten, so edits made on the site survive; use-case tags are
 * derived only for tools that have none.
 */
import { readFile, readdir } from 'node:fs/promises';
import type pg from 'pg';
import { categoryIcon } from '../../lib/category-icons.ts';
import type { PricingModel } from '../../lib/pricing.ts';
import { inTransaction } from '../db/transaction.ts';
import { fallbackArticle } from './fallback-article.ts';
import { seedDir } from './seed-dir.ts';
import { applySeedFacts, readSeedFacts } from './seed-facts.ts';
import { tagUntaggedTools } from './use-cases.ts';

export interface SeedCategory {
  slug: string;
  name: string;
  description: string;
  color: string;
}

export interface SeedTool {
  slug: string;
  name: string;
  url: string;
  category: string;
  pricing: PricingModel;
  keywords: string[];
  description: string;
  featured: boolean;
  popular: boolean;
  verified: boolean;
}

/** supabase/seed/editorial.json: the editorial order of the best-known tools, and the ones known to be gone. */
export interface SeedEditorial {
  /** Slugs in the order 'Nuevas' shows them among tools published at the same moment: featured, popular, best known. */
  rank: string[];
  /** Tools whose own description says they were shut down or acquired, with the reason for the record. */
  discontinued: { slug: string; note: string }[];
}

export interface SeedResult {
  categories: number;
  tools: number;
}

const ALTERNATIVES = 3;

async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(`${seedDir}${file}`, 'utf8')) as T;
}

export async function readSeedCatalogue() {
  const [categories, tools, editorial, articleFiles] = await Promise.all([
    readJson<SeedCategory[]>('categories.json'),
    readJson<SeedTool[]>('tools.json'),
    readJson<SeedEditorial>('editorial.json'),
    readdir(`${seedDir}articles`),
  ]);
  const articles = new Map<string, string>();
  await Promise.all(
    articleFiles
      .filter((file) => file.endsWith('.html'))
      .map(async (file) => articles.set(file.slice(0, -5), await readFile(`${seedDir}articles/${file}`, 'utf8'))),
  );
  return { categories, tools, editorial, articles };
}

/**
 * A uuid (version 4 layout) derived from a slug: seeding an empty database again gives the same ids, so a
 * build of the same catalogue, whose pages carry those ids, stays valid.
 */
const seedUuid = (slugExpression: string) => `overlay(overlay(md5(${slugExpression}) placing '4' from 13) placing '8' from 17)::uuid`;

/** Alternatives in the same category, best known first, rotated per tool so links spread across the catalogue. */
function pickAlternatives(tool: SeedTool, peers: SeedTool[], articles: Map<string, string>): SeedTool[] {
  const ranked = peers
    .filter((peer) => peer.slug !== tool.slug)
    .sort((a, b) => Number(articles.has(b.slug)) - Number(articles.has(a.slug)) || a.slug.localeCompare(b.slug));
  const known = ranked.filter((peer) => articles.has(peer.slug));
  const pool = known.length >= ALTERNATIVES ? known : ranked;
  const offset = [...tool.slug].reduce((sum, character) => sum + character.charCodeAt(0), 0) % Math.max(pool.length, 1);
  return [...pool.slice(offset), ...pool.slice(0, offset)].slice(0, ALTERNATIVES);
}

export async function seedCatalogue(pool: pg.Pool): Promise<SeedResult> {
  const [{ categories, tools, editorial, articles }, facts] = await Promise.all([readSeedCatalogue(), readSeedFacts()]);
  const ranks = new Map(editorial.rank.map((slug, index) => [slug, index + 1]));
  const discontinued = new Set(editorial.discontinued.map((entry) => entry.slug));
  const categoryNames = new Map(categories.map((category) => [category.slug, category.name]));
  // A tool that is gone is no one's alternative.
  const peersByCategory = Map.groupBy(
    tools.filter((tool) => !discontinued.has(tool.slug)),
    (tool) => tool.category,
  );

  const rows = tools.map((tool) => {
    const category = { slug: tool.category, name: categoryNames.get(tool.category) ?? tool.category };
    const written = articles.get(tool.slug);
    const content =
      written ??
      fallbackArticle({
        name: tool.name,
        description: tool.description,
        keywords: tool.keywords,
        pricing: tool.pricing,
        category,
        alternatives: pickAlternatives(tool, peersByCategory.get(tool.category) ?? [], articles),
      });
    return {
      title: tool.name,
      slug: tool.slug,
      description: tool.description,
      content,
      // A generated article makes a thin page (noindex) until someone rewrites it in the editor.
      article_is_template: written === undefined,
      url: tool.url,
      keywords: tool.keywords,
      pricing: tool.pricing,
      is_featured: tool.featured,
      is_popular: tool.popular,
      is_verified: tool.verified,
      category: tool.category,
      editorial_rank: ranks.get(tool.slug) ?? null,
      discontinued: discontinued.has(tool.slug),
    };
  });

  return inTransaction(async (client) => {
    const insertedCategories = await client.query(
      `INSERT INTO categories (id, slug, name, description, color, icon)
       SELECT ${seedUuid("'category:' || slug")}, slug, name, description, color, icon
       FROM jsonb_to_recordset($1::jsonb) AS t(slug text, name text, description text, color text, icon text)
       -- A category an admin merged into another left its address redirecting there: it stays gone.
       WHERE NOT EXISTS (SELECT 1 FROM redirects r WHERE r.from_path = '/categoria/' || t.slug)
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(categories.map((category) => ({ ...category, icon: categoryIcon(category.slug) })))],
    );
    const insertedTools = await client.query<{ slug: string }>(
      `INSERT INTO posts (id, title, slug, description, content, article_is_template, url, keywords, pricing, is_featured, is_popular,
                          is_verified, category_id, status, published_date, editorial_rank, discontinued_at, free_plan, open_source)
       SELECT ${seedUuid("'post:' || t.slug")}, t.title, t.slug, t.description, t.content, t.article_is_template, t.url, t.keywords, t.pricing::pricing_model, t.is_featured,
              t.is_popular, t.is_verified, c.id, 'published', now(), t.editorial_rank, CASE WHEN t.discontinued THEN now() END,
              -- What the pricing model says, as facts (as the tool_facts migration does for older rows).
              CASE WHEN t.pricing IN ('free', 'freemium') THEN 'yes' ELSE 'unknown' END::free_plan,
              CASE WHEN t.pricing = 'open_source' THEN 'yes' ELSE 'unknown' END::fact_answer
       FROM jsonb_to_recordset($1::jsonb) AS t(title text, slug text, description text, content text, article_is_template boolean, url text,
            keywords text[], pricing text, is_featured boolean, is_popular boolean, is_verified boolean, category text,
            editorial_rank integer, discontinued boolean)
       LEFT JOIN categories c ON c.slug = t.category
       ON CONFLICT DO NOTHING
       RETURNING slug`,
      [JSON.stringify(rows)],
    );
    const newSlugs = insertedTools.rows.map((row) => row.slug);
    await client.query(
      `INSERT INTO post_categories (post_id, category_id, position)
       SELECT p.id, p.category_id, 0 FROM posts p
       WHERE p.slug = ANY($1::text[]) AND p.category_id IS NOT NULL
       ON CONFLICT DO NOTHING`,
      [newSlugs],
    );
    await applySeedFacts(client, facts, newSlugs);
    // With their categories in place, the new tools (and any left untagged before) get their use-case tags.
    await tagUntaggedTools(client);
    return { categories: insertedCategories.rowCount ?? 0, tools: newSlugs.length };
  }, pool);
}

/** True when the catalogue has never been seeded (no categories at all). */
export async function isCatalogueEmpty(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ empty: boolean }>('SELECT NOT EXISTS (SELECT 1 FROM categories) AS empty');
  return rows[0]!.empty;
}
