/**
 * Builds the Pagefind search index from the database (not from the built HTML): one record per published tool,
 * matched on its name, description, category names, keywords and use-case tags, and nothing else: no card
 * chrome, no metadata a visitor never reads. Each record carries its category and task filters and its place in
 * each task's ranking (src/lib/tasks/tagging.ts) as sort keys; its card, the HTML the site build rendered with
 * ToolCard (src/pages/pagefind/tarjetas.json.ts), is written beside the index, one file per tool.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type pg from 'pg';
import * as pagefind from 'pagefind';
import { replaceFile } from '../build/replace-file.ts';
import { placesOf, type SearchPlaces, type Standing } from './search-places.ts';
import { pricingLabel } from '../../lib/pricing.ts';
import { factFiltersOf, type ToolFacts } from '../../lib/tool-facts.ts';
import { topPopularityOf, type RankableTool } from '../../lib/tasks/tagging.ts';
import { findTask } from '../../lib/tasks/vocabulary.ts';
import { withImageUrls } from '../storage/references.ts';
import type { NameEntry } from '../../lib/search/name-match.ts';
import { SEARCH_NAME_RECORDS_PATH, type NameRecords } from '../../lib/search/name-records.ts';
import { NO_SEARCH_CHANGES, SEARCH_CHANGES_INDEX, SEARCH_CHANGES_PATH, type SearchChanges } from '../../lib/search/search-changes.ts';
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

/**
 * The Pagefind record of one tool: the text to match (its use cases by their names), its name and category slugs
 * as metadata, category, pricing, task and fact filters (Gratis, En español…), and its places as sort keys.
 */
export function toSearchRecord(row: SearchRow, places: SearchPlaces = { prominence: [0, 0], tasks: {} }): SearchRecord {
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
    sort: Object.fromEntries(Object.entries(sortStandings(places)).map(([key, [place]]) => [key, String(place)])),
  };
}

/** A tool's places by sort key. */
function sortStandings(places: SearchPlaces): Record<string, Standing> {
  return {
    [SEARCH_PROMINENCE_SORT]: places.prominence,
    ...Object.fromEntries(Object.entries(places.tasks).map(([slug, standing]) => [taskSortKey(slug), standing])),
  };
}

/**
 * Every tool's places: by prominence overall, and in each task's ranking (relevance blended with prominence).
 * `topPopularity` as in scoreForTasks (tagging.ts).
 */
export function searchPlaces(rows: readonly SearchRow[], topPopularity?: number): Map<string, SearchPlaces> {
  return placesOf(rows.map(toRankable), topPopularity);
}

/** Every tool's [title, slug] in editorial order, for matching names in the browser (name-match.ts). */
export function toNameEntries(rows: readonly SearchRow[]): NameEntry[] {
  return rows.map((row) => [row.title, row.slug]);
}

