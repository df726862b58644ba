/** The e2e site's embedded database, for tests that need rows no page creates yet (a user's posts). */
import pg from 'pg';
import { embeddedDatabaseUrl } from '../../src/server/db/embedded.ts';
import { siteUnderTest } from './site-under-test.ts';

/** Runs `work` with a client of the database of the running test's site (its lock file names the port). */
export async function withSiteDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = await embeddedDatabaseUrl(siteUnderTest().dataDir);
  if (!url) throw new Error(`La base de datos embebida de ${siteUnderTest().dataDir} no está en marcha.`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
