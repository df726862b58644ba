/** npm run build: migrate, seed when empty, and build the site and search index (FORCE=1 rebuilds regardless). */
import { buildSite } from '../src/server/build/build-site.ts';
import { readEnv } from '../src/server/env.ts';
import { siteBuildOptions } from './_build.ts';
import { log, runCli } from './_cli.ts';
import { prepareDatabase } from './_database.ts';

await runCli(async () => {
  const env = readEnv();
  const database = await prepareDatabase(env, { seedWhenEmpty: true, siteLock: true });
  try {
    const build = await buildSite({ ...siteBuildOptions(env, database), force: process.env.FORCE === '1' });
    log(
      build.skipped
        ? `Sin cambios: la construcción ${build.info.id} sigue vigente.`
        : `Construcción ${build.info.id} lista (${build.info.pages} páginas, ${(build.info.durationMs / 1000).toFixed(1)} s).`,
    );
  } finally {
    await database.close();
  }
});
