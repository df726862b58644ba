/**
 * Builds the static site and its search index into a new folder, then makes it current.
 * Skips the work when neither the code nor the published content changed since the last build.
 */
import { spawn } from 'node:child_process';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { ConfigError } from '../env.ts';
import {
  activateBuild,
  markBuilding,
  newBuildId,
  readCurrentBuild,
  removeLeftoverBuilds,
  writeBuildInfo,
  writeCatalogueMap,
  type BuildInfo,
} from './builds.ts';
import { IN_FLIGHT_MARGIN_SECONDS, readCatalogueMap, type CatalogueMap } from '../db/queries/public/catalogue-map.ts';
import { aiProvidersFingerprint, combineFingerprint, hashCode, readCatalogueIds, readContentVersion, readSettingsHash } from './fingerprint.ts';
import { buildSearchIndex, SEARCH_RECORDS_FILE } from '../search/search-index.ts';
import { searchPlacesOffThread } from '../search/search-places-off-thread.ts';
import { precompressDirectory } from './precompress.ts';
import { bundleEnv, type RendererSettings, type WarmRenderer } from './warm-renderer.ts';

export interface BuildOptions {
  root: string;
  buildsDir: string;
  pool: pg.Pool;
  databaseUrl: string;
  /** Stable name of the database (not its port, which changes for the embedded one). */
  databaseIdentity: string;
  siteUrl: string;
  siteName: string;
  /** Prerendered pages show the Google button only when it was configured at build time. */
  googleSignIn: boolean;
  /** How many tools get their page and «Alternativas a…» page prerendered (PRERENDERED_TOOLS); the rest render on demand. */
  prerenderedTools: number;
  force?: boolean;
  log?: (line: string) => void;
  /** What the build is doing and how far along it is (0-100), for the admin panel's rebuild status. */
  onProgress?: BuildProgress;
  /** The incremental rebuild's renderer, kept warm between rebuilds by a running site; without it each rebuild starts its own. */
  renderer?: WarmRenderer;
  /**
   * Called when an incremental rebuild's first pass is live (the tool's pages, the home, its categories' first
   * pages and, for a catalogue that is not too large, the search), before its second pass: a running site switches to it at once.
   */
  onActivated?: (info: BuildInfo) => Promise<void> | void;
  /** Past this many published tools an incremental rebuild writes the search index in its second pass (SEARCH_IN_FIRST_PASS_UP_TO). */
  searchInFirstPassUpTo?: number;
}

export type BuildProgress = (phase: string, percent: number) => void;

/** Astro's line for each page it writes ("  ├─ /chatgpt.html"), once colours are stripped. */
const PAGE_LINE = /^\s*\u251C\u2500 \//;
const ANSI = /\u001b\[[0-9;]*m/g;

/** What the site's bundle reads from its environment, for this build (and the rebuilds made from it). */
export function rendererSettings(options: BuildOptions): RendererSettings {
  const { databaseUrl, siteUrl, siteName, prerenderedTools } = options;
  return { databaseUrl, siteUrl, siteName, prerenderedTools };
}

/** Astro's output turned into progress: compiling, then pages written out of those expected. */
export function astroProgress(expectedPages: number, report: BuildProgress): (chunk: string) => void {
  let pages = 0;
  let rendering = false;
  let partial = '';
  report('Compilando el sitio', 2);
  return (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const raw of lines) {
      const line = raw.replace(ANSI, '');
      if (!rendering && line.includes('static routes')) {
        rendering = true;
        report('Generando páginas', 15);
      } else if (rendering && PAGE_LINE.test(line)) {
        pages++;
        report('Generando páginas', 15 + Math.min(70, Math.floor((70 * pages) / Math.max(1, expectedPages))));
      }
    }
  };
}

export interface BuildResult {
  skipped: boolean;
  info: BuildInfo;
}

export function runAstroBuild(root: string, outDir: string, env: NodeJS.ProcessEnv, onOutput?: (chunk: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
      cwd: root,
      env: { ...process.env, ...env, ASTRO_OUT_DIR: outDir, ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      onOutput?.(chunk.toString());
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`astro build terminó con código ${code}:\n${output}`));
    });
  });
}

