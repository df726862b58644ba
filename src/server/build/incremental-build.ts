/**
 * Incremental rebuild (docs/decisions/013): a published change re-renders only the pages it affects into a new
 * build folder made of hard links to the served one, writes the search index again from the database, and swaps
 * builds/current as a full build does. The full build stays the safe default: for code or settings changes, the
 * first build, once a day, for changes whose pages cannot be told apart (categories, featured tools, settings), and
 * whenever an incremental rebuild fails.
 */
import { spawn } from 'node:child_process';
import { readdir, realpath, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { buildSearchIndex, SEARCH_CARDS_FILE } from '../search/search-index.ts';
import { TASKS } from '../../lib/tasks/vocabulary.ts';
import { readCatalogueMap } from '../db/queries/public/catalogue-map.ts';
import { affectedPages } from './affected-pages.ts';
import { buildSite, countPages, readDatabaseClock, siteFingerprint, type BuildOptions, type BuildResult } from './build-site.ts';
import {
  activateBuild,
  markBuilding,
  newBuildId,
  readCatalogueMapFile,
  readCurrentBuild,
  writeBuildInfo,
  writeCatalogueMap,
  type BuildInfo,
} from './builds.ts';
import { linkTree } from './link-tree.ts';
import type { BuiltSite } from './rebuild-watcher.ts';
import { COMPRESSED_SUFFIX, precompressFiles } from './precompress.ts';
import { EVENT_PREFIX, pageFile, type RenderEvent } from './twin-routes.ts';

/** The nightly consistency pass: after this long since the last full build, the next rebuild is a full one. */
export const FULL_BUILD_EVERY_MS = 24 * 60 * 60_000;
/** Written again from the database by every rebuild, so never linked from the served build. */
const SEARCH_FOLDER = path.join('client', 'pagefind');
const RENDERER = path.join('src', 'server', 'build', 'render-pages.ts');
/** The search result cards the index build takes (SEARCH_CARDS_FILE), as an address. */
const SEARCH_CARDS_PATH = `/${SEARCH_CARDS_FILE}`;

export type IncrementalResult = { kind: 'built'; info: BuildInfo; written: number; removed: number } | { kind: 'full'; reason: string };

const within = (relative: string, folder: string) => relative === folder || relative.startsWith(folder + path.sep);

/** What a new build does not share with the served one: its server link, its search index, its build-info.json and catalogue-map.json. */
function notLinked(relative: string): boolean {
  return within(relative, 'server') || within(relative, SEARCH_FOLDER) || (!relative.includes(path.sep) && relative.endsWith('.json'));
}

/** Pages each category has in a build's client folder (its first page included). */
async function builtCategoryPages(clientDir: string): Promise<Map<string, number>> {
  const pages = new Map<string, number>();
  const entries = await readdir(path.join(clientDir, 'categoria'), { recursive: true }).catch(() => []);
  for (const entry of entries) {
    const match = /^([a-z0-9-]+)(?:\/pagina\/(\d+))?\.html$/.exec(entry.split(path.sep).join('/'));
    if (match) pages.set(match[1]!, Math.max(pages.get(match[1]!) ?? 1, Number(match[2] ?? 1)));
  }
  return pages;
}

async function builtSitemapParts(clientDir: string): Promise<number> {
  return (await readdir(clientDir)).filter((name) => /^sitemap-\d+\.xml$/.test(name)).length;
}

export interface RenderReport {
  written: string[];
  missing: string[];
}

/**
 * Renders `paths` into `outDir` with its own server bundle, in a child process (render-pages.ts); `onWritten` hears
 * of each page as soon as its file is in place.
 */
function renderPages(options: BuildOptions, outDir: string, paths: string[], onWritten: (pathname: string) => void): Promise<RenderReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(options.root, RENDERER), outDir], {
      cwd: options.root,
      env: { ...process.env, DATABASE_URL: options.databaseUrl, SITE_URL: options.siteUrl, SITE_NAME: options.siteName },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const report: RenderReport = { written: [], missing: [] };
    let partial = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith(EVENT_PREFIX)) continue;
        const event = JSON.parse(line.slice(EVENT_PREFIX.length)) as RenderEvent;
        if ('written' in event) {
          report.written.push(event.written);
          onWritten(event.written);
        } else report.missing.push(event.missing);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-20_000)));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0 && report.written.length + report.missing.length === paths.length) resolve(report);
      else reject(new Error(`El renderizado incremental terminó con código ${code}:\n${stderr}`));
    });
    child.stdin.end(JSON.stringify(paths));
  });
}

/** Files under a folder, as full paths. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Makes and activates a new build from the served one for what changed since it read the database, or says why
 * only a full build will do (nothing is written then).
 */
