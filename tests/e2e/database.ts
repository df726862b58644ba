/** The e2e site's embedded database, for tests that need rows no page creates yet (a user's posts). */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { siteUnderTest } from './site-under-test.ts';

/** Runs `work` with a client of the database of the running test's site; its lock file names the port. */
export async function withSiteDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const { port } = JSON.parse(await readFile(path.join(siteUnderTest().dataDir, 'pg.lock'), 'utf8')) as { port: number };
  const client = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/postgres` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