/** The record id of each of those names, in the same order (name-records.ts). */
export function toNameRecords(rows: readonly SearchRow[], records: ReadonlyMap<string, string>): NameRecords {
  return rows.map((row) => records.get(`/${row.slug}`) ?? '');
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
 * What the server keeps of a full index, per tool id, for the small index of changes made against it: the record's
 * id in Pagefind, a digest of what it matches and filters on (not its places: those move with any new tool), its
 * filter values, and where it stands in each order with the score that put it there. Beside the build's client
 * folder: browsers never need it.
 */
export const SEARCH_RECORDS_FILE = path.join('search', 'records.json');

export interface IndexedRecord {
  slug: string;
  /** Pagefind's id of the record (its fragment's name), as a search result carries it. */
  record: string;
  digest: string;
  filters: Record<string, string[]>;
  /** Its name as ranked: the orders break ties of score by name. */
  title: string;
  /** By sort key. */
  sort: Record<string, Standing>;
}

export interface IndexedRecords {
  /** The popularity the full index's scores were measured against (tagging.ts, prominence). */
  topPopularity: number;
  tools: Record<string, IndexedRecord>;
}

/**
 * What the full index of a build folder holds, if it was written with its records by a build of this code: a file in
 * an older shape counts as none, and the search waits for the second pass's full index.
 */
export async function readIndexedRecords(buildDir: string): Promise<IndexedRecords | undefined> {
  try {
    const indexed = JSON.parse(await readFile(path.join(buildDir, SEARCH_RECORDS_FILE), 'utf8')) as Partial<IndexedRecords> | null;
    return typeof indexed?.topPopularity === 'number' && typeof indexed.tools === 'object' && indexed.tools !== null ? (indexed as IndexedRecords) : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** What a record matches, shows and filters on, as a short digest: the same for a tool that did not change. */
export function recordDigest(record: SearchRecord): string {
  const { url, content, meta, filters } = record;
  return createHash('sha256')
    .update(JSON.stringify([url, content, meta, filters]))
    .digest('base64url')
    .slice(0, 22);
}

/** A fragment file's page address: Pagefind writes each as gzip of a signature and the fragment's JSON. */
function fragmentUrl(content: Uint8Array): string {
  const text = gunzipSync(content).toString('utf8');
  return (JSON.parse(text.slice(text.indexOf('{'))) as { url: string }).url;
}

/**
 * Indexes `rows` with Pagefind into `outputDir` and returns each record's Pagefind id by page address. `bundle`:
 * also Pagefind's scripts and styles (a small index of changes is searched with the full one's). An aborted `signal`
 * stops it before it writes anything.
 */
async function writeIndex(
  rows: readonly SearchRow[],
  places: Map<string, SearchPlaces>,
  outputDir: string,
  bundle: boolean,
  signal?: AbortSignal,
): Promise<Map<string, string>> {
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
    const records = new Map<string, string>();
    for (const file of files) {
      const fragment = /^fragment\/(.+)\.pf_fragment$/.exec(file.path);
      if (fragment) records.set(fragmentUrl(file.content), fragment[1]!);
      if (!bundle && /\.(js|css)$/.test(file.path)) continue;
      const target = path.join(outputDir, file.path);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, file.content);
    }
    return records;
  } finally {
    await pagefind.close();
  }
}

/** What the full index holds of each row, keyed by tool id. In slices, as the digests in buildSearchChanges. */
async function indexedRecords(
  rows: readonly SearchRow[],
  ids: ReadonlyMap<string, string>,
  places: Map<string, SearchPlaces>,
  topPopularity: number,
): Promise<IndexedRecords> {
  const tools: IndexedRecords['tools'] = {};
  for (const [position, row] of rows.entries()) {
    if (position % 1_000 === 999) await nextTurn();
    const record = toSearchRecord(row);
    const id = ids.get(record.url);
    if (id)
      tools[row.id] = {
        slug: row.slug,
        record: id,
        digest: recordDigest(record),
        filters: record.filters,
        title: row.title,
        sort: sortStandings(places.get(row.id)!),
      };
  }
  return { topPopularity, tools };
}

export interface SearchIndexOptions {
  /** An incremental rebuild's: the tools, by slug, whose card file the folder already has from the served build. */
  linkedCards?: ReadonlySet<string>;
  /** Where to keep the records (SEARCH_RECORDS_FILE) for the small indexes of changes that later rebuilds make. */
  recordsFile?: string;
  signal?: AbortSignal;
  /** How the tools' places are ranked: searchPlaces, on this thread unless the caller moves it off (search-places-off-thread.ts). */
  rankPlaces?: (rows: readonly SearchRow[], signal?: AbortSignal) => Promise<Map<string, SearchPlaces>>;
  /**
   * The published tools (readSearchRows), when the caller started reading them earlier: an incremental rebuild reads
   * them while its cards render, since the index cannot start before the cards.
   */
  rows?: Promise<SearchRow[]>;
}

const rankPlacesHere = async (rows: readonly SearchRow[]) => searchPlaces(rows);

/**
 * Writes the index of every published tool to `<clientDir>/pagefind`, with its names file, its cards and an empty
 * list of changes; returns how many tools it holds. After a site build, only the tools whose card that build
 * rendered: one published while it ran has no card yet, and is found after the next build (its publication moved
 * the content version), as on the home and its category. The linked cards are indexed too, and their files left as
 * they are. An aborted `signal` stops it before it writes anything.
 */
export async function buildSearchIndex(pool: pg.Pool, clientDir: string, options: SearchIndexOptions = {}): Promise<number> {
  const cards = await takeCards(clientDir);
  const published = await (options.rows ?? readSearchRows(pool));
  const rows = cards ? published.filter((row) => cards[row.id] !== undefined || options.linkedCards?.has(row.slug)) : published;
  const places = await (options.rankPlaces ?? rankPlacesHere)(rows, options.signal);
  const records = await writeIndex(rows, places, path.join(clientDir, 'pagefind'), true, options.signal);
  await writeFile(path.join(clientDir, SEARCH_NAMES_PATH), JSON.stringify(toNameEntries(rows)));
  await writeFile(path.join(clientDir, SEARCH_NAME_RECORDS_PATH), JSON.stringify(toNameRecords(rows, records)));
  await writeFile(path.join(clientDir, SEARCH_CHANGES_PATH), JSON.stringify(NO_SEARCH_CHANGES));
  if (options.recordsFile) {
    await mkdir(path.dirname(options.recordsFile), { recursive: true });
    await writeFile(options.recordsFile, JSON.stringify(await indexedRecords(rows, records, places, topPopularityOf(rows))));
  }
  if (cards) await writeCards(clientDir, rows, cards);
  return rows.length;
}

/** The cards the build rendered for `rows`, one file each. Renamed into place: a linked card is the served build's file too, never written through. */
async function writeCards(clientDir: string, rows: readonly SearchRow[], cards: Record<string, string>): Promise<void> {
  await mkdir(path.join(clientDir, SEARCH_CARDS_DIR), { recursive: true });
  for (const row of rows) if (cards[row.id] !== undefined) await replaceFile(path.join(clientDir, searchCardPath(row.slug)), cards[row.id]!);
}

/**
 * For each changed tool, in each order it has, how many of the full index's current records come before it: where
 * its score (measured against the full index's top popularity) and its name fall in the full index's order, found by
 * halving that order as the full index stored it. The full index's own order, not the catalogue's as it is now: the
 * search page merges into that one.
 */
export function placesAmongCurrent(
  indexed: IndexedRecords,
  current: ReadonlySet<string>,
  changed: readonly SearchRow[],
  places: Map<string, SearchPlaces>,
): Map<string, Record<string, number>> {
  const changedKeys = new Set(changed.flatMap((row) => Object.keys(sortStandings(places.get(row.id)!))));
  const orders = new Map<string, { id: string; tool: IndexedRecord; place: number }[]>();
  for (const [id, tool] of Object.entries(indexed.tools))
    for (const [key, [place]] of Object.entries(tool.sort))
      if (changedKeys.has(key)) (orders.get(key) ?? orders.set(key, []).get(key)!).push({ id, tool, place });
  // Per order, how many current records come before each position.
  const currentBefore = new Map(
    [...orders].map(([key, order]) => {
      order.sort((a, b) => a.place - b.place);
      const counts = [0];
      for (const entry of order) counts.push(counts.at(-1)! + (current.has(entry.id) ? 1 : 0));
      return [key, counts];
    }),
  );
  const after = new Map<string, Record<string, number>>();
  for (const row of changed) {
    const counts: Record<string, number> = {};
    for (const [key, [, score]] of Object.entries(sortStandings(places.get(row.id)!))) {
      const order = orders.get(key) ?? [];
      // As byScore in tagging.ts: higher score first, then by name; a changed tool after an equal one.
      const comesBefore = ({ tool }: { tool: IndexedRecord }) => {
        const [, theirs] = tool.sort[key]!;
        return theirs > score || (theirs === score && tool.title.localeCompare(row.title, 'es') <= 0);
      };
      let low = 0;
      let high = order.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (comesBefore(order[middle]!)) low = middle + 1;
        else high = middle;
      }
      counts[key] = currentBefore.get(key)?.[low] ?? 0;
    }
    after.set(row.id, counts);
  }
  return after;
}

