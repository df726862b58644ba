/**
 * Builds the static site and its search index into a new folder, then makes it current.
 * Skips the work when neither the code nor the published content changed since the last build.
 */
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { ConfigError } from '../env.ts';
import { activateBuild, newBuildId, readCurrentBuild, writeBuildInfo, type BuildInfo } from './builds.ts';
import { aiProvidersFingerprint, combineFingerprint, hashCode, readCatalogueIds, readContentVersion } from './fingerprint.ts';
import { buildSearchIndex } from '../../features/search/search-index.server.ts';

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
  force?: boolean;
  log?: (line: string) => void;
}

export interface BuildResult {
  skipped: boolean;
  info: BuildInfo;
}

export function runAstroBuild(root: string, outDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
      cwd: root,
      env: { ...process.env, ...env, ASTRO_OUT_DIR: outDir, ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
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

async function countPages(clientDir: string): Promise<number> {
  const entries = await readdir(clientDir, { recursive: true });
  return entries.filter((entry) => entry.endsWith('.html')).length;
}

export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const log = options.log ?? (() => undefined);
  const [codeHash, contentVersion, catalogueIds] = await Promise.all([
    hashCode(options.root),
    readContentVersion(options.pool),
    readCatalogueIds(options.pool),
  ]);
  const fingerprint = combineFingerprint({
    code: codeHash,
    content: contentVersion,
    ids: catalogueIds,
    database: options.databaseIdentity,
    site: options.siteUrl,
    name: options.siteName,
    ai: aiProvidersFingerprint(),
    google: options.googleSignIn ? 1 : 0,
    // The footer shows the year the page was built: a new year calls for a new build.
    year: new Date().getFullYear(),
  });
  const current = await readCurrentBuild(options.buildsDir);
  if (!options.force && current?.info.fingerprint === fingerprint) {
    return { skipped: true, info: current.info };
  }

  const outside = path.relative(options.root, path.resolve(options.buildsDir)).startsWith('..');
  // The server bundle resolves its dependencies from the project's node_modules.
  if (outside) throw new ConfigError(`BUILDS_DIR (${options.buildsDir}) debe estar dentro de la carpeta del proyecto.`);
  const started = Date.now();
  // Read before Astro reads any tool: every page changed after this moment is rendered on demand until the next build.
  const { rows: clock } = await options.pool.query<{ now: string }>(`SELECT to_json(clock_timestamp()) #>> '{}' AS now`);
  const contentReadAt = clock[0]!.now;
  const id = newBuildId();
  const outDir = path.resolve(options.buildsDir, id);
  log(`Construyendo el sitio en ${path.relative(options.root, outDir)}…`);
  await runAstroBuild(options.root, outDir, {
    DATABASE_URL: options.databaseUrl,
    SITE_URL: options.siteUrl,
    SITE_NAME: options.siteName,
  });
  const clientDir = path.join(outDir, 'client');
  const indexStarted = Date.now();
  const indexed = await buildSearchIndex(options.pool, clientDir);
  log(`Índice de búsqueda: ${indexed} herramientas en ${Date.now() - indexStarted} ms.`);
  const info: BuildInfo = {
    id,
    fingerprint,
    contentVersion,
    contentReadAt,
    builtAt: new Date().toISOString(),
    durationMs: Date.now() - started,
    pages: await countPages(clientDir),
  };
  await writeBuildInfo(outDir, info);
  await activateBuild(options.buildsDir, id);
  return { skipped: false, info };
}
