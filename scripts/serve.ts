/** npm run serve: serves the current build against DATABASE_URL (production; no embedded database, no build). */
import { holdSiteLock } from '../src/server/backup/site-lock.ts';
import { readEnv, ConfigError } from '../src/server/env.ts';
import { defaultConcurrency, startSiteCluster } from '../src/server/http/cluster.ts';
import { listeningLine, log, runCli } from './_cli.ts';

await runCli(async () => {
  const env = readEnv();
  if (!env.DATABASE_URL) throw new ConfigError('npm run serve necesita DATABASE_URL. Para la base de datos embebida usa npm start.');
  // npm run restore refuses while this lock is held.
  const siteLock = await holdSiteLock(env.DATABASE_URL, log);
  const workers = env.WEB_CONCURRENCY ?? defaultConcurrency();
  const site = await startSiteCluster({ buildsDir: env.BUILDS_DIR, port: env.PORT, host: env.HOST, workers });
  log(listeningLine(env, workers));
  const shutdown = () =>
    site
      .close()
      .then(() => siteLock.release())
      .finally(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
});
