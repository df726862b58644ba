/**
 * npm run serve: serves the current build against DATABASE_URL (production; no embedded database, no first
 * build). Like npm start, it rebuilds while serving when published content changes or an admin asks for it.
 */
import { holdSiteLock } from '../src/server/backup/site-lock.ts';
import { readCurrentBuild } from '../src/server/build/builds.ts';
import { buildSite } from '../src/server/build/build-site.ts';
import { readContentVersion } from '../src/server/build/fingerprint.ts';
import { startRebuildWatcher } from '../src/server/build/rebuild-watcher.ts';
import { createPool } from '../src/server/db/client.ts';
import { readEnv, ConfigError, googleSignInEnabled } from '../src/server/env.ts';
import { defaultConcurrency, startSiteCluster } from '../src/server/http/cluster.ts';
import { listeningLine, log, root, runCli } from './_cli.ts';
import { databaseIdentity } from './_database.ts';

await runCli(async () => {
  const env = readEnv();
  if (!env.DATABASE_URL) throw new ConfigError('npm run serve necesita DATABASE_URL. Para la base de datos embebida usa npm start.');
  // npm run restore refuses while this lock is held.
  const siteLock = await holdSiteLock(env.DATABASE_URL, log);
  const workers = env.WEB_CONCURRENCY ?? defaultConcurrency();
  const site = await startSiteCluster({ buildsDir: env.BUILDS_DIR, port: env.PORT, host: env.HOST, workers });
  log(listeningLine(env, workers));
  const pool = createPool(env.DATABASE_URL, 2);
  const current = await readCurrentBuild(env.BUILDS_DIR);
  const watcher = startRebuildWatcher({
    pool,
    readContentVersion: () => readContentVersion(pool),
    build: async (onProgress, force) =>
      (
        await buildSite({
          root,
          buildsDir: env.BUILDS_DIR,
          pool,
          databaseUrl: env.DATABASE_URL!,
          databaseIdentity: databaseIdentity(env),
          siteUrl: env.SITE_URL,
          siteName: env.SITE_NAME,
          googleSignIn: googleSignInEnabled(env),
          onProgress,
          force,
          log,
        })
      ).info.id,
    onBuilt: () => site.reload(),
    builtVersion: current?.info.contentVersion ?? 0,
    log,
  });
  const shutdown = () => {
    watcher.stop();
    return site
      .close()
      .then(() => siteLock.release())
      .finally(() => pool.end().finally(() => process.exit(0)));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
});
