/**
 * Incremental rebuild (docs/decisions/013): a published change re-renders only the pages it affects into a new
 * build folder made of hard links to the served one, writes the search index again from the database, and swaps
 * builds/current as a full build does. The full build stays the safe default: for code or settings changes, the
 * first build, once a day, for changes whose pages cannot be told apart (categories, featured tools, settings), and
 * whenever an incremental rebuild fails.
 */
import { readdir, realpath, stat, symlink } from 'node:fs/promises';
import path from 'node:path';
import {
  buildSearchChanges,
  buildSearchIndex,
  readIndexedRecords,
  readSearchRows,
  SEARCH_CARDS_FILE,
  SEARCH_RECORDS_FILE,
  type IndexedRecords,
} from '../search/search-index.ts';
import { searchPlacesOffThread } from '../search/search-places-off-thread.ts';
import { SEARCH_CARDS_DIR, searchCardPath } from '../../lib/search/search.ts';
import { SEARCH_CHANGES_INDEX, SEARCH_CHANGES_PATH } from '../../lib/search/search-changes.ts';
import { TASKS } from '../../lib/tasks/vocabulary.ts';
import { readCatalogueMap, type CatalogueMap } from '../db/queries/public/catalogue-map.ts';
import { affectedPages } from './affected-pages.ts';
import { buildSite, readDatabaseClock, rendererSettings, siteFingerprint, type BuildOptions, type BuildResult } from './build-site.ts';
import { knownCodeHash, readContentVersion } from './fingerprint.ts';
import {
  activateBuild,
  switchCurrentBuild,
  markBuilding,
  newBuildId,
  readCatalogueMapFile,
  readCurrentBuild,
  writeBuildInfo,
  writeCatalogueMap,
  type BuildInfo,
  type CurrentBuild,
} from './builds.ts';
import { buildTree, entriesUnder, filesIn, holds, linkWholeTree, locate, startLayer, type BuildTree } from './build-tree.ts';
import type { BuiltSite } from './rebuild-watcher.ts';
import { COMPRESSED_SUFFIX, precompressFiles } from './precompress.ts';
import { removeFolder } from './remove-folder.ts';
import { pageFile } from './twin-routes.ts';
import { WarmRenderer, type RenderReport, type RendererSettings } from './warm-renderer.ts';

/**
 * Up to this many published tools the search index goes in the first pass. It is written again whole from the
 * database (a tool's place in every task ranking moves with any new tool): about 2.5 s at 1,000 tools, a minute at
 * 10,000 on a loaded machine. Past it, the first pass writes only a small index of the tools changed since the full
 * one (search-changes.ts), and the second writes the full index again.
 */
export const SEARCH_IN_FIRST_PASS_UP_TO = 3_000;

/** How often a second pass looks for a newer change, to which it then gives way. */
const NEWER_CHANGE_CHECK_MS = 1_000;

/** The nightly consistency pass: after this long since the last full build, the next rebuild is a full one. */
export const FULL_BUILD_EVERY_MS = 24 * 60 * 60_000;
/** Written again from the database by every rebuild that writes the whole index, so never linked from the served build... */
const SEARCH_FOLDER = path.join('client', 'pagefind');
/** ...nor what the server keeps of that index... */
const SEARCH_RECORDS_FOLDER = path.dirname(SEARCH_RECORDS_FILE);
/** ...except the search cards, one file per tool: only the changed tools' are rendered again. */
const CARDS_FOLDER = path.join('client', ...SEARCH_CARDS_DIR.split('/').filter(Boolean));
/** The search result cards the index build takes (SEARCH_CARDS_FILE), as an address. */
const SEARCH_CARDS_PATH = `/${SEARCH_CARDS_FILE}`;
/** The small index of changes and its list, written again by every pass that writes the changes. */
const CHANGES_FILES = [SEARCH_CHANGES_INDEX, SEARCH_CHANGES_PATH].map((address) => path.join('client', ...address.split('/').filter(Boolean)));
/** The search's own pages: rendered in the pass that writes the index or the changes since it. */
const SEARCH_PAGES = new Set([SEARCH_CARDS_PATH, '/pagefind/sugerencias.json']);

