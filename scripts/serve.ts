/** npm run serve: serves the current build against DATABASE_URL (production; no embedded database, no build). */
import { readEnv, ConfigError } from '../src/server/env.ts';
import { startSiteServer } from '../src/server/http/site-server.ts';
import { log, runCli } from './_cli.ts';

await runCli(async () => {
  const env = readEnv();
  if (!env.DATABASE_URL) throw new ConfigError('npm run serve necesita DATABASE_URL. Para la base de datos embebida usa npm start.');
  await startSiteServer({ buildsDir: env.BUILDS_DIR, port: env.PORT, host: env.HOST });
  log(`Sitio listo en http://${env.HOST}:${env.PORT}`);
});
