/**
 * What npm start and npm run serve do once a build exists: serve it, keep it in step with the database (the
 * rebuild watcher builds a new site when published content changes and switches to it without dropping a
 * request), run the background jobs, and stop all of it in order on SIGINT or SIGTERM.
 */
import { startBackupSchedule } from '../src/server/backup/schedule.ts';
import { builtSite, rebuildSite } from '../src/server/build/incremental-build.ts';
import { readContentVersion } from '../src/server/build/fingerprint.ts';
import { startRebuildWatcher } from '../src/server/build/rebuild-watcher.ts';
import { WarmRenderer } from '../src/server/build/warm-renderer.ts';
import { startCatalogueJobs } from '../src/server/catalogue/jobs.ts';
import { startAdminDigest } from '../src/server/email/admin-notices.ts';
import type { OpenDatabase } from '../src/server/db/open.ts';
import type { ServerEnv } from '../src/server/env.ts';
import { defaultConcurrency, startSiteCluster } from '../src/server/http/cluster.ts';
import { createStorage } from '../src/server/storage/storage.ts';
import { siteBuildOptions } from './_build.ts';
import { listeningLine, log } from './_cli.ts';

export interface ServeOptions {
  env: ServerEnv;
  database: OpenDatabase;
  /** The content version the current build was made from, so the watcher rebuilds only after a change. */
  builtVersion: number;
  /** Run after the site has closed and before the database does (npm run serve releases its site lock). */
  beforeDatabaseClose?: () => Promise<void>;
}

export async function serveSite({ env, database, builtVersion, beforeDatabaseClose }: ServeOptions): Promise<void> {
  const workers = env.WEB_CONCURRENCY ?? defaultConcurrency();
  const site = await startSiteCluster({ buildsDir: env.BUILDS_DIR, port: env.PORT, host: env.HOST, workers });
  log(listeningLine(env, workers));

  const buildOptions = siteBuildOptions(env, database);
  // Kept warm between incremental rebuilds, started at the first one (docs/decisions/013).
  const renderer = new WarmRenderer({ root: buildOptions.root });
  const watcher = startRebuildWatcher({
    pool: database.pool,
    readContentVersion: () => readContentVersion(database.pool),
    build: async (onProgress, force) => builtSite(await rebuildSite({ ...buildOptions, onProgress, force, renderer, onActivated: () => site.reload() })),
    onBuilt: () => site.reload(),
    builtVersion,
    log,
  });
  // Popularity scores, and the link checker and enrichment unless CATALOGUE_ENRICH=false.
  const catalogue = startCatalogueJobs({ pool: database.pool, storage: createStorage(env), env, log });
  // A copy a day into DATA_DIR/backups, only with the embedded database (a managed one has its own backups),
  // unless BACKUP_AUTO=false.
  const backups = startBackupSchedule({ env, pool: database.pool, log });
  // «Resumen diario» of the admins' notices, when the settings ask for it.
  const digest = startAdminDigest({ pool: database.pool, log });
  const shutdown = async () => {
    watcher.stop();
    await renderer.close();
    backups.stop();
    digest.stop();
    await catalogue.stop();
    await site.close();
    await beforeDatabaseClose?.().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
