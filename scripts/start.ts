/** npm start: database (embedded unless DATABASE_URL), migrations, seed when empty, build when stale, serve. */
import { startBackupSchedule } from '../src/server/backup/schedule.ts';
import { buildSite } from '../src/server/build/build-site.ts';
import { builtSite, rebuildSite } from '../src/server/build/incremental-build.ts';
import { readContentVersion } from '../src/server/build/fingerprint.ts';
import { startRebuildWatcher } from '../src/server/build/rebuild-watcher.ts';
import { readEnv } from '../src/server/env.ts';
import { defaultConcurrency, startSiteCluster } from '../src/server/http/cluster.ts';
import { assertPortAvailable } from '../src/server/http/site-server.ts';
import { startCatalogueJobs } from '../src/server/catalogue/jobs.ts';
import { startAdminDigest } from '../src/server/email/admin-notices.ts';
import { createStorage } from '../src/server/storage/storage.ts';
import { siteBuildOptions } from './_build.ts';
import { listeningLine, log, runCli } from './_cli.ts';
import { prepareDatabase } from './_database.ts';

await runCli(async () => {
  const env = readEnv();
  await assertPortAvailable(env.PORT, env.HOST);
  const database = await prepareDatabase(env, { seedWhenEmpty: true, siteLock: true, supervise: true });
  const stop = async () => {
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  const buildOptions = siteBuildOptions(env, database);
  const build = await buildSite(buildOptions);
  log(
    build.skipped
      ? `Sin cambios desde la última construcción (${build.info.id}): se reutiliza.`
      : `Sitio construido en ${(build.info.durationMs / 1000).toFixed(1)} s (${build.info.pages} páginas).`,
  );

  const workers = env.WEB_CONCURRENCY ?? defaultConcurrency();
  const site = await startSiteCluster({ buildsDir: env.BUILDS_DIR, port: env.PORT, host: env.HOST, workers });
  log(listeningLine(env, workers));
  const watcher = startRebuildWatcher({
    pool: database.pool,
    readContentVersion: () => readContentVersion(database.pool),
    build: async (onProgress, force) => builtSite(await rebuildSite({ ...buildOptions, onProgress, force })),
    onBuilt: () => site.reload(),
    builtVersion: build.info.contentVersion,
    log,
  });
  // Popularity scores, and the link checker and enrichment unless CATALOGUE_ENRICH=false.
  const catalogue = startCatalogueJobs({ pool: database.pool, storage: createStorage(env), env, log });
  // A copy a day into DATA_DIR/backups unless BACKUP_AUTO=false.
  const backups = startBackupSchedule({ env, pool: database.pool, log });
  // «Resumen diario» of the admins' notices (issue 22), when the settings ask for it.
  const digest = startAdminDigest({ pool: database.pool, log });
  process.removeListener('SIGINT', stop);
  process.removeListener('SIGTERM', stop);
  const shutdown = async () => {
    watcher.stop();
    backups.stop();
    digest.stop();
    await catalogue.stop();
    await site.close();
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
});
