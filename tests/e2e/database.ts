/** The e2e site's embedded database, reached from the test process (its lock file names the port it listens on). */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { siteUnderTest } from './site-under-test.ts';

export async function siteDatabaseUrl(): Promise<string> {
  const lockPath = path.join(siteUnderTest().dataDir, 'pg.lock');
  const { port } = JSON.parse(await readFile(lockPath, 'utf8')) as { port: number };
  return `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
}

/** Runs `work` with a small pool on the site's database and closes it afterwards. */
export async function withSiteDatabase<T>(work: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const pool = new pg.Pool({ connectionString: await siteDatabaseUrl(), max: 3 });
  try {
    return await work(pool);
  } finally {
    await pool.end();
  }
}