/**
 * Writes, beside the full index `indexed` describes, the small index of the published tools whose record is not in
 * it as it is now, and the changes (SEARCH_CHANGES_PATH) by which the search page reads both as one; returns how
 * many tools the small index holds. A tool is in it only with a card: one rendered for this rebuild (the cards file
 * the renderer left) or one `linkedCards` names. Costs reading the published tools and scoring the changed ones,
 * not ranking or indexing the whole catalogue.
 */
export async function buildSearchChanges(
  pool: pg.Pool,
  clientDir: string,
  indexed: IndexedRecords,
  options: Pick<SearchIndexOptions, 'linkedCards' | 'signal' | 'rows'> = {},
): Promise<number> {
  const cards = (await takeCards(clientDir)) ?? {};
  const rows = await (options.rows ?? readSearchRows(pool));
  const hasCard = (row: SearchRow) => cards[row.id] !== undefined || options.linkedCards?.has(row.slug) === true;
  const current = new Set<string>();
  const changed: SearchRow[] = [];
  for (const [position, row] of rows.entries()) {
    // A digest per published tool holds the serving thread for a second at 50,000: it answers requests between slices.
    if (position % 1_000 === 999) await nextTurn();
    const before = indexed.tools[row.id];
    if (before && before.digest === recordDigest(toSearchRecord(row))) current.add(row.id);
    else if (hasCard(row)) changed.push(row);
    else if (before) current.add(row.id);
  }
  const changedIds = new Set(changed.map((row) => row.id));
  const published = new Set(rows.map((row) => row.id));
  // A changed tool without a card yet keeps its old record until the next full index.
  const outdated = Object.entries(indexed.tools).filter(([id]) => !published.has(id) || changedIds.has(id));
  // Their places among themselves order the small index; where they fall among the full index's, `after`.
  const places = searchPlaces(changed, indexed.topPopularity);
  const records =
    changed.length > 0 ? await writeIndex(changed, places, path.join(clientDir, SEARCH_CHANGES_INDEX), false, options.signal) : new Map<string, string>();
  const changes: SearchChanges = {
    hidden: Object.fromEntries(outdated.map(([, record]) => [record.record, record.filters])),
    after: {},
    names: { removed: outdated.map(([, record]) => record.slug), added: [] },
  };
  const after = placesAmongCurrent(indexed, current, changed, places);
  for (const row of changed) changes.after[records.get(`/${row.slug}`)!] = after.get(row.id)!;
  // The names as the full list orders them now, less the tools without a card yet.
  const listed = rows.filter((row) => current.has(row.id) || changedIds.has(row.id));
  listed.forEach((row, index) => {
    if (changedIds.has(row.id)) changes.names.added.push([row.title, row.slug, index, records.get(`/${row.slug}`)!]);
  });
  await writeFile(path.join(clientDir, SEARCH_CHANGES_PATH), JSON.stringify(changes));
  // Every card rendered, also of a tool whose record did not change: a new logo changes only its card.
  await writeCards(clientDir, rows, cards);
  return changed.length;
}
