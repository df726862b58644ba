/**
 * npm run serve: serves the current build against DATABASE_URL (production; no embedded database, no build at
 * start). Like npm start, it keeps the static site in step with the database: the rebuild watcher builds a new
 * site when published content changes (an approval, an edit) or an admin asks for it, and switches to it without
 * dropping a request; meanwhile new and changed tool pages are rendered on demand. The catalogue's background
 * work (link checks, enrichment, 'Populares') runs here too, as in npm start.
 */
import { holdSiteLock } from '../src/server/backup/site-lock.ts';
import { readCurrentBuild, removeLeftoverBuilds } from '../src/server/build/builds.ts';
import { openDatabase } from '../src/server/db/open.ts';
import { ConfigError, readEnv } from '../src/server/env.ts';
import { log, runCli } from './_cli.ts';
import { serveSite } from './_serve.ts';

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
  await serveSite({ env, database, builtVersion: current.info.contentVersion, beforeDatabaseClose: () => siteLock.release() });
});
