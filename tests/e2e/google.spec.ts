import type { Page } from '@playwright/test';
import { uniqueEmail } from './accounts.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

// Must match ADMIN_EMAIL in playwright.config.ts.
const ADMIN_EMAIL = 'admin-e2e@brujula.test';

/** Opens /login or /register once the Google button is live (it is disabled until its island hydrates). */
async function openWithGoogle(page: Page, path: '/login' | '/register') {
  await page.goto(path);
  const button = page.getByRole('button', { name: 'Continuar con Google' });
  await expect(button).toBeEnabled();
  return button;
}

/** The stand-in provider's account form (tests/fixtures/fake-oidc.ts), as Google's account chooser would be. */
async function chooseAccount(page: Page, account: { email: string; name?: string }) {
  await expect(page.getByRole('heading', { name: 'Elige una cuenta' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  if (account.name) await page.getByLabel('Nombre').fill(account.name);
  await page.getByRole('button', { name: 'Continuar' }).click();
}

test.describe('Google sign-in', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a new visitor signs in with Google and lands on /dashboard with the user menu', async ({ page }) => {
    const account = { email: uniqueEmail('carmen', 'gmail.test'), name: 'Carmen Ruiz' };
    await (await openWithGoogle(page, '/login')).click();
    await chooseAccount(page, account);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Hola, Carmen Ruiz' })).toBeVisible();

    const header = page.getByRole('banner');
    const menuButton = header.getByRole('button', { name: 'Menú de cuenta de Carmen Ruiz' });
    await expect(menuButton.getByText('CR', { exact: true })).toBeVisible();
    await menuButton.click();
    await expect(header.getByText(account.email).filter({ visible: true })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Mi Dashboard' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Panel Admin' })).toHaveCount(0);

    // The second time the same Google account opens the same profile.
    await header.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(header.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
    await (await openWithGoogle(page, '/register')).click();
    await chooseAccount(page, account);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Hola, Carmen Ruiz' })).toBeVisible();
  });

  test('a Google account without a name is named after its e-mail', async ({ page }) => {
    const email = uniqueEmail('sin-nombre', 'gmail.test');
    await (await openWithGoogle(page, '/login')).click();
    await chooseAccount(page, { email });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Hola, ${email.split('@')[0]}` })).toBeVisible();
  });

  test('the ADMIN_EMAIL account signed in through Google sees Panel Admin', async ({ page }) => {
    await (await openWithGoogle(page, '/login')).click();
    // auth.spec.ts may already have registered this address with a password: Google then signs into that account.
    await chooseAccount(page, { email: ADMIN_EMAIL, name: 'Administradora' });
    await expect(page).toHaveURL(/\/dashboard$/);
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: /^Menú de cuenta de / }).click();
    await expect(header.getByRole('link', { name: 'Panel Admin' })).toHaveAttribute('href', '/admin');
  });

  test('cancelling at Google comes back with the SPEC error of each page', async ({ page }) => {
    for (const [path, message] of [
      ['/login', 'Error al iniciar sesión con Google'],
      ['/register', 'Error al registrarse con Google'],
    ] as const) {
      await (await openWithGoogle(page, path)).click();
      await expect(page.getByRole('heading', { name: 'Elige una cuenta' })).toBeVisible();
      await page.getByRole('button', { name: 'Cancelar' }).click();
      await expect(page).toHaveURL(new RegExp(`${path}\\?google=1&error=access_denied`));
      await expect(page.getByRole('status')).toContainText('Error');
      await expect(page.getByRole('status')).toContainText(message);
      await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeEnabled();
    }
  });

  test('a guest saving from a card continues with Google in the auth dialog and lands on the home page signed in', async ({ page }) => {
    await page.goto('/');
    const save = page.getByRole('button', { name: /^Guardar\b/ }).first();
    await expect(save).toBeEnabled();
    await save.click();
    const dialog = page.getByRole('dialog', { name: '¡Únete a nosotros!' });
    await expect(dialog.getByText('O continúa con email')).toBeVisible();
    const google = dialog.getByRole('button', { name: 'Continuar con Google' });
    await expect(google).toBeEnabled();
    await expectNoSeriousA11yViolations(page);
    await google.click();
    await chooseAccount(page, { email: uniqueEmail('dialogo', 'gmail.test'), name: 'Inés Díaz' });
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Menú de cuenta de Inés Díaz' })).toBeVisible();
  });

  test('login and register pages with the Google button pass axe', async ({ page }) => {
    for (const path of ['/login', '/register'] as const) {
      await openWithGoogle(page, path);
      await expectNoSeriousA11yViolations(page);
    }
  });

  test.describe('when the start fails', () => {
    // Chromium logs the refused and the aborted request as console errors; both are the point of this test.
    test.use({ allowedConsoleErrors: [/status of 500|net::ERR_/] });

    test('a refused or unreachable start shows the failure and the unexpected texts', async ({ page }) => {
      await page.route('**/api/auth/sign-in/social', (route) => route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'x' } }));
      await (await openWithGoogle(page, '/login')).click();
      await expect(page.getByRole('status')).toContainText('Error al iniciar sesión con Google');

      await page.unroute('**/api/auth/sign-in/social');
      await page.route('**/api/auth/sign-in/social', (route) => route.abort('connectionfailed'));
      await (await openWithGoogle(page, '/register')).click();
      await expect(page.getByRole('status')).toContainText('Error inesperado al registrarse con Google');
    });

    test('in the auth dialog the failure shows under the button', async ({ page }) => {
      await page.route('**/api/auth/sign-in/social', (route) => route.abort('connectionfailed'));
      await page.goto('/');
      const save = page.getByRole('button', { name: /^Guardar\b/ }).first();
      await expect(save).toBeEnabled();
      await save.click();
      const dialog = page.getByRole('dialog', { name: '¡Únete a nosotros!' });
      await dialog.getByRole('button', { name: 'Continuar con Google' }).click();
      await expect(dialog.getByRole('alert')).toContainText('Error inesperado al iniciar sesión con Google');
    });
  });
});

test.describe('Google sign-in on a phone (390px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the button fits the page and leads to the provider', async ({ page }) => {
    const button = await openWithGoogle(page, '/login');
    const box = await button.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await button.click();
    await chooseAccount(page, { email: uniqueEmail('movil', 'gmail.test'), name: 'Móvil' });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('login rate limit', () => {
  test.use({ viewport: { width: 1280, height: 900 }, allowedConsoleErrors: [/the server responded with a status of 429/] });

  test('a 429 from sign-in says Demasiados intentos', async ({ page }) => {
    // The real limit is per IP and every test shares 127.0.0.1, so the answer is the server's own 429, replayed
    // (tests/integration/auth.test.ts proves the server sends it).
    await page.route('**/api/auth/sign-in/email', (route) =>
      route.fulfill({ status: 429, headers: { 'retry-after': '60' }, json: { message: 'Too many requests. Please try again later.' } }),
    );
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeEnabled();
    await page.getByLabel('Email').fill('alguien@brujula.test');
    await page.getByLabel('Contraseña', { exact: true }).fill('clave-segura-1');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('status')).toContainText('Error de autenticación');
    await expect(page.getByRole('status')).toContainText('Demasiados intentos. Espera un momento e inténtalo de nuevo');
  });
});
