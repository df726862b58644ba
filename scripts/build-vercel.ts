/** Vercel's build command: migrate and seed the DATABASE_URL database, build with the Vercel adapter, index for search. */
import path from 'node:path';
import { indexForSearch, runAstroBuild } from '../src/server/build/build-site.ts';
import { ConfigError, readEnv } from '../src/server/env.ts';
import { log, root, runCli } from './_cli.ts';
import { prepareDatabase } from './_database.ts';

await runCli(async () => {
  const env = readEnv();
  if (!env.DATABASE_URL) throw new ConfigError('En Vercel hace falta DATABASE_URL (por ejemplo, la de tu proyecto de Supabase).');
  const database = await prepareDatabase(env, { seedWhenEmpty: true });
  await database.close();
  await runAstroBuild(root, path.join(root, 'dist'), { DEPLOY_TARGET: 'vercel' });
  const pages = await indexForSearch(path.join(root, '.vercel/output/static'));
  log(`Construcción para Vercel lista: ${pages} páginas indexadas.`);
});