/** What a pass writes of the search: the whole index, only the changes since the served one, or nothing. */
type SearchIndexKind = 'whole' | 'changes' | false;

export type IncrementalResult = { kind: 'built'; info: BuildInfo; written: number; removed: number; phases: RebuildPhases } | { kind: 'full'; reason: string };

const within = (relative: string, folder: string) => relative === folder || relative.startsWith(folder + path.sep);

/**
 * What a new build does not share with the one it starts from: its server link, its build-info.json and
 * catalogue-map.json, and what it writes of the search again.
 */
function notLinked(relative: string, searchIndex: SearchIndexKind): boolean {
  if (searchIndex === 'whole' && ((within(relative, SEARCH_FOLDER) && !within(relative, CARDS_FOLDER)) || within(relative, SEARCH_RECORDS_FOLDER))) return true;
  if (searchIndex === 'changes' && CHANGES_FILES.some((folder) => within(relative, folder))) return true;
  return within(relative, 'server') || (!relative.includes(path.sep) && relative.endsWith('.json'));
}

/** A tool's search card file and its compressed copies, relative to the build folder. */
function cardFiles(slug: string): string[] {
  const file = path.join('client', pageFile(searchCardPath(slug)));
  return [file, file + COMPRESSED_SUFFIX.gzip, file + COMPRESSED_SUFFIX.br];
}

/** Pages each category has in a build (its first page included). */
async function builtCategoryPages(tree: BuildTree): Promise<Map<string, number>> {
  const pages = new Map<string, number>();
  for (const entry of await entriesUnder(tree, 'categoria', { recursive: true })) {
    const match = /^([a-z0-9-]+)(?:\/pagina\/(\d+))?\.html$/.exec(entry.split(path.sep).join('/'));
    if (match) pages.set(match[1]!, Math.max(pages.get(match[1]!) ?? 1, Number(match[2] ?? 1)));
  }
  return pages;
}

async function builtSitemapParts(tree: BuildTree): Promise<number> {
  return (await entriesUnder(tree, '', { recursive: false })).filter((name) => /^sitemap-\d+\.xml$/.test(name)).length;
}

/** Milliseconds each phase of an incremental rebuild took; phases overlap (the tree is linked while pages render). */
export type RebuildPhases = Record<string, number>;

/** Runs `work` and notes how long it took under `name`, also when it fails. */
async function timed<T>(phases: RebuildPhases, name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    phases[name] = Math.round(performance.now() - started);
  }
}

/** Waits for every branch to settle (none may still write into a folder about to be removed), then throws the first failure. */
async function allOrFirstFailure(work: readonly Promise<unknown>[]): Promise<void> {
  const failure = (await Promise.allSettled(work)).find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
}

/**
 * Makes and activates a new build from the served one for what changed since it read the database, or says why
 * only a full build will do (nothing is written then). With `options.renderer` (a running site's) the renderer stays
 * warm for the next rebuild; without it, one is started for this rebuild and stopped after it.
 */
export async function buildIncrementally(options: BuildOptions): Promise<IncrementalResult> {
  const renderer = options.renderer ?? new WarmRenderer({ root: options.root });
  try {
    return await rebuildFromServed(options, renderer);
  } finally {
    if (!options.renderer) await renderer.close();
  }
}

