/** npm run db:seed: inserts the catalogue's categories and tools that are missing; never overwrites. */
import { seedCatalogue } from '../src/server/catalogue/seed.ts';
import { readEnv } from '../src/server/env.ts';
import { log, runCli } from './_cli.ts';
import { prepareDatabase } from './_database.ts';

await runCli(async () => {
  const database = await prepareDatabase(readEnv(), { seedWhenEmpty: false });
  try {
    const seeded = await seedCatalogue(database.pool);
    log(`Semilla aplicada: ${seeded.categories} categorías y ${seeded.tools} herramientas nuevas.`);
  } finally {
    await database.close();
  }
});
