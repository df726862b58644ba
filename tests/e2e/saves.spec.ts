import type { Browser, Locator, Page } from '@playwright/test';
import { signIn, TEST_PASSWORD, uniqueEmail } from './accounts.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { verificationLink } from './mail.ts';

// Chromium logs every 4xx answer of fetch as a console error; the wrong-password attempt expects one.
const refusedRequest = /the server responded with a status of 401/;

/** A verified account made through the real register page and the real e-mail link. */
async function createVerifiedUser(page: Page, name: string): Promise<string> {
  const email = uniqueEmail('guarda');
  await page.goto('/register');
  await expect(page.getByRole('button', { name: 'Crear cuenta' })).toBeEnabled();
  await page.getByLabel('Nombre').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Confirmar contraseña').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  // Hashing the password on this shared, busy machine can take a while.
  await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
  await page.goto(await verificationLink(email));
  await expect(page.getByText('Email verificado. Ya puedes iniciar sesión.')).toBeVisible();
  return email;
}

async function signedInPage(browser: Browser, name: string): Promise<{ page: Page; email: string }> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const email = await createVerifiedUser(page, name);
  await signIn(page, email);
  return { page, email };
}

const homeCards = (page: Page) => page.getByRole('main').getByRole('article');
// 'Guardar' or 'Guardado', then the tool's name for screen readers.
const saveButton = (scope: Locator) => scope.getByRole('button', { name: /^Guarda(r|do) / });
const toolPageHeader = (page: Page) =>
  page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 1 }) })
    .locator('header');

async function expectToast(page: Page, title: string, description: string) {
  const toast = page.getByRole('status').filter({ hasText: title });
  await expect(toast).toContainText(description);
}

test.describe('saving tools', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a signed-in user saves and removes a tool from a card and from the tool page, and it survives a reload', async ({ browser }) => {
    test.slow();
    const { page } = await signedInPage(browser, 'Marta Guardadora');

    await page.goto('/');
    const card = homeCards(page).first();
    const title = (await card.getByRole('heading').textContent())!.trim();
    await saveButton(card).click();
    await expectToast(page, 'Publicación guardada', 'La publicación ha sido guardada exitosamente.');
    await expect(saveButton(card)).toHaveText(/^Guardado /);
    await expect(saveButton(card)).toContainText(title);

    await page.reload();
    await expect(saveButton(homeCards(page).first())).toHaveText(/^Guardado /);

    // The same tool's own page already knows it is saved.
    await homeCards(page).first().getByRole('link', { name: title, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const main = saveButton(toolPageHeader(page));
    await expect(main).toHaveText(/^Guardado /);

    // Removing it on the tool page, then saving it again there.
    await main.click();
    await expectToast(page, 'Publicación removida', 'La publicación ha sido removida de guardados.');
    await expect(main).toHaveText(/^Guardar /);
    await page.reload();
    await expect(main).toBeEnabled();
    await expect(main).toHaveText(/^Guardar /);
    await main.click();
    await expectToast(page, 'Publicación guardada', 'La publicación ha sido guardada exitosamente.');
    await expect(main).toHaveText(/^Guardado /);

    // A featured card in the sidebar (static HTML) saves too, and its tool page agrees.
    const sidebar = page.getByRole('complementary', { name: 'Herramientas destacadas' });
    const featured = sidebar.getByRole('article').first();
    const featuredTitle = (await featured.getByRole('heading').textContent())!.trim();
    await saveButton(featured).click();
    await expect(saveButton(featured)).toHaveText(/^Guardado /);
    await featured.getByRole('link', { name: featuredTitle, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: featuredTitle })).toBeVisible();
    await expect(saveButton(toolPageHeader(page))).toHaveText(/^Guardado /);

    // Removing from the home card: the reload shows it gone.
    await page.goto('/');
    await expect(saveButton(homeCards(page).first())).toHaveText(/^Guardado /);
    await saveButton(homeCards(page).first()).click();
    await expectToast(page, 'Publicación removida', 'La publicación ha sido removida de guardados.');
    await page.reload();
    await expect(saveButton(homeCards(page).first())).toBeEnabled();
    await expect(saveButton(homeCards(page).first())).toHaveText(/^Guardar /);
    await page.context().close();
  });

  test('on a category page a card saves, and the list view and a reload agree', async ({ browser }) => {
    test.slow();
    const { page } = await signedInPage(browser, 'Marta Categorías');
    const allTools = page.getByRole('region', { name: 'Todas las herramientas' });

    await page.goto('/categoria/imagen');
    await expect(page.locator('[data-category-ready]')).toHaveCount(1);
    const card = allTools.getByRole('article').first();
    await expect(saveButton(card)).toBeEnabled();
    await saveButton(card).click();
    await expectToast(page, 'Publicación guardada', 'La publicación ha sido guardada exitosamente.');
    await expect(saveButton(card)).toHaveText(/^Guardado /);

    // In the list view (the same cards, laid out in rows) it says so too, and removing it there holds after a reload.
    await page.getByRole('button', { name: 'Lista' }).click();
    const row = allTools.getByRole('article').first();
    await expect(saveButton(row)).toHaveText(/^Guardado /);
    await page.reload();
    await expect(page.locator('[data-category-ready]')).toHaveCount(1);
    await expect(saveButton(allTools.getByRole('article').first())).toHaveText(/^Guardado /);
    await page.getByRole('button', { name: 'Lista' }).click();
    await saveButton(allTools.getByRole('article').first()).click();
    await expectToast(page, 'Publicación removida', 'La publicación ha sido removida de guardados.');
    await page.getByRole('button', { name: 'Cuadrícula' }).click();
    await expect(saveButton(allTools.getByRole('article').first())).toHaveText(/^Guardar /);
    await page.context().close();
  });

  test('a guest on the tool page is told to sign in', async ({ page }) => {
    await page.goto('/chatgpt');
    const main = saveButton(toolPageHeader(page));
    await main.click();
    const alert = toolPageHeader(page).getByRole('alert');
    await expect(alert).toHaveText('Debes iniciar sesión para guardar publicaciones. Iniciar sesión');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(main).toHaveText(/^Guardar /);
    // The note is not a dead end: its button opens the same dialog the cards open.
    await alert.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('dialog', { name: '¡Únete a nosotros!' })).toBeVisible();
  });
});

