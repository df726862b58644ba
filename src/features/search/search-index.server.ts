/**
 * Builds the Pagefind search index from the database (not from the built HTML): one record per published tool,
 * matched on title, description, category names and keywords, carrying what a tool card needs to render.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import * as pagefind from 'pagefind';
import { pricingLabel } from '../../lib/pricing.ts';
import { withImageUrls } from '../../server/storage/references.ts';
import type { NameEntry } from './name-match.ts';
import { SEARCH_CATEGORY_FILTER, SEARCH_NAMES_PATH, SEARCH_PRICING_FILTER, searchableText, searchToken, toSearchMeta } from './search.ts';
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

export interface SearchRecord {
  url: string;
  content: string;
  language: 'es';
  meta: Record<string, string>;
  filters: Record<string, string[]>;
}

/** The Pagefind record of one tool: folded text to match, card fields as metadata, category and pricing filters. */
export function toSearchRecord(row: SearchRow): SearchRecord {
  const { keywords, ...card } = row;
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
    meta: toSearchMeta(card),
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

/** Writes the index of every published tool to `<clientDir>/pagefind`, and its names file; returns how many tools it holds. */
export async function buildSearchIndex(pool: pg.Pool, clientDir: string): Promise<number> {
  const rows = await readSearchRows(pool);
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'es' });
  if (!index) throw new Error(`Pagefind no pudo crear el índice: ${errors.join('; ')}`);
  try {
    for (const row of rows) {
      const added = await index.addCustomRecord(toSearchRecord(row));
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
