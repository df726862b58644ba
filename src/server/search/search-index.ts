/**
 * Builds the Pagefind search index from the database (not from the built HTML): one record per published tool,
 * matched on its name, description, category names, keywords and use-case tags, and nothing else: no card
 * chrome, no metadata a visitor never reads. Each record carries its category and task filters and its place in
 * each task's ranking (src/lib/tasks/tagging.ts) as sort keys; its card, the HTML the site build rendered with
 * ToolCard (src/pages/pagefind/tarjetas.json.ts), is written beside the index, one file per tool.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import * as pagefind from 'pagefind';
import { replaceFile } from '../build/replace-file.ts';
import { pricingLabel } from '../../lib/pricing.ts';
import { factFiltersOf, type ToolFacts } from '../../lib/tool-facts.ts';
import { rankByProminence, rankForTask, type RankableTool } from '../../lib/tasks/tagging.ts';
import { TASKS, findTask } from '../../lib/tasks/vocabulary.ts';
import { withImageUrls } from '../storage/references.ts';
import type { NameEntry } from '../../lib/search/name-match.ts';
import {
  SEARCH_CARDS_DIR,
  SEARCH_CATEGORY_FILTER,
  SEARCH_FACT_FILTER,
  SEARCH_NAMES_PATH,
  SEARCH_PRICING_FILTER,
  SEARCH_PROMINENCE_SORT,
  SEARCH_TASK_FILTER,
  searchCardPath,
  searchableText,
  searchToken,
  taskSortKey,
  type SearchMeta,
} from '../../lib/search/search.ts';
import type { ToolCardData } from '../../lib/tool-card.ts';

/** A card's data plus what search matches, filters and ranks on. */
export interface SearchRow extends ToolCardData, Pick<ToolFacts, 'freePlan' | 'spanishInterface' | 'spanishOutput' | 'platforms' | 'openSource'> {
  keywords: string[] | null;
  useCases: string[] | null;
  editorialRank: number | null;
  popularityScore: number;
}

/** Every published tool (or only those of `ids`) with its active categories (primary first), in one query. */
export async function readSearchRows(pool: pg.Pool, ids?: readonly string[]): Promise<SearchRow[]> {
  const { rows } = await pool.query<SearchRow>(
    `
    SELECT p.id, p.slug, p.title, p.description, p.url,
           p.image_url AS "imageUrl", p.logo_url AS "logoUrl", p.keywords, p.pricing,
           p.is_featured AS "isFeatured", p.is_popular AS "isPopular", p.is_verified AS "isVerified",
           p.discontinued_at IS NOT NULL AS discontinued,
           p.use_cases AS "useCases", p.editorial_rank AS "editorialRank", p.popularity_score AS "popularityScore",
           p.free_plan AS "freePlan", p.spanish_interface AS "spanishInterface", p.spanish_output AS "spanishOutput",
           p.platforms, p.open_source AS "openSource",
           coalesce((
             SELECT json_agg(json_build_object('slug', c.slug, 'name', c.name, 'icon', c.icon, 'color', c.color)
                             ORDER BY (c.id = p.category_id) DESC, pc.position, c.name)
             FROM post_categories pc JOIN categories c ON c.id = pc.category_id
             WHERE pc.post_id = p.id AND c.is_active), '[]'::json) AS categories
    FROM posts p
    WHERE p.status = 'published' ${ids ? 'AND p.id = ANY($1::uuid[])' : ''}
    ORDER BY p.editorial_rank ASC NULLS LAST, coalesce(p.published_date, p.created_at) DESC, p.title`,
    ids ? [ids] : [],
  );
  // Stored images are keys: the index carries the URLs the cards load.
  return rows.map(withImageUrls);
}

/** A search row as the task ranking reads it: category slugs instead of chips. */
export type RankableSearchRow = Omit<SearchRow, 'categories'> & RankableTool;

export function toRankable(row: SearchRow): RankableSearchRow {
  return { ...row, categories: row.categories.map((category) => category.slug) };
}

/**
 * Where the site build leaves every published tool's card, rendered by the pages' own ToolCard ({ [id]: html }),
 * for the index build to write one file per tool: the search page shows results by inserting that HTML, without
 * React. Removed once read.
 */
export const SEARCH_CARDS_FILE = 'pagefind/tarjetas.json';

export interface SearchRecord {
  url: string;
  content: string;
  language: 'es';
  meta: SearchMeta;
  filters: Record<string, string[]>;
  sort: Record<string, string>;
}

