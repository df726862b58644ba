/** npm run db:seed: inserts the catalogue's categories and tools that are missing; never overwrites. */
import { applyCatalogueCuration } from '../src/server/catalogue/curation.ts';
import { seedCatalogue } from '../src/server/catalogue/seed.ts';
import { readEnv } from '../src/server/env.ts';
import { createStorage } from '../src/server/storage/storage.ts';
import { log, runCli } from './_cli.ts';
import { prepareDatabase } from './_database.ts';

await runCli(async () => {
  const env = readEnv();
  const database = await prepareDatabase(env, { seedWhenEmpty: false });
  try {
    const seeded = await seedCatalogue(database.pool);
    log(`Semilla aplicada: ${seeded.categories} categorías y ${seeded.tools} herramientas nuevas.`);
    await applyCatalogueCuration(database.pool, createStorage(env), log);
  } finally {
    await database.close();
  }
});