async function rebuildFromServed(options: BuildOptions, renderer: WarmRenderer): Promise<IncrementalResult> {
  const started = Date.now();
  const phases: RebuildPhases = {};
  const current = await readCurrentBuild(options.buildsDir);
  if (!current) return { kind: 'full', reason: 'No hay ninguna construcción de la que partir.' };
  const before = await readCatalogueMapFile(current.dir);
  const { contentReadAt: since, baseFingerprint, fullBuildAt } = current.info;
  if (!before || !since || !baseFingerprint || !fullBuildAt) return { kind: 'full', reason: 'La construcción servida no guarda de qué contenido se hizo.' };
  if (Date.now() - Date.parse(fullBuildAt) > FULL_BUILD_EVERY_MS) return { kind: 'full', reason: 'Toca la construcción completa diaria.' };
  const fingerprint = await siteFingerprint(options, knownCodeHash);
  if (fingerprint.base !== baseFingerprint) return { kind: 'full', reason: 'Cambiaron el código o la configuración del sitio.' };
  if (fingerprint.full === current.info.fingerprint) return { kind: 'full', reason: 'No hay cambios desde la construcción servida.' };
  // The same bundle, by its real path: the server processes keep the module they loaded instead of loading a copy.
  const serverDir = await realpath(path.join(current.dir, 'server'));
  const settings = rendererSettings(options);
  // First: a renderer that is not warm yet loads its bundle (seconds at 50,000 tools) while the rebuild works out
  // what changed and links the tree. Should only a full build do, rebuildSite stops it.
  const rendererReady = timed(phases, 'arranque del renderizador', () => renderer.prepare(serverDir, settings));
  rendererReady.catch(() => undefined);
  // Read before any page: what changes after it is rendered on demand until the next rebuild, as with a full build.
  const contentReadAt = await readDatabaseClock(options.pool);
  const { map: after, changed } = await readCatalogueMap(options.pool, since);
  const served = await buildTree(options.buildsDir, current);
  const searchFirst = Object.keys(after.tools).length <= (options.searchInFirstPassUpTo ?? SEARCH_IN_FIRST_PASS_UP_TO);
  // Past the threshold, what the served full index kept, for the index of changes: 17 MB at 50,000 tools, parsed
  // while the pages the change affects are worked out.
  const indexedRead = searchFirst ? undefined : readIndexedRecords(served.baseDir);
  indexedRead?.catch(() => undefined);
  const affected = affectedPages({
    before,
    after,
    changed,
    taskSlugs: TASKS.map((task) => task.slug),
    builtCategoryPages: await builtCategoryPages(served),
    builtSitemapParts: await builtSitemapParts(served),
    pending: current.info.pendingPaths,
  });
  if (affected.kind === 'full') return affected;
  phases['preparación'] = Date.now() - started;

  const log = options.log ?? (() => undefined);
  const content = { fingerprint: fingerprint.full, baseFingerprint, contentVersion: fingerprint.contentVersion, contentReadAt, fullBuildAt, after };
  const pass = { options, renderer: { ready: rendererReady, renderer, serverDir, settings }, content, started };

  const searchWork = { tools: affected.tools, before };
  // Past the threshold, the search's changes in the first pass when the served full index kept its records.
  const indexed = affected.paths.includes(SEARCH_CARDS_PATH) ? await indexedRead : undefined;
  const firstSearch: PassInput['searchIndex'] = searchFirst ? { ...searchWork, kind: 'whole' } : indexed ? { ...searchWork, kind: 'changes', indexed } : false;
  // With the changes, the search pages too: the header's suggestions name what the search already finds.
  const firstPaths = searchFirst || indexed ? affected.paths : affected.paths.filter((pathname) => !SEARCH_PAGES.has(pathname));
  const laterPaths = searchFirst ? affected.later : [...affected.later, ...affected.paths.filter((pathname) => SEARCH_PAGES.has(pathname))];

  // First pass: live as soon as it is written, the rest of what the change shifts still to come. Without the whole
  // search index it is a layer over the served tree, which costs what it renders, not what the site holds.
  const layered = !searchFirst && laterPaths.length > 0;
  const first = await timed(phases, 'primera pasada', () =>
    renderPass({ ...pass, from: current, paths: firstPaths, searchIndex: firstSearch, layered, pending: laterPaths, phases }),
  );
  log(
    `Reconstrucción incremental ${first.info.id}, primera pasada: ${affected.tools.length} herramientas, ${first.written} páginas en ${Date.now() - started} ms (${describePhases(phases)}).`,
  );
  await options.onActivated?.(first.info);
  if (laterPaths.length === 0) return { kind: 'built', info: first.info, written: first.written, removed: first.removed, phases };

  const second = await timed(phases, 'segunda pasada', () =>
    unlessSuperseded(options.pool, content.contentVersion, async (signal) => {
      const from = await readCurrentBuild(options.buildsDir);
      if (from?.info.id !== first.info.id) throw new Error('Otra construcción sustituyó a la primera pasada antes de la segunda.');
      const search = searchFirst ? false : ({ ...searchWork, kind: 'whole' } as const);
      return renderPass({ ...pass, from, paths: laterPaths, searchIndex: search, layered: false, pending: [], phases: {}, signal });
    }),
  );
  if (!second) {
    log(`Reconstrucción incremental ${first.info.id}: la segunda pasada cede el paso a un cambio más reciente, cuya reconstrucción hará sus páginas.`);
    return { kind: 'built', info: first.info, written: first.written, removed: first.removed, phases };
  }
  log(
    `Reconstrucción incremental ${second.info.id}: ${affected.tools.length} herramientas, ${first.written + second.written} páginas escritas y ${first.removed + second.removed} quitadas en ${Date.now() - started} ms (${describePhases(phases)}).`,
  );
  return { kind: 'built', info: second.info, written: first.written + second.written, removed: first.removed + second.removed, phases };
}

