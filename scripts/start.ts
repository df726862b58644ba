/** npm start: database (embedded unless DATABASE_URL), migrations, seed when empty, build when stale, serve. */
import { buildSite, servedBuildBehindInContent } from '../src/server/build/build-site.ts';
import { readEnv } from '../src/server/env.ts';
import { assertPortAvailable } from '../src/server/http/site-server.ts';
import { siteBuildOptions } from './_build.ts';
import { log, runCli } from './_cli.ts';
import { prepareDatabase } from './_database.ts';
import { serveSite } from './_serve.ts';

await runCli(async () => {
  const env = readEnv();
  await assertPortAvailable(env.PORT, env.HOST);
  const database = await prepareDatabase(env, { seedWhenEmpty: true, siteLock: true, supervise: true });
  // Until the site serves (and serveSite takes over the signals), an interrupted build still closes the database.
  const stop = async () => {
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  const options = siteBuildOptions(env, database);
  const behind = await servedBuildBehindInContent(options);
  const build = behind ? { skipped: true, info: behind } : await buildSite(options);
  log(
    behind
      ? `La construcción ${behind.id} no tiene los últimos cambios del catálogo: se sirve ya y se pone al día en segundo plano.`
      : build.skipped
        ? `Sin cambios desde la última construcción (${build.info.id}): se reutiliza.`
        : `Sitio construido en ${(build.info.durationMs / 1000).toFixed(1)} s (${build.info.pages} páginas).`,
  );

  process.removeListener('SIGINT', stop);
  process.removeListener('SIGTERM', stop);
  await serveSite({ env, database, builtVersion: build.info.contentVersion });
});