export async function buildIncrementally(options: BuildOptions): Promise<IncrementalResult> {
  const started = Date.now();
  const report = options.onProgress ?? (() => undefined);
  const current = await readCurrentBuild(options.buildsDir);
  if (!current) return { kind: 'full', reason: 'No hay ninguna construcción de la que partir.' };
  const before = await readCatalogueMapFile(current.dir);
  const { contentReadAt: since, baseFingerprint, fullBuildAt } = current.info;
  if (!before || !since || !baseFingerprint || !fullBuildAt) return { kind: 'full', reason: 'La construcción servida no guarda de qué contenido se hizo.' };
  if (Date.now() - Date.parse(fullBuildAt) > FULL_BUILD_EVERY_MS) return { kind: 'full', reason: 'Toca la construcción completa diaria.' };
  const fingerprint = await siteFingerprint(options);
  if (fingerprint.base !== baseFingerprint) return { kind: 'full', reason: 'Cambiaron el código o la configuración del sitio.' };
  if (fingerprint.full === current.info.fingerprint) return { kind: 'full', reason: 'No hay cambios desde la construcción servida.' };
  // Read before any page: what changes after it is rendered on demand until the next rebuild, as with a full build.
  const contentReadAt = await readDatabaseClock(options.pool);
  const { map: after, changed } = await readCatalogueMap(options.pool, since);
  const servedClient = path.join(current.dir, 'client');
  const affected = affectedPages({
    before,
    after,
    changed,
    taskSlugs: TASKS.map((task) => task.slug),
    builtCategoryPages: await builtCategoryPages(servedClient),
    builtSitemapParts: await builtSitemapParts(servedClient),
  });
  if (affected.kind === 'full') return affected;

  const log = options.log ?? (() => undefined);
  const id = newBuildId();
  const outDir = path.resolve(options.buildsDir, id);
  const clientDir = path.join(outDir, 'client');
  const finished = await markBuilding(options.buildsDir, id);
  try {
    report('Copiando la versión publicada', 5);
    await linkTree(current.dir, outDir, notLinked);
    // The same bundle, by its real path: the server processes keep the module they loaded instead of loading a copy.
    await symlink(await realpath(path.join(current.dir, 'server')), path.join(outDir, 'server'));
    report('Generando páginas', 20);
    // The search index is built by Pagefind's own process: it starts as soon as the cards are written, while the
    // rest of the pages render (the cards come first in the list).
    let indexing: Promise<number> | undefined;
    const indexStarted = Date.now();
    const paths = [SEARCH_CARDS_PATH, ...affected.paths.filter((pathname) => pathname !== SEARCH_CARDS_PATH)];
    const rendered = await renderPages(options, outDir, paths, (pathname) => {
      if (pathname === SEARCH_CARDS_PATH) indexing = buildSearchIndex(options.pool, clientDir);
    }).catch(async (error: unknown) => {
      await indexing?.catch(() => undefined);
      throw error;
    });
    for (const pathname of rendered.missing) {
      const file = path.join(clientDir, pageFile(pathname));
      await Promise.all(['', COMPRESSED_SUFFIX.gzip, COMPRESSED_SUFFIX.br].map((suffix) => rm(file + suffix, { force: true })));
    }
    report('Creando el índice de búsqueda', 70);
    if (!indexing) throw new Error('El renderizado incremental no escribió las tarjetas de búsqueda.');
    const indexed = await indexing;
    log(`Índice de búsqueda: ${indexed} herramientas en ${Date.now() - indexStarted} ms (a la vez que las páginas).`);
    report('Comprimiendo', 90);
    // The search folder as it is now: the index build took the cards file the renderer wrote there.
    const pages = rendered.written.filter((pathname) => !pathname.startsWith('/pagefind/')).map((pathname) => path.join(clientDir, pageFile(pathname)));
    await precompressFiles(clientDir, [...pages, ...(await filesUnder(path.join(outDir, SEARCH_FOLDER)))], servedClient);
    const info: BuildInfo = {
      id,
      fingerprint: fingerprint.full,
      baseFingerprint,
      contentVersion: fingerprint.contentVersion,
      contentReadAt,
      builtAt: new Date().toISOString(),
      fullBuildAt,
      incremental: true,
      durationMs: Date.now() - started,
      pages: await countPages(clientDir),
    };
    await writeCatalogueMap(outDir, after);
    await writeBuildInfo(outDir, info);
    report('Activando la nueva versión', 97);
    await activateBuild(options.buildsDir, id);
    log(
      `Reconstrucción incremental ${id}: ${affected.tools.length} herramientas, ${rendered.written.length} páginas escritas y ${rendered.missing.length} quitadas en ${info.durationMs} ms.`,
    );
    return { kind: 'built', info, written: rendered.written.length, removed: rendered.missing.length };
  } catch (error) {
    await rm(outDir, { recursive: true, force: true });
    throw error;
  } finally {
    await finished();
  }
}

/** What the rebuild watcher needs to know of a build. */
export function builtSite(result: BuildResult): BuiltSite {
  return { id: result.info.id, incremental: result.info.incremental === true };
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
  return buildSite(options);
}