test.describe('auth dialog', () => {
  test.use({ viewport: { width: 1280, height: 900 }, allowedConsoleErrors: [refusedRequest] });

  test('a guest’s card opens the dialog; signing in there works and the saved ids refresh', async ({ page, browser }) => {
    test.slow();
    // Someone who already saved the first home card.
    const owner = await signedInPage(browser, 'Pablo Previo');
    await owner.page.goto('/');
    await saveButton(homeCards(owner.page).first()).click();
    await expect(saveButton(homeCards(owner.page).first())).toHaveText(/^Guardado /);
    await owner.page.context().close();

    await page.goto('/');
    const opener = saveButton(homeCards(page).first());
    await opener.click();
    const dialog = page.getByRole('dialog', { name: '¡Únete a nosotros!' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'Iniciar Sesión' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    // Escape closes it and the focus goes back to the button that opened it.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(dialog).toBeVisible();
    // The login and register forms' validation texts.
    await dialog.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(dialog.getByText('El email es requerido')).toBeVisible();
    await expect(dialog.getByText('La contraseña es requerida')).toBeVisible();
    await dialog.getByLabel('Email').fill('no-es-un-email');
    await dialog.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(dialog.getByText('Ingresa un email válido')).toBeVisible();

    // Wrong password: the dialog's own text.
    await dialog.getByLabel('Email').fill(owner.email);
    await dialog.getByLabel('Contraseña', { exact: true }).fill('otra-clave-mala');
    await dialog.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Credenciales inválidas. Verifica tu email y contraseña.');

    await dialog.getByLabel('Contraseña', { exact: true }).fill(TEST_PASSWORD);
    await dialog.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(dialog).toHaveCount(0);
    // '¡Bienvenido!' comes first; then the tool whose Guardar opened the dialog is saved (already was: still saved).
    await expectToast(page, 'Publicación guardada', 'La publicación ha sido guardada exitosamente.');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Menú de cuenta de Pablo Previo' })).toBeVisible();
    // The saved ids are read again about a second after the sign-in.
    await expect(saveButton(homeCards(page).first())).toHaveText(/^Guardado /);
  });

  test('the register tab validates and registers', async ({ page }) => {
    await page.goto('/');
    await saveButton(homeCards(page).first()).click();
    const dialog = page.getByRole('dialog', { name: '¡Únete a nosotros!' });
    await dialog.getByRole('tab', { name: 'Registrarse' }).click();
    await expect(dialog.getByRole('tab', { name: 'Registrarse' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByText('Mínimo 6 caracteres')).toBeVisible();

    await dialog.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(dialog.getByText('El nombre es requerido')).toBeVisible();
    await expect(dialog.getByText('El email es requerido')).toBeVisible();
    await expect(dialog.getByText('La contraseña debe tener al menos 6 caracteres')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await dialog.getByLabel('Nombre').fill('Nuria Nueva');
    await dialog.getByLabel('Email').fill(uniqueEmail('dialogo'));
    await dialog.getByLabel('Contraseña', { exact: true }).fill(TEST_PASSWORD);
    await dialog.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(dialog).toHaveCount(0);
    await expectToast(page, '¡Registro exitoso!', 'Se ha enviado un email de confirmación a tu correo.');
  });

  test('the close button closes the dialog', async ({ page }) => {
    await page.goto('/');
    await saveButton(homeCards(page).first()).click();
    const dialog = page.getByRole('dialog', { name: '¡Únete a nosotros!' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(dialog).toHaveCount(0);
  });
});
