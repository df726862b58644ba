/**
 * The rebuild status on /admin after a failure: the last run, its error, and the retry waiting with its time;
 * then, once retries stopped, the notice that says so. The runs are written straight into rebuild_runs (a real
 * failing build takes minutes) with a retry far enough ahead that the site's watcher leaves it alone.
 */
import { signIn, TEST_PASSWORD, uniqueEmail } from './accounts.ts';
import { createAccount, withSiteDatabase } from './database.ts';
import { expect, test } from './fixtures.ts';

const REASON = 'Prueba de reintento';

test('an admin sees the failed run, its error and the retry waiting, then that retries stopped', async ({ page }) => {
  const admin = uniqueEmail('reintentos-admin');
  await createAccount({ email: admin, name: 'Rita Reintentos', password: TEST_PASSWORD, role: 'admin' });
  const ids = await withSiteDatabase(async (db) => {
    // Finished "ahead": the real rebuilds that earlier specs set off must not become the last run shown.
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO rebuild_runs (status, reason, error, attempt, started_at, finished_at) VALUES
         ('failed', $1, 'astro build terminó con código 137', 0, now(), now() + interval '10 minutes')
       RETURNING id`,
      [REASON],
    );
    const retry = await db.query<{ id: string }>(
      "INSERT INTO rebuild_runs (status, reason, attempt, not_before) VALUES ('queued', $1, 1, now() + interval '1 hour') RETURNING id",
      [REASON],
    );
    return [rows[0]!.id, retry.rows[0]!.id];
  });
  try {
    await signIn(page, admin);
    await page.goto('/admin');
    const section = page.locator('[data-rebuild-status]');
    await expect(section.locator('[data-rebuild-retry]')).toContainText(`Reintento 1 de 4 tras un fallo: ${REASON}. Programado para el`);
    await expect(section.locator('[data-rebuild-last]')).toContainText(`Falló el`);
    await expect(section.locator('[data-rebuild-last]')).toContainText(REASON);
    await expect(section.getByText('astro build terminó con código 137')).toBeVisible();

    await withSiteDatabase(async (db) => {
      await db.query('UPDATE rebuild_runs SET attempt = 4 WHERE id = $1', [ids[0]]);
      await db.query('DELETE FROM rebuild_runs WHERE id = $1', [ids[1]]);
    });
    await page.reload();
    await expect(section.locator('[data-rebuild-gave-up]')).toHaveText(
      'Se dejó de reintentar tras 5 fallos seguidos. Se volverá a intentar cuando cambie el contenido o al pulsar «Reconstruir ahora».',
    );
  } finally {
    await withSiteDatabase((db) => db.query('DELETE FROM rebuild_runs WHERE id = ANY($1)', [ids]));
  }
});
