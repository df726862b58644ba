/** Opens the database for a script, migrated and, when empty, seeded. */
import { holdSiteLock } from '../src/server/backup/site-lock.ts';
import { applyCatalogueCuration } from '../src/server/catalogue/curation.ts';
import { seedCatalogue, isCatalogueEmpty } from '../src/server/catalogue/seed.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { openDatabase, type OpenDatabase } from '../src/server/db/open.ts';
import type { ServerEnv } from '../src/server/env.ts';
import { createStorage } from '../src/server/storage/storage.ts';
import { log } from './_cli.ts';

/**
 * `siteLock`: the script serves or builds the site, so it holds the shared site lock until it closes the
 * database; npm run restore refuses while any such script runs, and such a script waits while a restore runs.
 * `supervise`: the script runs until stopped (npm start, npm run dev), so an embedded database that dies is restarted.
 */
export async function prepareDatabase(env: ServerEnv, options: { seedWhenEmpty: boolean; siteLock?: boolean; supervise?: boolean }): Promise<OpenDatabase> {
  const database = await openDatabase(env, { supervise: options.supervise ? log : undefined });
  log(database.embeddedLocation ? `Base de datos embebida en ${database.embeddedLocation}` : 'Base de datos: DATABASE_URL');
  const siteLock = options.siteLock ? await holdSiteLock(database.url, log) : undefined;
  const applied = await migrate(database.pool);
  if (applied.length > 0) log(`Migraciones aplicadas: ${applied.length}`);
  const fresh = options.seedWhenEmpty && (await isCatalogueEmpty(database.pool));
  if (fresh) {
    const seeded = await seedCatalogue(database.pool);
    log(`Catálogo sembrado: ${seeded.categories} categorías y ${seeded.tools} herramientas.`);
  }
  // Ranks, retired tools and logos reach a catalogue seeded before them too; each part runs once.
  if (options.seedWhenEmpty) await applyCatalogueCuration(database.pool, createStorage(env), log);
  // A catalogue seeded just now has no page served yet: the logos curation stamped as "changed" must not count as
  // newer than the first build (within its in-flight margin), or they would be rendered on demand until the next one.
  if (fresh) await database.pool.query('UPDATE posts SET page_changed_at = NULL WHERE page_changed_at IS NOT NULL');
  if (!siteLock) return database;
  return {
    ...database,
    async close() {
      await siteLock.release();
      await database.close();
    },
  };
}
