/**
 * The daily copies in the admin panel: an admin sees each one with its date and size and downloads it; the
 * download is refused to a guest and to a plain user. The copy is a file placed where the schedule writes them.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { signIn, TEST_PASSWORD, uniqueEmail } from './accounts.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { createAccount } from './database.ts';
import { expect, test } from './fixtures.ts';
import { siteUnderTest } from './site-under-test.ts';

const NAME = 'brujula-2026-11-20_02-30-00.tar.gz';
// Chromium logs the refused download (401, 403) as a console error: that is what the test expects.
const refused = /the server responded with a status of 40[13]/;

test.use({ allowedConsoleErrors: [refused] });

test('an admin sees the daily copies with date and size and downloads one; others cannot', async ({ page, browser }) => {
  const file = path.join(siteUnderTest().dataDir, 'backups', NAME);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, Buffer.alloc(3 * 1024, 7));
  try {
    const guest = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    expect((await guest.request.get(`/api/admin/copias/${NAME}`)).status()).toBe(401);
    const guestPage = await guest.newPage();
    await guestPage.goto('/admin/copias');
    await expect(guestPage).toHaveURL(`/login?next=${encodeURIComponent('/admin/copias')}`);
    await guest.close();

    const user = uniqueEmail('copias-usuario');
    await createAccount({ email: user, name: 'Úrsula Usuaria', password: TEST_PASSWORD, role: 'user' });
    await signIn(page, user);
    expect((await page.request.get(`/api/admin/copias/${NAME}`)).status()).toBe(403);
    expect((await page.goto('/admin/copias'))?.status()).toBe(403);
    await page.context().clearCookies();

    const admin = uniqueEmail('copias-admin');
    await createAccount({ email: admin, name: 'Clara Copias', password: TEST_PASSWORD, role: 'admin' });
    await signIn(page, admin);
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link', { name: 'Copias de seguridad' }).click();
    await expect(page).toHaveURL('/admin/copias');
    await expect(page.getByText('npm run restore archivo.tar.gz')).toBeVisible();
    // 02:30 UTC is 03:30 in Madrid in November.
    const row = page.getByRole('row', { name: /20 nov 2026, 3:30/ });
    await expect(row).toContainText('3 KB');
    await expectNoSeriousA11yViolations(page);
    const download = page.waitForEvent('download');
    await row.getByRole('link', { name: /Descargar la copia del 20 nov 2026/ }).click();
    expect((await download).suggestedFilename()).toBe(NAME);
    expect((await page.request.get(`/api/admin/copias/..%2F${NAME}`)).status()).toBe(404);
  } finally {
    await rm(file, { force: true });
  }
});
