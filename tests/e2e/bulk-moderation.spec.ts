/**
 * Canned rejection reasons and bulk moderation in Pendientes, in Chromium: an admin approves two
 * tools at once with the keyboard (the confirmation keeps focus inside, Escape cancels and gives focus back) and
 * the Pendientes badge drops by two; rejects one with a canned reason its author receives by e-mail; edits the
 * reasons in the settings, where a reason with markup stays text. Approving moves the content version, so the spec
 * waits for the rebuild before it ends.
 */
import type { Page } from '@playwright/test';
import { signIn, TEST_PASSWORD, uniqueEmail } from './accounts.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { createAccount, waitForRebuilds, withSiteDatabase } from './database.ts';
import { expect as baseExpect, test } from './fixtures.ts';
import { mailedMessage } from './mail.ts';

// Checking passwords and rendering on demand are slow on a busy two-core machine.
const expect = baseExpect.configure({ timeout: 20_000 });

async function newAccount(label: string, name: string, role: 'user' | 'admin'): Promise<string> {
  const email = uniqueEmail(label);
  await createAccount({ email, name, password: TEST_PASSWORD, role });
  return email;
}

/** The tools this spec made, removed at its end: specs after it expect the seeded catalogue on the home. */
const created: string[] = [];

/** A pending tool of `email`'s account, written straight to the database. */
async function pendingToolOf(email: string, title: string): Promise<string> {
  const slug = `lote-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  created.push(slug);
  return withSiteDatabase(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO posts (title, slug, description, status, user_id)
       SELECT $1, $2, 'Una herramienta para probar la moderación en bloque.', 'pending', id FROM profiles WHERE email = $3 RETURNING id`,
      [title, slug, email],
    );
    return rows[0]!.id;
  });
}

const row = (page: Page, title: string) => page.getByRole('article', { name: title });
const pendingCount = async (page: Page) => Number((await page.locator('[data-admin-count="pending"]').textContent())!.replace(/\D/g, ''));
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

