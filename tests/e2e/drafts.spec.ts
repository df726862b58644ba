/**
 * Publish-form drafts, end to end and keyboard only, at 1280 and 390 px: an author writes a tool, its draft is saved
 * on the server as they type, leaving with unsaved changes asks first, the draft comes back from the dashboard,
 * «Vista previa» opens the tool page as it will look, and submitting sends it to review and removes the draft.
 * Someone else's draft is a 404. Text typed into /login and /register before their islands hydrate is kept.
 */
import type { Page } from '@playwright/test';
import { signInWithGoogle } from './accounts.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

const run = Date.now().toString(36);
// A refused draft id shows up in Chromium's console as a failed load; so does a wrong password on /login.
test.use({ allowedConsoleErrors: [/status of (401|404)/] });

/** Moves the focus with Tab (or Shift+Tab) until `target` has it (keyboard only: no clicks). */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, { backwards = false, limit = 120 } = {}) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error('El foco no llegó al elemento con el teclado.');
}

const fitsViewport = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`keyboard only at ${viewport.width} px: write, leave, resume the draft, preview it and submit it`, async ({ page, browser }) => {
    // Two sign-ins, a build-free preview and a submission, keyboard only, on a shared machine.
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    const title = `Borrador Teclado ${viewport.width} ${run}`;
    const slug = `borrador-teclado-${viewport.width}-${run}`;
    await signInWithGoogle(page, { email: `borradores-${viewport.width}-${run}@gmail.test`, name: 'Autora Borradores' });

    await page.goto('/publicar');
    const heading = page.getByRole('heading', { level: 1, name: 'Publicar una herramienta' });
    await expect(heading).toBeVisible();
    const status = page.locator('[data-draft-status]');
    await tabTo(page, page.getByLabel('Título', { exact: true }));
    await page.keyboard.type(title);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Convierte notas sueltas en documentos ordenados y los resume en segundos para equipos pequeños.');
    // Saved 2 s after the last change (or when a field loses focus), with its address kept for a reload.
    await expect(status).toHaveText('Guardado');
    await expect(page).toHaveURL(/\/publicar\?borrador=[0-9a-f-]{36}$/);
    const draftUrl = page.url();

    // Unsaved changes: the form's own «Volver» asks first; saying no keeps the author on the form. The next save
    // is held until then, so the question does not depend on how fast this machine is.
    let releaseSave!: () => void;
    const saveHeld = new Promise<void>((resolve) => (releaseSave = resolve));
    await page.route('**/api/posts/drafts/*', async (route) => {
      await saveHeld;
      await route.continue();
    });
    await tabTo(page, page.getByRole('searchbox', { name: 'Buscar categorías' }));
    await page.keyboard.type('Escrit');
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('link', { name: 'Volver' }), { backwards: true });
    await page.keyboard.press('Enter');
    await expect.poll(() => asked).toBe('Tienes cambios sin guardar. ¿Quieres salir de todos modos?');
    await expect(heading).toBeVisible();
    // Released, the route lets every later save through at once (unrouting a held request would answer it twice).
    releaseSave();
    await expect(status).toHaveText('Guardado');
    expect(await fitsViewport(page)).toBe(true);
    await expectNoSeriousA11yViolations(page);

    // Leave, and come back to the draft from the dashboard.
    await page.goto('/dashboard/posts');
    const drafts = page.getByRole('region', { name: 'Borradores' });
    await expect(drafts.getByRole('heading', { name: title })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(await fitsViewport(page)).toBe(true);
    await tabTo(page, drafts.getByRole('link', { name: `Continuar ${title}` }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(draftUrl);
    await expect(page.getByLabel('Título', { exact: true })).toHaveValue(title);
    await expect(page.getByRole('list', { name: 'Categorías elegidas' })).toContainText('Escritura');

    // «Vista previa»: the tool page's own template, in a new tab, for the author only, never indexed.
    await tabTo(page, page.getByRole('button', { name: 'Vista previa' }));
    const [preview] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Enter')]);
    await preview.setViewportSize(viewport);
    await expect(preview.getByText('Vista previa: así se verá tu herramienta')).toBeVisible();
    await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(preview.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expectNoSeriousA11yViolations(preview);
    expect(await fitsViewport(preview)).toBe(true);
    const previewUrl = preview.url();
    await preview.close();

    // Nobody else opens the draft or its preview.
    const stranger = await (await browser.newContext({ viewport })).newPage();
    await signInWithGoogle(stranger, { email: `ajena-${viewport.width}-${run}@gmail.test`, name: 'Otra Persona' });
    for (const url of [draftUrl, previewUrl]) {
      const response = await stranger.goto(url);
      expect(response?.status()).toBe(404);
      await expect(stranger.getByRole('heading', { name: 'Borrador no encontrado' })).toBeVisible();
    }
    await stranger.context().close();

    // Submit: the normal submit, then the draft is gone from the dashboard.
    await tabTo(page, page.getByRole('button', { name: 'Publicar con Múltiples Categorías' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/${slug}$`));
    await expect(page.getByText('Pendiente de revisión')).toBeVisible();
    await page.goto('/dashboard/posts');
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Borradores' })).toHaveCount(0);
  });
}

test('«Eliminar» removes a draft from the dashboard after confirming', async ({ page }) => {
  await signInWithGoogle(page, { email: `eliminar-${run}@gmail.test`, name: 'Autora Eliminar' });
  await page.goto('/publicar');
  await page.getByLabel('Título', { exact: true }).fill(`Para borrar ${run}`);
  await expect(page.locator('[data-draft-status]')).toHaveText('Guardado');
  await page.goto('/dashboard/posts');
  await page.getByRole('button', { name: `Eliminar borrador Para borrar ${run}` }).click();
  const dialog = page.getByRole('alertdialog', { name: '¿Eliminar borrador?' });
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByRole('region', { name: 'Borradores' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(`Para borrar ${run}`)).toHaveCount(0);
});

for (const form of [
  { path: '/login', button: 'Iniciar sesión', fields: { Email: `antes-${run}@ejemplo.test`, Contraseña: 'una-clave-cualquiera' } },
  {
    path: '/register',
    button: 'Crear cuenta',
    fields: { Nombre: 'Escrita Antes', Email: `registro-antes-${run}@ejemplo.test`, Contraseña: 'clave-larga-1', 'Confirmar contraseña': 'clave-larga-1' },
  },
]) {
  test(`${form.path}: what is typed before the form hydrates is kept`, async ({ page }) => {
    // The islands' code waits until everything is typed into the server-rendered inputs.
    let release!: () => void;
    const typed = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_astro\/.*\.js(\?.*)?$/, async (route) => {
      await typed;
      await route.continue();
    });
    // DOMContentLoaded waits for module scripts, which are held: the inputs are there as soon as the HTML is.
    await page.goto(form.path, { waitUntil: 'commit' });
    const submit = page.getByRole('button', { name: form.button, exact: true });
    await expect(submit).toBeDisabled();
    for (const [label, value] of Object.entries(form.fields)) await page.getByLabel(label, { exact: true }).fill(value);
    release();
    await expect(submit).toBeEnabled();
    for (const [label, value] of Object.entries(form.fields)) await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
    // The island's state holds them too: submitting passes validation with no field error.
    await submit.click();
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
    for (const [label, value] of Object.entries(form.fields)) await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
  });
}
