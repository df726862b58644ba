/** Vercel's build command: migrate and seed the DATABASE_URL database, build with the Vercel adapter, index for search. */
import path from 'node:path';
import { runAstroBuild } from '../src/server/build/build-site.ts';
import { buildSearchIndex } from '../src/server/search/search-index.ts';
import { ConfigError, readEnv } from '../src/server/env.ts';
import { log, root, runCli } from './_cli.ts';
import { prepareDatabase } from './_database.ts';

await runCli(async () => {
  const env = readEnv();
  if (!env.DATABASE_URL) throw new ConfigError('En Vercel hace falta DATABASE_URL (por ejemplo, la de tu proyecto de Supabase).');
  const database = await prepareDatabase(env, { seedWhenEmpty: true });
  try {
    await runAstroBuild(root, path.join(root, 'dist'), { DEPLOY_TARGET: 'vercel' });
    // The index is read from the database, so the pool stays open until it is written.
    const tools = await buildSearchIndex(database.pool, path.join(root, '.vercel/output/static'));
    log(`Construcción para Vercel lista: ${tools} herramientas indexadas.`);
  } finally {
    await database.close();
  }
});