interface PassInput {
  options: BuildOptions;
  renderer: { ready: Promise<unknown>; renderer: WarmRenderer; serverDir: string; settings: RendererSettings };
  /** What every pass's build-info.json and catalogue-map.json say: both passes show the same content. */
  content: {
    fingerprint: string;
    baseFingerprint: string;
    contentVersion: number;
    contentReadAt: string;
    fullBuildAt: string;
    after: CatalogueMap;
  };
  started: number;
  from: CurrentBuild;
  paths: readonly string[];
  /**
   * The pass that writes the search index again from the database, whole or only the changes since the served full
   * one (`indexed` describes it), with the cards of the changed tools (by id, and the catalogue the served build was
   * made from, for their old slugs); a pass without it links the served build's.
   */
  searchIndex: false | ({ tools: readonly string[]; before: CatalogueMap } & ({ kind: 'whole' } | { kind: 'changes'; indexed: IndexedRecords }));
  /** A layer over the tree of `from` (build-tree.ts), never with the search index; else a full tree of hard links. */
  layered: boolean;
  /** Pages the build still owes once this pass is live. */
  pending: string[];
  phases: RebuildPhases;
  /** Aborted when a newer change makes the pass pointless: it stops where it is and writes nothing more. */
  signal?: AbortSignal;
}

/**
 * Runs a second pass that gives way to a newer change: as soon as the content version moves past `version`, the
 * pass stops (undefined) and the first pass stays served with the pages it owes, which the rebuild for the newer
 * change renders. An admin approving a queue of tools then sees each one in seconds, instead of each approval
 * waiting for the previous one's second pass (38-60 s at 10,000 tools).
 */
async function unlessSuperseded<T>(pool: BuildOptions['pool'], version: number, work: (signal: AbortSignal) => Promise<T>): Promise<T | undefined> {
  const controller = new AbortController();
  const check = async () => {
    if ((await readContentVersion(pool)) !== version) controller.abort();
  };
  await check();
  if (controller.signal.aborted) return undefined;
  const timer = setInterval(() => void check().catch(() => undefined), NEWER_CHANGE_CHECK_MS);
  try {
    return await work(controller.signal);
  } catch (error) {
    if (controller.signal.aborted) return undefined;
    throw error;
  } finally {
    clearInterval(timer);
  }
}

