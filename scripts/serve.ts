/** npm run serve: serves the current build against DATABASE_URL (production; no embedded database, no build). */
import { startCatalogueJobs } from '../src/server/catalogue/jobs.ts';
import { createPool } from '../src/server/db/client.ts';
import { readEnv, ConfigError } from '../src/server/env.ts';
import { defaultConcurrency, startSiteCluster } from '../src/server/http/cluster.ts';
import { createStorage } from '../src/server/storage/storage.ts';
import { listeningLine, log, runCli } from './_cli.ts';

await runCli(async () => {
  const env = readEnv();
  if (!env.DATABASE_URL) throw new ConfigError('npm run serve necesita DATABASE_URL. Para la base de datos embebida usa npm start.');
  const workers = env.WEB_CONCURRENCY ?? defaultConcurrency();
  const site = await startSiteCluster({ buildsDir: env.BUILDS_DIR, port: env.PORT, host: env.HOST, workers });
  log(listeningLine(env, workers));
  // The catalogue's background work runs in this process only; its own small pool reaches DATABASE_URL.
  const pool = createPool(env.DATABASE_URL, 3);
  const catalogue = startCatalogueJobs({ pool, storage: createStorage(env), env, log });
  const shutdown = () =>
    catalogue
      .stop()
      .then(() => site.close())
      .then(() => pool.end())
      .finally(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
});
