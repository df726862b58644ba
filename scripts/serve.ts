/**
 * npm run serve: serves the current build against DATABASE_URL (production; no embedded database, no build at
 * start). Like npm start, it keeps the static site in step with the database: the rebuild watcher builds a new
 * site when published content changes (an approval, an edit) or an admin asks for it, and switches to it without
 * dropping a request; meanwhile new and changed tool pages are rendered on demand. The catalogue's background
 * work (link checks, enrichment, 'Populares') runs here too, as in npm start.
 */
import { startBackupSchedule } from '../src/server/backup/schedule.ts';
import { holdSiteLock } from '../src/server/backup/site-lock.ts';
import { builtSite, rebuildSite } from '../src/server/build/incremental-build.ts';
import { readCurrentBuild, removeLeftoverBuilds } from '../src/server/build/builds.ts';
import { readContentVersion } from '../src/server/build/fingerprint.ts';
import { startRebuildWatcher } from '../src/server/build/rebuild-watcher.ts';
import { startCatalogueJobs } from '../src/server/catalogue/jobs.ts';
import { startAdminDigest } from '../src/server/email/admin-notices.ts';
import { openDatabase } from '../src/server/db/open.ts';
import { ConfigError, readEnv } from '../src/server/env.ts';
import { defaultConcurrency, startSiteCluster } from '../src/server/http/cluster.ts';
import { createStorage } from '../src/server/storage/storage.ts';
import { siteBuildOptions } from './_build.ts';
import { listeningLine, log, runCli } from './_cli.ts';

await runCli(async () => {
  const env = readEnv();
  if (!env.DATABASE_URL) throw new ConfigError('npm run serve necesita DATABASE_URL. Para la base de datos embebida usa npm start.');
  const current = await readCurrentBuild(env.BUILDS_DIR);
  if (!current) throw new ConfigError(`No hay ningún sitio construido en ${env.BUILDS_DIR}: ejecuta npm run build primero.`);
  // The database first: an unreachable DATABASE_URL is one clear line, before anything listens.
  const database = await openDatabase(env);
  // npm run restore refuses while this lock is held.
  const siteLock = await holdSiteLock(database.url, log);
  // What a killed or failed build left (npm start does this when it builds).
  await removeLeftoverBuilds(env.BUILDS_DIR);
  const workers = env.WEB_CONCURRENCY ?? defaultConcurrency();
  const site = await startSiteCluster({ buildsDir: env.BUILDS_DIR, port: env.PORT, host: env.HOST, workers });
  log(listeningLine(env, workers));

  const watcher = startRebuildWatcher({
    pool: database.pool,
    readContentVersion: () => readContentVersion(database.pool),
    build: async (onProgress, force) => builtSite(await rebuildSite({ ...siteBuildOptions(env, database), onProgress, force })),
    onBuilt: () => site.reload(),
    builtVersion: current.info.contentVersion,
    log,
  });
  const catalogue = startCatalogueJobs({ pool: database.pool, storage: createStorage(env), env, log });
  // Only with the embedded database (a managed one has its own backups); BACKUP_AUTO=false turns it off.
  const backups = startBackupSchedule({ env, pool: database.pool, log });
  // «Resumen diario» of the admins' notices (issue 22), when the settings ask for it.
  const digest = startAdminDigest({ pool: database.pool, log });
  const shutdown = async () => {
    watcher.stop();
    backups.stop();
    digest.stop();
    await catalogue.stop();
    await site.close();
    await siteLock.release().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
});