/** Without a previous build: one page per published tool and category, plus the site's fixed pages. */
async function publishedPageCount(pool: pg.Pool, prerenderedTools: number): Promise<number> {
  // A tool page and an alternatives page for each prerendered tool.
  const { rows } = await pool.query<{ pages: number }>(
    "SELECT (2 * least((SELECT count(*) FROM posts WHERE status = 'published'), $1) + (SELECT count(*) FROM categories) + 30)::int AS pages",
    [prerenderedTools],
  );
  return rows[0]!.pages;
}

export async function countPages(clientDir: string): Promise<number> {
  const entries = await readdir(clientDir, { recursive: true });
  return entries.filter((entry) => entry.endsWith('.html')).length;
}

export interface SiteFingerprint {
  /** Everything but the content: the code, the database's identity, the site's settings. */
  base: string;
  /** What build-info.json records and a start compares: the base with the content version and the row ids. */
  full: string;
  contentVersion: number;
  catalogueIds: string;
}

/** What the site built now from this code (as `readCodeHash` tells it) and database would depend on. */
export async function siteFingerprint(options: BuildOptions, readCodeHash: (root: string) => Promise<string> = hashCode): Promise<SiteFingerprint> {
  const [codeHash, contentVersion, catalogueIds, settings] = await Promise.all([
    readCodeHash(options.root),
    readContentVersion(options.pool),
    readCatalogueIds(options.pool),
    readSettingsHash(options.pool),
  ]);
  const base = combineFingerprint({
    code: codeHash,
    settings,
    database: options.databaseIdentity,
    site: options.siteUrl,
    name: options.siteName,
    ai: aiProvidersFingerprint(),
    google: options.googleSignIn ? 1 : 0,
    prerendered: options.prerenderedTools,
    // The footer shows the year the page was built: a new year calls for a new build.
    year: new Date().getFullYear(),
  });
  return { base, full: fullFingerprint(base, contentVersion, catalogueIds), contentVersion, catalogueIds };
}

/** The base with the content version and the row ids: what build-info.json records. */
function fullFingerprint(base: string, contentVersion: number, catalogueIds: string): string {
  return combineFingerprint({ base, content: contentVersion, ids: catalogueIds });
}

/**
 * The served build, when all it lacks is content changed since (approvals, edits, unpublishings made while the site
 * was stopped): same code, settings and rows. A start serves it at once, and the rebuild watcher brings it up to date
 * as it does a change made while the site runs, incrementally; at 50,000 tools a full build before serving took
 * 40 minutes. Undefined when there is nothing to catch up or more than the content changed.
 */
export async function servedBuildBehindInContent(options: BuildOptions): Promise<BuildInfo | undefined> {
  const current = await readCurrentBuild(options.buildsDir);
  if (!current?.info.baseFingerprint) return undefined;
  const now = await siteFingerprint(options);
  const sameButContent = fullFingerprint(now.base, current.info.contentVersion, now.catalogueIds) === current.info.fingerprint;
  return sameButContent && now.full !== current.info.fingerprint ? current.info : undefined;
}

/** The database's clock, read before any page: every page changed after it is not in the build being made. */
export async function readDatabaseClock(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ now: string }>(`SELECT to_json(clock_timestamp()) #>> '{}' AS now`);
  return rows[0]!.now;
}

const IN_FLIGHT_MARGIN_MS = IN_FLIGHT_MARGIN_SECONDS * 1000;
/** A full build waits at most this many margins for the catalogue to stop changing. */
const SETTLE_ROUNDS = 3;

/**
 * The database's clock for a full build, read once no tool page has changed for the margin before it. A change
 * stamped inside the margin counts as newer than the build (it may have committed after the read), so a full
 * build read right after an edit, an import or a synthetic catalogue left those tools "changed" for the next
 * incremental rebuild: a full one again when any was featured. While changes keep coming it reads anyway, after
 * SETTLE_ROUNDS waits; what they change is rendered on demand and by the next rebuild, as always.
 */
export async function settledDatabaseClock(pool: pg.Pool, wait: (ms: number) => Promise<unknown> = sleep): Promise<string> {
  for (let round = 0; ; round++) {
    const { rows } = await pool.query<{ now: string; quietMs: number | null }>(
      `SELECT to_json(clock_timestamp()) #>> '{}' AS now,
              (extract(epoch FROM clock_timestamp() - max(page_changed_at)) * 1000)::float8 AS "quietMs"
       FROM posts`,
    );
    const { now, quietMs } = rows[0]!;
    if (quietMs === null || quietMs >= IN_FLIGHT_MARGIN_MS || round === SETTLE_ROUNDS) return now;
    // A stamp from the future (set by hand) must not hold the build for longer than a margin.
    await wait(Math.min(IN_FLIGHT_MARGIN_MS, IN_FLIGHT_MARGIN_MS - quietMs));
  }
}