/** One new build from `from`: its files (linked, or under a layer), `paths` rendered again, compressed, and activated. */
async function renderPass(input: PassInput): Promise<{ info: BuildInfo; written: number; removed: number }> {
  const { options, from, phases, searchIndex, layered, signal } = input;
  const report = options.onProgress ?? (() => undefined);
  const log = options.log ?? (() => undefined);
  const { renderer, serverDir, settings } = input.renderer;
  const served = await buildTree(options.buildsDir, from);
  const id = newBuildId();
  const outDir = path.resolve(options.buildsDir, id);
  const clientDir = path.join(outDir, 'client');
  const servedCopy = (file: string) => locate(served, path.relative(clientDir, file));
  const finished = await markBuilding(options.buildsDir, id);
  // A pass a change waits for does the index's reading alongside the pages: its tools (a second at 50,000), while
  // the cards render. A second pass (the one that can give way, with a signal) waits on nobody, and does one thing
  // at a time: with everything alongside, the serving thread spent a third of its time collecting garbage and
  // left requests waiting 2.3-2.9 s (1.3 s one thing at a time).
  const alongside = signal === undefined;
  const searchRows = searchIndex && alongside ? readSearchRows(options.pool) : undefined;
  searchRows?.catch(() => undefined);
  // Each page is compressed as soon as it is written, while the next ones render.
  const compressions: Promise<unknown>[] = [];
  let indexing: Promise<void> | undefined;
  try {
    report(searchIndex ? 'Generando páginas' : 'Generando el resto de páginas', searchIndex ? 20 : 60);
    // The search cards first: the index (Pagefind's own process) starts on them while the rest of the pages render.
    const paths = searchIndex ? [SEARCH_CARDS_PATH, ...input.paths.filter((pathname) => pathname !== SEARCH_CARDS_PATH)] : [...input.paths];
    // Pages about to be rendered are not linked: the renderer writes them while the rest of the tree is linked,
    // and one whose route no longer has it (a withdrawn tool) is simply absent from the new build.
    const renderedFiles = new Set(
      paths.flatMap((pathname) => ['', COMPRESSED_SUFFIX.gzip, COMPRESSED_SUFFIX.br].map((suffix) => path.join('client', pageFile(pathname)) + suffix)),
    );
    // A changed tool's card, under its old slug and its new one, is written again (or, withdrawn, left out).
    const changedSlugs = searchIndex ? changedToolSlugs(searchIndex.tools, searchIndex.before, input.content.after) : [];
    for (const slug of changedSlugs) for (const file of cardFiles(slug)) renderedFiles.add(file);
    // Listed (150,000 names at 50,000 tools) while the cards render: only the index needs them.
    const linkedCardsRead = searchIndex ? servedCards(served, new Set(changedSlugs)) : undefined;
    linkedCardsRead?.catch(() => undefined);
    if (!alongside) await linkedCardsRead;
    // Which changed cards the index wrote, known once it has: a pass without an index changes none.
    let cards: ChangedCards = { written: [], missing: [] };
    const skip = (relative: string) => notLinked(relative, searchIndex && searchIndex.kind) || renderedFiles.has(relative);
    const linking = timed(phases, 'enlaces', async () => {
      const layer = layered ? await startLayer(served, outDir, skip) : undefined;
      await (layer ? undefined : linkWholeTree(served, outDir, skip, signal));
      await symlink(serverDir, path.join(outDir, 'server'));
      return layer;
    });
    const compress = (files: string[]) => {
      const compressing = precompressFiles(clientDir, files, servedCopy, signal);
      compressions.push(compressing);
      compressing.catch(() => undefined);
    };
    const renderedSearchFiles = new Set(
      paths.filter((pathname) => pathname.startsWith('/pagefind/')).map((pathname) => path.join(clientDir, pageFile(pathname))),
    );
    const onWritten = (pathname: string) => {
      if (pathname !== SEARCH_CARDS_PATH) return compress([path.join(clientDir, pageFile(pathname))]);
      if (!searchIndex) return;
      indexing = timed(phases, searchIndex.kind === 'whole' ? 'índice' : 'índice de cambios', async () => {
        const linkedCards = await linkedCardsRead;
        if (searchIndex.kind === 'whole') {
          const recordsFile = path.join(outDir, SEARCH_RECORDS_FILE);
          const indexed = await buildSearchIndex(options.pool, clientDir, {
            linkedCards,
            signal,
            recordsFile,
            rankPlaces: searchPlacesOffThread,
            rows: searchRows,
          });
          log(`Índice de búsqueda: ${indexed} herramientas (a la vez que las páginas).`);
        } else {
          const changed = await buildSearchChanges(options.pool, clientDir, searchIndex.indexed, { linkedCards, signal, rows: searchRows });
          log(`Índice de búsqueda de los cambios: ${changed} herramientas (el completo, en la segunda pasada).`);
        }
        // What the index wrote (the linked cards carry their compressed copies); the renderer's own files in that
        // folder are compressed as they are written.
        cards = await changedCards(outDir, changedSlugs);
        const files = await indexFilesWritten(outDir, searchIndex.kind);
        compress([...files, ...cards.written.map((card) => path.join(clientDir, card))].filter((file) => !renderedSearchFiles.has(file)));
      });
      indexing.catch(() => undefined);
    };
    const rendering = timed(phases, 'renderizado', async () => {
      await input.renderer.ready;
      return renderer.render(serverDir, settings, outDir, paths, onWritten, searchIndex ? [...searchIndex.tools] : undefined, signal);
    });
    await allOrFirstFailure([linking, rendering]);
    signal?.throwIfAborted();
    const rendered = await rendering;
    const layer = await linking;
    if (searchIndex) {
      report('Creando el índice de búsqueda', 70);
      if (!indexing) throw new Error('El renderizado incremental no escribió las tarjetas de búsqueda.');
      await indexing;
    }
    report('Comprimiendo', 90);
    await timed(phases, 'compresión pendiente', () => allOrFirstFailure(compressions));
    signal?.throwIfAborted();
    const info = await timed(phases, 'activación', async () => {
      const { after, ...content } = input.content;
      const built: BuildInfo = {
        id,
        ...content,
        builtAt: new Date().toISOString(),
        incremental: true,
        durationMs: Date.now() - input.started,
        pages: from.info.pages + (await pagesAdded(served, rendered, cards)),
        ...(input.pending.length > 0 ? { pendingPaths: input.pending } : {}),
        ...(layer ? { layerOf: layer.layerOf, removedFiles: removedByLayer(layer.removed, rendered, cards) } : {}),
      };
      await writeCatalogueMap(outDir, after);
      await writeBuildInfo(outDir, built);
      report('Activando la nueva versión', 97);
      // A pass with pages still to come leaves the removal of older builds to the next pass's activation.
      await (input.pending.length > 0 ? switchCurrentBuild : activateBuild)(options.buildsDir, id);
      return built;
    });
    return { info, written: rendered.written.length, removed: rendered.missing.length };
  } catch (error) {
    // Nothing may still be writing into the folder: the index first, since it adds the last compressions.
    await indexing?.catch(() => undefined);
    await Promise.allSettled(compressions);
    // A pass that gave way leaves its half-linked tree (up to hundreds of thousands of links, seconds to remove)
    // to the next activation's clean-up, off the path of the change it gave way to.
    if (!signal?.aborted) await removeFolder(outDir);
    throw error;
  } finally {
    await finished();
  }
}

