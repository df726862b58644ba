/**
 * An author's published listing over its life, in Chromium: the author withdraws it, the admins get the
 * e-mail, the author asks it back; an admin withdraws another with a reason the author reads by e-mail and on
 * «Mis publicaciones». Both change what visitors see, so the spec waits for the rebuild before it ends.
 */
import type { Page } from '@playwright/test';
import { signIn, TEST_PASSWORD, uniqueEmail } from './accounts.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { createAccount, waitForRebuilds, withSiteDatabase } from './database.ts';
import { expect as baseExpect, test } from './fixtures.ts';
import { mailedMessage } from './mail.ts';

// Checking passwords and rendering on demand are slow on a busy two-core machine.
const expect = baseExpect.configure({ timeout: 20_000 });
const SIGNED_OUT = { storageState: { cookies: [], origins: [] } };

async function newAccount(label: string, name: string, role: 'user' | 'admin'): Promise<string> {
  const email = uniqueEmail(label);
  await createAccount({ email, name, password: TEST_PASSWORD, role });
  return email;
}

/** A tool of `email`'s account, written straight to the database (no rebuild needed to see it on demand). */
async function toolOf(email: string, title: string, status: 'published' | 'pending' = 'published'): Promise<{ id: string; slug: string }> {
  const slug = `ciclo-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  return withSiteDatabase(async (db) => {
    await db.query('SET session_replication_role = replica');
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO posts (title, slug, description, status, user_id, published_date)
       SELECT $1, $2, 'Una herramienta para probar su ciclo de vida.', $4, id, now() FROM profiles WHERE email = $3 RETURNING id`,
      [title, slug, email, status],
    );
    return { id: rows[0]!.id, slug };
  });
}

const card = (page: Page, title: string) => page.getByRole('article', { name: title });
const confirmDialog = (page: Page, title: string) => page.getByRole('alertdialog', { name: title });

async function expectFits(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test.describe('an author’s listing over its life', () => {
  // Chromium logs every 4xx answer as a console error: the reason left empty on purpose answers 400.
  test.use({ allowedConsoleErrors: [/the server responded with a status of 400/] });
  test.afterAll(async () => {
    // Withdrawing moved the content version: that rebuild finishes here, not under the specs that follow.
    test.setTimeout(7 * 60_000);
    await waitForRebuilds();
  });

  test('the author withdraws it, the admin is told by e-mail, the author asks it back (390 px, keyboard)', async ({ page, browser }) => {
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    const adminEmail = await newAccount('admin-avisos', 'Adela Admin', 'admin');
    const authorEmail = await newAccount('autora-retira', 'Rita Retira', 'user');
    const title = `Retirable ${Date.now()}`;
    const tool = await toolOf(authorEmail, title);

    await signIn(page, authorEmail);
    await page.goto('/dashboard/posts');
    const listing = card(page, title);
    await expect(listing.getByText('Publicado', { exact: true })).toBeVisible();
    await expect(listing.getByRole('button', { name: /^Eliminar/ })).toHaveCount(0);
    await listing.getByRole('button', { name: /^Retirar/ }).focus();
    await page.keyboard.press('Enter');
    await expect(confirmDialog(page, '¿Retirar la herramienta?')).toContainText('Podrás pedir que vuelva');
    await confirmDialog(page, '¿Retirar la herramienta?').getByRole('button', { name: 'Retirar' }).click();
    await expect(listing.getByText('Retirada', { exact: true })).toBeVisible();
    await expect(listing).toContainText('La retiraste tú');
    await expectFits(page, 390);
    await expectNoSeriousA11yViolations(page);

    const visitor = await browser.newContext(SIGNED_OUT);
    try {
      const gone = await visitor.request.get(`/${tool.slug}`, { headers: { 'cache-control': 'no-cache' } });
      expect(gone.status()).toBe(410);
      expect(await gone.text()).toContain('Publicación retirada');
    } finally {
      await visitor.close();
    }

    const notice = await mailedMessage(adminEmail, `Rita Retira ha retirado «${title}»`);
    expect(notice).toContain('/admin/pendientes');

    await listing.getByRole('button', { name: /^Pedir que vuelva/ }).click();
    await confirmDialog(page, '¿Pedir que vuelva?').getByRole('button', { name: 'Pedir que vuelva' }).click();
    await expect(listing.getByText('Pendiente', { exact: true })).toBeVisible();
    await mailedMessage(adminEmail, `«${title}» vuelve a revisión`);
  });

  test('an admin withdraws a tool with a reason: the author reads it by e-mail and on the dashboard', async ({ page, browser }) => {
    test.slow();
    const authorEmail = await newAccount('autor-retirado', 'Raúl Retirado', 'user');
    const adminEmail = await newAccount('admin-retira', 'Ramona Admin', 'admin');
    const title = `Despublicable ${Date.now()}`;
    await toolOf(authorEmail, title);
    const reason = 'Su web lleva un mes sin responder.';

    await signIn(page, adminEmail);
    await page.goto(`/admin/publicados?q=${encodeURIComponent(title)}`);
    const row = page.getByRole('row', { name: new RegExp(title) });
    await row.getByText('Acciones').click();
    await row.getByRole('button', { name: 'Retirar del sitio…' }).click();
    const dialog = page.getByRole('dialog', { name: `¿Retirar «${title}» del sitio?` });
    await dialog.getByRole('button', { name: 'Retirar' }).click();
    await expect(dialog).toContainText('Escribe el motivo de la retirada para el autor.');
    await dialog.getByLabel('Motivo para el autor').fill(reason);
    await dialog.getByRole('button', { name: 'Retirar' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Herramienta retirada' })).toBeVisible();

    const mail = await mailedMessage(authorEmail, `Motivo: ${reason}`);
    expect(mail).toContain(`Hemos retirado «${title}»`);

    const author = await browser.newContext(SIGNED_OUT);
    try {
      const authorPage = await author.newPage();
      await signIn(authorPage, authorEmail);
      await authorPage.goto('/dashboard/posts');
      const listing = card(authorPage, title);
      await expect(listing.getByText('Retirada', { exact: true })).toBeVisible();
      await expect(listing).toContainText(`Retirada por el equipo. Motivo: ${reason}`);
      await expect(listing).not.toContainText('El equipo la revisará antes de publicarla');
      await expect(listing.getByRole('button', { name: /^Pedir que vuelva/ })).toBeVisible();
    } finally {
      await author.close();
    }
  });

  test('the Pendientes badge drops after a decision, without a reload', async ({ page }) => {
    const authorEmail = await newAccount('autor-pendiente', 'Pilar Pendiente', 'user');
    const adminEmail = await newAccount('admin-insignia', 'Inés Admin', 'admin');
    const title = `Por revisar ${Date.now()}`;
    await toolOf(authorEmail, title, 'pending');

    await signIn(page, adminEmail);
    await page.goto('/admin/pendientes');
    const badge = page.locator('[data-admin-count="pending"]');
    const before = Number((await badge.textContent())!.replace(/\D/g, ''));
    expect(before).toBeGreaterThan(0);
    const row = page.getByRole('article', { name: title });
    await row.getByText('Rechazar').first().click();
    await row.getByLabel('Motivo del rechazo (lo recibirá el autor)').fill('Falta la web oficial.');
    await row.getByRole('button', { name: 'Rechazar publicación' }).click();
    await expect(row).toContainText('Rechazada. Motivo enviado al autor');
    await expect(badge).toHaveText(new Intl.NumberFormat('es-ES').format(before - 1));
  });
});