export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const log = options.log ?? (() => undefined);
  const { base, full: fingerprint, contentVersion } = await siteFingerprint(options);
  const leftovers = await removeLeftoverBuilds(options.buildsDir);
  if (leftovers.length > 0) log(`Construcciones a medias eliminadas: ${leftovers.join(', ')}.`);
  const current = await readCurrentBuild(options.buildsDir);
  if (!options.force && current?.info.fingerprint === fingerprint) {
    return { skipped: true, info: current.info };
  }

  const outside = path.relative(options.root, path.resolve(options.buildsDir)).startsWith('..');
  // The server bundle resolves its dependencies from the project's node_modules.
  if (outside) throw new ConfigError(`BUILDS_DIR (${options.buildsDir}) debe estar dentro de la carpeta del proyecto.`);
  const started = Date.now();
  // Read before Astro reads any tool: every page changed after this moment is rendered on demand until the next build.
  const contentReadAt = await settledDatabaseClock(options.pool);
  // What the pages are made from, for the next incremental rebuild to compare with.
  const { map } = await readCatalogueMap(options.pool, contentReadAt);
  const id = newBuildId();
  const outDir = path.resolve(options.buildsDir, id);
  await mkdir(options.buildsDir, { recursive: true });
  const finished = await markBuilding(options.buildsDir, id);
  try {
    const target = { id, outDir, fingerprint, baseFingerprint: base, contentVersion, contentReadAt, started, expectedPages: current?.info.pages };
    const info = await buildInto(options, target, map).catch(async (error: unknown) => {
      // A failed build's folder is never served: free its space now rather than at the next start.
      await rm(outDir, { recursive: true, force: true });
      throw error;
    });
    await activateBuild(options.buildsDir, id);
    return { skipped: false, info };
  } finally {
    await finished();
  }
}

interface BuildTarget {
  id: string;
  outDir: string;
  fingerprint: string;
  baseFingerprint: string;
  contentVersion: number;
  contentReadAt: string;
  started: number;
  expectedPages: number | undefined;
}

/** Astro and the search index into the target folder, ending with its build-info.json. */
async function buildInto(options: BuildOptions, target: BuildTarget, map: CatalogueMap): Promise<BuildInfo> {
  const log = options.log ?? (() => undefined);
  const { id, outDir } = target;
  const report = options.onProgress ?? (() => undefined);
  log(`Construyendo el sitio en ${path.relative(options.root, outDir)}…`);
  // The previous build's page count is the best guess of this one's; the first build counts the tools.
  const expectedPages = target.expectedPages ?? (await publishedPageCount(options.pool, options.prerenderedTools));
  await runAstroBuild(options.root, outDir, bundleEnv(rendererSettings(options)), astroProgress(expectedPages, report));
  const clientDir = path.join(outDir, 'client');
  report('Creando el índice de búsqueda', 88);
  const indexStarted = Date.now();
  const indexed = await buildSearchIndex(options.pool, clientDir, { recordsFile: path.join(outDir, SEARCH_RECORDS_FILE), rankPlaces: searchPlacesOffThread });
  log(`Índice de búsqueda: ${indexed} herramientas en ${Date.now() - indexStarted} ms.`);
  report('Comprimiendo', 93);
  const compressStarted = Date.now();
  const compressed = await precompressDirectory(clientDir);
  log(`Compresión: ${compressed.files} ficheros de texto en gzip y brotli en ${Date.now() - compressStarted} ms.`);
  const builtAt = new Date().toISOString();
  const info: BuildInfo = {
    id,
    fingerprint: target.fingerprint,
    baseFingerprint: target.baseFingerprint,
    contentVersion: target.contentVersion,
    contentReadAt: target.contentReadAt,
    builtAt,
    fullBuildAt: builtAt,
    durationMs: Date.now() - target.started,
    pages: await countPages(clientDir),
  };
  await writeCatalogueMap(outDir, map);
  await writeBuildInfo(outDir, info);
  report('Activando la nueva versión', 97);
  return info;
}