/** Where a tool stands: its place among all tools, and in the ranking of each task it is tagged with (1 = first). */
export interface SearchPlaces {
  prominence: number;
  tasks: Record<string, number>;
}

/**
 * The Pagefind record of one tool: the text to match (its use cases by their names), its name and category slugs
 * as metadata, category, pricing, task and fact filters (Gratis, En español…), and its places as sort keys.
 */
export function toSearchRecord(row: SearchRow, places: SearchPlaces = { prominence: 0, tasks: {} }): SearchRecord {
  const useCases = (row.useCases ?? []).flatMap((slug) => findTask(slug) ?? []);
  return {
    url: `/${row.slug}`,
    content: searchableText([
      row.title,
      row.description,
      ...row.categories.map((category) => category.name),
      ...(row.keywords ?? []),
      ...useCases.map((task) => task.label),
      pricingLabel[row.pricing],
      searchToken(row.slug),
    ]),
    language: 'es',
    meta: { title: row.title, categorias: row.categories.map((category) => category.slug).join(' ') },
    filters: {
      [SEARCH_CATEGORY_FILTER]: row.categories.map((category) => category.slug),
      [SEARCH_PRICING_FILTER]: [row.pricing],
      [SEARCH_TASK_FILTER]: useCases.map((task) => task.slug),
      [SEARCH_FACT_FILTER]: factFiltersOf(row),
    },
    sort: {
      [SEARCH_PROMINENCE_SORT]: String(places.prominence),
      ...Object.fromEntries(Object.entries(places.tasks).map(([slug, place]) => [taskSortKey(slug), String(place)])),
    },
  };
}

/** Every tool's places: by prominence overall, and in each task's ranking (relevance blended with prominence). */
export function searchPlaces(rows: readonly SearchRow[]): Map<string, SearchPlaces> {
  const rankable = rows.map(toRankable);
  const places = new Map<string, SearchPlaces>(rankByProminence(rankable).map((row, index) => [row.id, { prominence: index + 1, tasks: {} }]));
  for (const task of TASKS) {
    rankForTask(task, rankable).forEach((row, index) => {
      places.get(row.id)!.tasks[task.slug] = index + 1;
    });
  }
  return places;
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
 * Writes the index of every published tool to `<clientDir>/pagefind`, with its names file and its cards; returns how
 * many tools it holds. After a site build, only the tools whose card that build rendered: one published while it
 * ran has no card yet, and is found after the next build (its publication moved the content version), as on the
 * home and its category. `linkedCards` (an incremental rebuild) names the tools, by slug, whose card file the
 * folder already has from the served build: those are indexed too, and their files left as they are. An aborted
 * `signal` stops it before it writes anything.
 */
export async function buildSearchIndex(pool: pg.Pool, clientDir: string, linkedCards?: ReadonlySet<string>, signal?: AbortSignal): Promise<number> {
  const cards = await takeCards(clientDir);
  const published = await readSearchRows(pool);
  const rows = cards ? published.filter((row) => cards[row.id] !== undefined || linkedCards?.has(row.slug)) : published;
  const places = searchPlaces(rows);
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'es' });
  if (!index) throw new Error(`Pagefind no pudo crear el índice: ${errors.join('; ')}`);
  try {
    for (const row of rows) {
      signal?.throwIfAborted();
      const added = await index.addCustomRecord(toSearchRecord(row, places.get(row.id)));
      if (added.errors.length > 0) throw new Error(`Pagefind (${row.slug}): ${added.errors.join('; ')}`);
    }
    // The files come back in memory and are written here: writeFiles answers before Pagefind's own writes have all
    // landed, and closing the service right after left an empty pagefind-entry.json now and then (a rebuild whose
    // search then failed with "Failed to load Pagefind metadata").
    signal?.throwIfAborted();
    const { files, errors: fileErrors } = await index.getFiles();
    if (fileErrors.length > 0) throw new Error(`Pagefind: ${fileErrors.join('; ')}`);
    const outputDir = path.join(clientDir, 'pagefind');
    for (const file of files) {
      const target = path.join(outputDir, file.path);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, file.content);
    }
    await writeFile(path.join(clientDir, SEARCH_NAMES_PATH), JSON.stringify(toNameEntries(rows)));
    if (cards) {
      await mkdir(path.join(clientDir, SEARCH_CARDS_DIR), { recursive: true });
      // Renamed into place: a linked card is the served build's file too, never written through.
      for (const row of rows) if (cards[row.id] !== undefined) await replaceFile(path.join(clientDir, searchCardPath(row.slug)), cards[row.id]!);
    }
  } finally {
    await pagefind.close();
  }
  return rows.length;
}
