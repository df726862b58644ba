/** The e2e site's embedded database, for set-up no page does for a test (accounts, a user's posts) and for waiting on rebuilds. */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { embeddedDatabaseUrl } from '../../src/server/db/embedded.ts';
import { siteUnderTest } from './site-under-test.ts';

/** Runs `work` with a small pool on the database of the running test's site (its lock file names the port). */
export async function withSiteDatabase<T>(work: (db: pg.Pool) => Promise<T>): Promise<T> {
  const url = await embeddedDatabaseUrl(siteUnderTest().dataDir);
  if (!url) throw new Error(`La base de datos embebida de ${siteUnderTest().dataDir} no está en marcha.`);
  const pool = new pg.Pool({ connectionString: url, max: 3 });
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
  const id = randomUUID();
  const hash = await hashPassword(account.password);
  await withSiteDatabase(async (db) => {
    await db.query('INSERT INTO profiles (id, name, email, email_verified, role) VALUES ($1, $2, $3, true, $4)', [
      id,
      account.name,
      account.email,
      account.role,
    ]);
    await db.query("INSERT INTO accounts (id, account_id, provider_id, user_id, password) VALUES ($1, $2, 'credential', $2, $3)", [randomUUID(), id, hash]);
  });
}

/**
 * Waits until the site has rebuilt every content change made so far (rebuild_runs covers the content version),
 * so a test that publishes, retires or edits tools leaves no build running under the tests after it.
 */
export async function waitForRebuilds(timeoutMs = 6 * 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  await withSiteDatabase(async (db) => {
    for (;;) {
      const { rows } = await db.query<{ settled: boolean }>(`
        SELECT (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM content_version_seq)
                 <= coalesce((SELECT max(content_version) FROM rebuild_runs WHERE status = 'succeeded'), 0)
               AND NOT EXISTS (SELECT 1 FROM rebuild_runs WHERE status IN ('queued', 'running')) AS settled`);
      if (rows[0]!.settled) return;
      if (Date.now() > deadline) throw new Error('El sitio no terminó de reconstruirse a tiempo.');
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  });
}
