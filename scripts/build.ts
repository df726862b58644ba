/** npm run build: migrate, seed when empty, and build the site and search index (FORCE=1 rebuilds regardless). */
import { buildSite } from '../src/server/build/build-site.ts';
import { googleSignInEnabled, readEnv } from '../src/server/env.ts';
import { log, root, runCli } from './_cli.ts';
import { databaseIdentity, prepareDatabase } from './_database.ts';

await runCli(async () => {
  const env = readEnv();
  const database = await prepareDatabase(env, { seedWhenEmpty: true, siteLock: true });
  try {
    const build = await buildSite({
      root,
      buildsDir: env.BUILDS_DIR,
      pool: database.pool,
      databaseUrl: database.url,
      databaseIdentity: databaseIdentity(env),
      siteUrl: env.SITE_URL,
      siteName: env.SITE_NAME,
      googleSignIn: googleSignInEnabled(env),
      force: process.env.FORCE === '1',
      log,
    });
    log(
      build.skipped
        ? `Sin cambios: la construcción ${build.info.id} sigue vigente.`
        : `Construcción ${build.info.id} lista (${build.info.pages} páginas, ${(build.info.durationMs / 1000).toFixed(1)} s).`,
    );
  } finally {
    await database.close();
  }
});
