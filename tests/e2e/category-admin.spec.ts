/**
 * The categories admin in Chromium: a guest goes to sign in and a plain user is refused; an admin
 * creates a category (its text shown as text, never as HTML), renames it (the old address answers 301 at once and
 * the new one works before the rebuild) and merges another into it from a keyboard-driven confirmation dialog.
 * Axe-clean and within 390 px. The categories it makes are removed at the end and the site rebuilt.
 */
import type { Page } from '@playwright/test';
import { signIn, TEST_PASSWORD, uniqueEmail } from './accounts.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { createAccount, waitForRebuilds, withSiteDatabase } from './database.ts';
import { expect, test } from './fixtures.ts';

const stamp = Date.now().toString(36);
const FIRST = `e2e-fotos-${stamp}`;
const RENAMED = `e2e-imagenes-${stamp}`;
const OTHER = `e2e-retratos-${stamp}`;
const XSS = '<img src=x onerror="window.__xss=1">';

async function signInAsNew(page: Page, role: 'user' | 'admin'): Promise<void> {
  const email = uniqueEmail(`categorias-${role}`);
  await createAccount({ email, name: role === 'admin' ? 'Alicia Admin' : 'Pablo Usuario', password: TEST_PASSWORD, role });
  await signIn(page, email);
}