type ChangedCards = { written: string[]; missing: string[] };

/** The changed tools' cards (relative to the client folder) a pass wrote, and those it did not (withdrawn tools'). */
async function changedCards(outDir: string, changedSlugs: readonly string[]): Promise<ChangedCards> {
  const cards: ChangedCards = { written: [], missing: [] };
  for (const slug of changedSlugs) {
    const card = path.relative('client', cardFiles(slug)[0]!);
    const written = await stat(path.join(outDir, 'client', card)).then(
      () => true,
      () => false,
    );
    cards[written ? 'written' : 'missing'].push(card);
  }
  return cards;
}

/**
 * Pages (.html files) a pass adds to the tree it starts from, less those it takes away: the build's count stays
 * exact without listing its whole tree again.
 */
async function pagesAdded(served: BuildTree, rendered: RenderReport, cards: ChangedCards): Promise<number> {
  const isPage = (file: string) => file.endsWith('.html');
  let added = 0;
  for (const file of [...rendered.written.map(pageFile), ...cards.written].filter(isPage)) if (!(await holds(served, file))) added += 1;
  for (const file of [...rendered.missing.map(pageFile), ...cards.missing].filter(isPage)) if (await holds(served, file)) added -= 1;
  return added;
}

/**
 * The pages a layer takes away: those of the layer it replaces and the ones whose route is gone (with a withdrawn
 * tool's card), less any rendered again.
 */