async function expectFits(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test.describe('bulk moderation in Pendientes', () => {
  test.afterAll(async () => {
    // Approving moved the content version: that rebuild finishes here, not under the specs that follow.
    test.setTimeout(7 * 60_000);
    await withSiteDatabase((db) => db.query('DELETE FROM posts WHERE slug = ANY($1)', [created]));
    await waitForRebuilds();
  });

  test('approves two tools at once with the keyboard, after a confirmation, and the badge drops by two (390 px)', async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    const authorEmail = await newAccount('autor-lote', 'Lola Lote', 'user');
    const adminEmail = await newAccount('admin-lote', 'Luis Admin', 'admin');
    const stamp = Date.now();
    const titles = [`Lote uno ${stamp}`, `Lote dos ${stamp}`];
    for (const title of titles) await pendingToolOf(authorEmail, title);

    await signIn(page, adminEmail);
    await page.goto('/admin/pendientes');
    const before = await pendingCount(page);
    expect(before).toBeGreaterThanOrEqual(2);
    for (const title of titles) {
      await row(page, title)
        .getByRole('checkbox', { name: `Seleccionar «${title}»` })
        .focus();
      await page.keyboard.press('Space');
    }
    await expect(page.getByText('2 seleccionadas')).toBeVisible();
    await expectFits(page, 390);
    await expectNoSeriousA11yViolations(page);

    const approveSelected = page.getByRole('button', { name: 'Aprobar seleccionadas' });
    await approveSelected.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: '¿Aprobar 2 herramientas?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('cada autor recibirá un correo');
    // Focus starts on «Cancelar» and Tab stays inside the dialog.
    expect(await focusedText(page)).toBe('Cancelar');
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Aprobar 2 herramientas');
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Cancelar');
    await page.keyboard.press('Shift+Tab');
    expect(await focusedText(page)).toBe('Aprobar 2 herramientas');
    await page.keyboard.press('Shift+Tab');
    await expectNoSeriousA11yViolations(page);
    // Escape cancels: nothing changes and focus is back on the button.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(approveSelected).toBeFocused();
    await expect(row(page, titles[0]!).getByText('Pendiente', { exact: true })).toBeVisible();

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const result = page.locator('[data-bulk-result]');
    await expect(result).toContainText('Aprobadas: 2 herramientas.');
    for (const title of titles) await expect(row(page, title).getByText('Publicada', { exact: true })).toBeVisible();
    await expect(page.locator('[data-admin-count="pending"]')).toHaveText(new Intl.NumberFormat('es-ES').format(before - 2));
    await expect(approveSelected).toBeFocused();
    await mailedMessage(authorEmail, titles[0]!);
    await mailedMessage(authorEmail, titles[1]!);
    await expectFits(page, 390);
  });

  test('rejects one with a canned reason: the author receives it by e-mail', async ({ page }) => {
    const authorEmail = await newAccount('autora-rechazo', 'Rosa Rechazo', 'user');
    const adminEmail = await newAccount('admin-rechazo', 'Rafa Admin', 'admin');
    const title = `Rechazo en lote ${Date.now()}`;
    await pendingToolOf(authorEmail, title);

    await signIn(page, adminEmail);
    await page.goto('/admin/pendientes');
    await row(page, title)
      .getByRole('checkbox', { name: `Seleccionar «${title}»` })
      .check();
    await page.getByText('Rechazar seleccionadas').click();
    const bulk = page.locator('[data-bulk-reject-form]');
    await bulk.getByLabel('Motivo predefinido').selectOption('Enlace roto o sitio caído');
    await expect(bulk.getByLabel('Motivo del rechazo (lo recibirá el autor)')).toHaveValue('Enlace roto o sitio caído');
    await bulk.getByRole('button', { name: 'Rechazar con este motivo' }).click();
    const dialog = page.getByRole('alertdialog', { name: '¿Rechazar 1 herramienta?' });
    await expect(dialog).toContainText('«Enlace roto o sitio caído»');
    await dialog.getByRole('button', { name: 'Rechazar 1 herramienta' }).click();
    await expect(row(page, title)).toContainText('Rechazada. Motivo enviado al autor: Enlace roto o sitio caído');
    const mail = await mailedMessage(authorEmail, 'Enlace roto o sitio caído');
    expect(mail).toContain(title);
  });

  test('the reasons are edited in the settings; one with markup is shown as text', async ({ page }) => {
    const adminEmail = await newAccount('admin-motivos', 'Marta Admin', 'admin');
    const markup = `<img src=x onerror="document.title='xss'"> Sin licencia ${Date.now()}`;
    // The queue shows its reasons only while something waits in it.
    await pendingToolOf(await newAccount('autor-motivos', 'Mario Motivos', 'user'), `Por revisar ${Date.now()}`);
    await signIn(page, adminEmail);
    await page.goto('/admin/configuracion');
    const section = page.getByRole('region', { name: 'Avisos y moderación' });
    const editor = section.getByRole('group', { name: 'Motivos predefinidos de rechazo' });
    await expect(editor.getByLabel('Motivo 1', { exact: true })).toHaveValue('Enlace roto o sitio caído');
    await editor.getByLabel('Nuevo motivo').fill(markup);
    await section.getByRole('button', { name: 'Guardar avisos y motivos' }).click();
    await expect(page.locator('[data-toaster]')).toContainText('Avisos y motivos guardados');

    // The new reason is the last row; moved up once it swaps with the one before.
    const rows = editor.locator('[data-reason-row] input');
    const count = await rows.count();
    await expect(rows.nth(count - 1)).toHaveValue(markup);
    await editor.getByRole('button', { name: `Subir el motivo ${count}` }).click();
    await expect(rows.nth(count - 2)).toHaveValue(markup);
    await expect(editor.getByRole('button', { name: `Subir el motivo ${count - 1}` })).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectFits(page, 390);

    await page.goto('/admin/pendientes');
    const canned = page.locator('[data-bulk-reject-form]').getByLabel('Motivo predefinido');
    await expect(canned.locator('option', { hasText: 'Sin licencia' })).toHaveText(markup);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.title()).not.toBe('xss');
  });
});