async function expectFits(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** Where an address sends a visitor, without following: [status, location]. */
async function answer(page: Page, pathname: string): Promise<[number, string | undefined]> {
  const response = await page.request.get(pathname, { maxRedirects: 0 });
  return [response.status(), response.headers()['location']];
}

test.afterAll(async () => {
  test.setTimeout(7 * 60_000);
  await withSiteDatabase(async (db) => {
    await db.query('DELETE FROM categories WHERE slug = ANY($1::text[])', [[FIRST, RENAMED, OTHER]]);
    await db.query("DELETE FROM redirects WHERE from_path LIKE '/categoria/e2e-%' OR to_path LIKE '/categoria/e2e-%'");
  });
  await waitForRebuilds();
});

test.describe('who may enter', () => {
  // Chromium logs the 403 answer as a console error: it is what this test expects.
  test.use({ allowedConsoleErrors: [/status of 403/] });

  test('a guest is sent to sign in and a plain user is refused', async ({ page }) => {
    await page.goto('/admin/categorias');
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent('/admin/categorias')}`);
    await signInAsNew(page, 'user');
    const response = await page.goto('/admin/categorias');
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('heading', { name: 'Acceso denegado' })).toBeVisible();
  });
});

test('an admin creates a category, renames it with a 301 and merges another into it', async ({ page }) => {
  // Axe on four pages and two sign-ins, on a machine that may be rebuilding the site meanwhile.
  test.setTimeout(5 * 60_000);
  await signInAsNew(page, 'admin');
  await page.goto('/admin/categorias');
  await expect(page.getByRole('navigation', { name: 'Secciones del panel' }).locator('a[aria-current="page"]')).toHaveAttribute('href', '/admin/categorias');

  // Create, by keyboard where a person would use it.
  await page.getByText('Nueva categoría').click();
  const form = page.locator('form#crear');
  await form.getByLabel('Nombre').fill(`Fotos E2E ${stamp}`);
  await form.getByLabel('Dirección (slug)').fill(FIRST);
  await form.getByLabel('Descripción').fill(`Retoque y edición de fotos. ${XSS}`);
  // The radios are drawn as tiles: chosen with the keyboard, as their label's click would.
  const icon = form.getByRole('radio', { name: 'Imagen' });
  await icon.focus();
  await page.keyboard.press('Space');
  await expect(icon).toBeChecked();
  await form.getByLabel('Orden').fill('5');
  await form.getByRole('button', { name: 'Crear categoría' }).press('Enter');
  await expect(page.getByRole('status')).toContainText('Categoría creada');
  const list = page.getByRole('list', { name: 'Categorías' });
  await expect(list.getByRole('listitem').filter({ hasText: `Fotos E2E ${stamp}` })).toContainText(`/categoria/${FIRST}`);

  // A second category with two tools, one of them already in the first.
  const tools = await withSiteDatabase(async (db) => {
    const { rows } = await db.query<{ id: string }>("SELECT id FROM posts WHERE status = 'published' AND discontinued_at IS NULL ORDER BY slug LIMIT 2");
    const other = await db.query<{ id: string }>(
      "INSERT INTO categories (name, slug, description, icon, position) VALUES ($1, $2, 'Retratos.', 'image', 6) RETURNING id",
      [`Retratos E2E ${stamp}`, OTHER],
    );
    for (const tool of rows) await db.query('INSERT INTO post_categories (post_id, category_id, position) VALUES ($1, $2, 5)', [tool.id, other.rows[0]!.id]);
    await db.query('INSERT INTO post_categories (post_id, category_id, position) SELECT $1, id, 4 FROM categories WHERE slug = $2', [rows[0]!.id, FIRST]);
    return rows.map((row) => row.id);
  });

  // The new category's page works before the rebuild, its description shown as text.
  await page.goto(`/categoria/${FIRST}`);
  await expect(page.getByRole('heading', { level: 1, name: `Fotos E2E ${stamp}` })).toBeVisible();
  await expect(page.getByText(`Retoque y edición de fotos. ${XSS}`)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

  // Rename: the old address answers 301 to the new one as soon as the servers reload their redirect table.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/categorias');
    await expectNoSeriousA11yViolations(page);
    await expectFits(page);
  }
  await page.getByRole('link', { name: `Editar Fotos E2E ${stamp}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Fotos E2E ${stamp}`);
  await expectNoSeriousA11yViolations(page);
  await expectFits(page);
  const edit = page.locator('form#editar');
  await edit.getByLabel('Nombre').fill(`Imágenes E2E ${stamp}`);
  await edit.getByLabel('Dirección (slug)').fill(RENAMED);
  await edit.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page).toHaveURL('/admin/categorias');
  await expect(page.getByRole('status')).toContainText('Categoría guardada');
  await expect.poll(() => answer(page, `/categoria/${FIRST}`), { timeout: 15_000 }).toEqual([301, `/categoria/${RENAMED}`]);
  await page.goto(`/categoria/${FIRST}`);
  await expect(page).toHaveURL(`/categoria/${RENAMED}`);
  await expect(page.getByRole('heading', { level: 1, name: `Imágenes E2E ${stamp}` })).toBeVisible();

  // Merge the second into it, from the keyboard: the dialog says how many tools move.
  await page.goto('/admin/categorias');
  const opener = page.getByRole('button', { name: `Fusionar… Retratos E2E ${stamp}` });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `¿Fusionar «Retratos E2E ${stamp}» en otra categoría?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Se moverán 2 herramientas.');
  await expect(dialog.getByRole('option', { name: `Retratos E2E ${stamp}` })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  // Escape cancels and gives the focus back; opening again and confirming merges.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await page.keyboard.press('Enter');
  await dialog.getByLabel('Fusionar en').selectOption({ label: `Imágenes E2E ${stamp}` });
  await dialog.getByRole('button', { name: 'Fusionar', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText('Categorías fusionadas');
  await expect(page.getByRole('list', { name: 'Categorías' })).not.toContainText(`Retratos E2E ${stamp}`);

  const links = await withSiteDatabase(
    async (db) =>
      (
        await db.query<{ post_id: string }>(
          'SELECT pc.post_id FROM post_categories pc JOIN categories c ON c.id = pc.category_id WHERE c.slug = $1 ORDER BY pc.post_id',
          [RENAMED],
        )
      ).rows,
  );
  expect(links.map((row) => row.post_id)).toEqual([...tools].sort());
  await expect.poll(() => answer(page, `/categoria/${OTHER}`), { timeout: 15_000 }).toEqual([301, `/categoria/${RENAMED}`]);
  await page.goto('/admin');
  await expect(page.getByRole('list', { name: 'Acciones' })).toContainText(`Fusionó la categoría «Retratos E2E ${stamp}» en «Imágenes E2E ${stamp}»`);
  await expect(page.getByRole('list', { name: 'Acciones' })).toContainText(`Categoría «Fotos E2E ${stamp}»: cambió su dirección`);
});