function removedByLayer(removed: Set<string>, rendered: RenderReport, cards: ChangedCards): string[] {
  for (const pathname of rendered.missing) removed.add(pageFile(pathname));
  for (const card of cards.missing) removed.add(card);
  for (const pathname of rendered.written) removed.delete(pageFile(pathname));
  for (const card of cards.written) removed.delete(card);
  return [...removed];
}

/** The slugs, before and after, of the tools a rebuild changed. */
function changedToolSlugs(tools: readonly string[], before: CatalogueMap, after: CatalogueMap): string[] {
  return [...new Set(tools.flatMap((id) => [before.tools[id]?.slug, after.tools[id]?.slug].filter((slug) => slug !== undefined)))];
}

/**
 * The files (full paths) an index of `kind` writes, but the changed cards. The whole index writes its folder's
 * entries but the cards: three files a tool, linked from the served build, 150,000 at 50,000 tools, and naming them
 * held the serving thread. The index of changes writes its own files.
 */
async function indexFilesWritten(outDir: string, kind: 'whole' | 'changes'): Promise<string[]> {
  const cardsName = path.basename(CARDS_FOLDER);
  const entries =
    kind === 'changes'
      ? CHANGES_FILES
      : (await readdir(path.join(outDir, SEARCH_FOLDER))).filter((name) => name !== cardsName).map((name) => path.join(SEARCH_FOLDER, name));
  const files: string[] = [];
  for (const entry of entries) {
    const full = path.join(outDir, entry);
    const info = await stat(full).catch(() => undefined);
    if (info?.isFile()) files.push(full);
    else if (info?.isDirectory()) for (const file of await filesIn(full)) files.push(path.join(full, file));
  }
  return files;
}

/** The slugs whose card file the served build has, but for the changed tools': the cards a new build links. */
async function servedCards(served: BuildTree, changed: ReadonlySet<string>): Promise<Set<string>> {
  const names = await entriesUnder(served, path.relative('client', CARDS_FOLDER), { recursive: false });
  return new Set(names.flatMap((name) => (name.endsWith('.html') && !changed.has(name.slice(0, -5)) ? [name.slice(0, -5)] : [])));
}

/** "enlaces 812 ms, renderizado 2304 ms, …" for the log. */
export function describePhases(phases: RebuildPhases): string {
  return Object.entries(phases)
    .map(([name, ms]) => `${name} ${ms} ms`)
    .join(', ');
}

/** What the rebuild watcher needs to know of a build. */
export function builtSite(result: BuildResult): BuiltSite {
  return { id: result.info.id, quick: result.skipped || result.info.incremental === true };
}

/**
 * What the rebuild watcher runs: incremental when it can, else (or when it fails) the full build. `force` (an
 * admin's «Reconstruir ahora») always builds in full.
 */
export async function rebuildSite(options: BuildOptions): Promise<BuildResult> {
  const log = options.log ?? (() => undefined);
  if (!options.force) {
    try {
      const result = await buildIncrementally(options);
      if (result.kind === 'built') return { skipped: false, info: result.info };
      log(`Construcción completa: ${result.reason}`);
    } catch (error) {
      log(`La reconstrucción incremental falló; se hace la completa: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  // A full build compiles a new server bundle: the warm renderer's is about to be old, and its memory is better
  // spent on the build.
  await options.renderer?.close();
  const result = await buildSite(options);
  if (!result.skipped && options.renderer) {
    // Warmed on the new bundle at once: the next approval, often right after (an admin at work), needs no start.
    options.renderer
      .prepare(path.join(options.buildsDir, result.info.id, 'server'), rendererSettings(options))
      .catch((error: Error) => log(`No se pudo preparar el renderizador incremental: ${error.message.split('\n')[0]}`));
  }
  return result;
}
