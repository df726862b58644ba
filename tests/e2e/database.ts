/** The e2e site's embedded database, reached from the test process (its lock file names the port it listens on). */
import { randomUUID } from 'node:crypto';
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

/**
 * A verified e-mail account written straight into the site's database, as better-auth stores one (password
 * hashed with its own function). Saves a sign-up: the suite shares one IP and sign-ups are limited per hour.
 */
export async function createAccount(account: { email: string; name: string; password: string; role: 'user' | 'admin' }): Promise<void> {
  const { hashPassword } = await import('better-auth/crypto');
  const id = `e2e-${randomUUID()}`;
  const hash = await hashPassword(account.password);
  await withSiteDatabase(async (pool) => {
    await pool.query('INSERT INTO profiles (id, name, email, email_verified, role) VALUES ($1, $2, $3, true, $4)', [
      id,
      account.name,
      account.email,
      account.role,
    ]);
    await pool.query("INSERT INTO accounts (id, account_id, provider_id, user_id, password) VALUES ($1, $2, 'credential', $2, $3)", [
      `${id}-credential`,
      id,
      hash,
    ]);
  });
}

/**
 * Waits until the site has rebuilt every content change made so far (rebuild_runs covers the content version),
 * so a test that publishes, retires or edits tools leaves no build running under the tests after it.
 */
export async function waitForRebuilds(timeoutMs = 6 * 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  await withSiteDatabase(async (pool) => {
    for (;;) {
      const { rows } = await pool.query<{ settled: boolean }>(`
        SELECT (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM content_version_seq)
                 <= coalesce((SELECT max(content_version) FROM rebuild_runs WHERE status = 'succeeded'), 0)
               AND NOT EXISTS (SELECT 1 FROM rebuild_runs WHERE status IN ('queued', 'running')) AS settled`);
      if (rows[0]!.settled) return;
      if (Date.now() > deadline) throw new Error('El sitio no terminó de reconstruirse a tiempo.');
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  });
}
