/**
 * Builds the Pagefind search index from the database (not from the built HTML): one record per published tool,
 * matched on title, description, category names and keywords, carrying what a tool card needs to render and the
 * card itself, as HTML the site build rendered (src/pages/pagefind/tarjetas.json.ts).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import * as pagefind from 'pagefind';
import { pricingLabel } from '../../lib/pricing.ts';
import { withImageUrls } from '../../server/storage/references.ts';
import type { NameEntry } from './name-match.ts';
import { SEARCH_CARD_META, SEARCH_CATEGORY_FILTER, SEARCH_NAMES_PATH, SEARCH_PRICING_FILTER, searchableText, searchToken, toSearchMeta } from './search.ts';
import type { ToolCardData } from '../../lib/tool-card.ts';

/** A card's data plus the keywords that search also matches on. */
export interface SearchRow extends ToolCardData {
  keywords: string[] | null;
}

/** Every published tool with its active categories (primary first), in one query. */
export async function readSearchRows(pool: pg.Pool): Promise<SearchRow[]> {
  const { rows } = await pool.query<SearchRow>(`
    SELECT p.id, p.slug, p.title, p.description, p.url,
           p.image_url AS "imageUrl", p.logo_url AS "logoUrl", p.keywords, p.pricing,
           p.is_featured AS "isFeatured", p.is_popular AS "isPopular", p.is_verified AS "isVerified",
           p.discontinued_at IS NOT NULL AS discontinued,
           coalesce((
             SELECT json_agg(json_build_object('slug', c.slug, 'name', c.name, 'icon', c.icon, 'color', c.color)
                             ORDER BY (c.id = p.category_id) DESC, pc.position, c.name)
             FROM post_categories pc JOIN categories c ON c.id = pc.category_id
             WHERE pc.post_id = p.id AND c.is_active), '[]'::json) AS categories
    FROM posts p
    WHERE p.status = 'published'
    ORDER BY p.editorial_rank ASC NULLS LAST, coalesce(p.published_date, p.created_at) DESC, p.title`);
  // Stored images are keys: the index carries the URLs the cards load.
  return rows.map(withImageUrls);
}

/**
 * Where the site build leaves every published tool's card, rendered by the pages' own ToolCard ({ [id]: html }),
 * for the index to carry: the search page shows results by inserting that HTML, without React. Removed once read.
 */
export const SEARCH_CARDS_FILE = 'pagefind/tarjetas.json';

export interface SearchRecord {
  url: string;
  content: string;
  language: 'es';
  meta: Record<string, string>;
  filters: Record<string, string[]>;
}

/**
 * The Pagefind record of one tool: folded text to match, card fields as metadata (with the card's HTML when the
 * site build rendered it), category and pricing filters.
 */
export function toSearchRecord(row: SearchRow, cardHtml?: string): SearchRecord {
  const { keywords, ...card } = row;
  const meta = toSearchMeta(card);
  if (cardHtml !== undefined) meta[SEARCH_CARD_META] = cardHtml;
  return {
    url: `/${row.slug}`,
    content: searchableText([
      row.title,
      row.description,
      ...row.categories.map((category) => category.name),
      ...(keywords ?? []),
      pricingLabel[row.pricing],
      searchToken(row.slug),
    ]),
    language: 'es',
    meta,
    filters: {
      [SEARCH_CATEGORY_FILTER]: row.categories.map((category) => category.slug),
      [SEARCH_PRICING_FILTER]: [row.pricing],
    },
  };
}

/** Every tool's [title, slug] in editorial order, for matching names in the browser (name-match.ts). */
export function toNameEntries(rows: readonly SearchRow[]): NameEntry[] {
  return rows.map((row) => [row.title, row.slug]);
}

/** The cards the site build left in `clientDir`, removing the file (it is not for browsers); null without one. */
async function takeCards(clientDir: string): Promise<Record<string, string> | null> {
  const file = path.join(clientDir, SEARCH_CARDS_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  await rm(file);
  return JSON.parse(text) as Record<string, string>;
}

/**
 * Writes the index of every published tool to `<clientDir>/pagefind`, and its names file; returns how many tools it
 * holds. After a site build, only the tools whose card that build rendered: one published while it ran has no card
 * yet, and is found after the next build (its publication moved the content version), as on the home and its category.
 */
export async function buildSearchIndex(pool: pg.Pool, clientDir: string): Promise<number> {
  const cards = await takeCards(clientDir);
  const published = await readSearchRows(pool);
  const rows = cards ? published.filter((row) => cards[row.id] !== undefined) : published;
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'es' });
  if (!index) throw new Error(`Pagefind no pudo crear el índice: ${errors.join('; ')}`);
  try {
    for (const row of rows) {
      const added = await index.addCustomRecord(toSearchRecord(row, cards?.[row.id]));
      if (added.errors.length > 0) throw new Error(`Pagefind (${row.slug}): ${added.errors.join('; ')}`);
    }
    // The files come back in memory and are written here: writeFiles answers before Pagefind's own writes have all
    // landed, and closing the service right after left an empty pagefind-entry.json now and then (a rebuild whose
    // search then failed with "Failed to load Pagefind metadata").
    const { files, errors: fileErrors } = await index.getFiles();
    if (fileErrors.length > 0) throw new Error(`Pagefind: ${fileErrors.join('; ')}`);
    const outputDir = path.join(clientDir, 'pagefind');
    for (const file of files) {
      const target = path.join(outputDir, file.path);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, file.content);
    }
    await writeFile(path.join(clientDir, SEARCH_NAMES_PATH), JSON.stringify(toNameEntries(rows)));
  } finally {
    await pagefind.close();
  }
  return rows.length;
}
