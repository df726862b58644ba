import type { Page } from '@playwright/test';
import { TEST_PASSWORD, uniqueEmail } from './accounts.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { verificationLink } from './mail.ts';

// Must match ADMIN_EMAIL in playwright.config.ts.
const ADMIN_EMAIL = 'admin-e2e@brujula.test';
// Chromium logs every 4xx answer of fetch as a console error; these tests expect some on purpose.
const refusedRequest = /the server responded with a status of 40[13]/;

/** Opens a form page once its island is live (its submit button is disabled until then). */
async function openForm(page: Page, path: '/login' | '/register') {
  await page.goto(path);
  await expect(page.getByRole('button', { name: path === '/login' ? 'Iniciar sesión' : 'Crear cuenta' })).toBeEnabled();
}

async function register(page: Page, user: { name: string; email: string }) {
  await openForm(page, '/register');
  await page.getByLabel('Nombre').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Confirmar contraseña').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
}

async function signIn(page: Page, email: string) {
  await openForm(page, '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/** A verified account made through the real pages and the real e-mail link. */
async function createVerifiedUser(page: Page, user: { name: string; email: string }) {
  await register(page, user);
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  await page.goto(await verificationLink(user.email));
  await expect(page.getByText('Email verificado. Ya puedes iniciar sesión.')).toBeVisible();
}

test.describe('accounts on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 }, allowedConsoleErrors: [refusedRequest] });

  test('register, verify by e-mail, sign in, use the user menu and sign out', async ({ page }) => {
    // The whole journey in one test, including SPEC's 2 s pause after registering.
    test.slow();
    const user = { name: 'Lucía Fernández', email: uniqueEmail('lucia') };
    await register(page, user);
    const toast = page.getByRole('status');
    await expect(toast).toContainText('¡Registro exitoso!');
    await expect(toast).toContainText('Se ha enviado un email de confirmación a tu correo.');
    await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
    await expect(toast).toContainText('Verifica tu email');

    await signIn(page, user.email);
    await expect(toast).toContainText('Error de autenticación');
    await expect(toast).toContainText('Por favor, verifica tu email antes de continuar');

    await page.goto(await verificationLink(user.email));
    await expect(page).toHaveURL(/\/login\?verificado=1$/);
    await expect(page.getByText('Email verificado. Ya puedes iniciar sesión.')).toBeVisible();

    await signIn(page, user.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Hola, Lucía Fernández' })).toBeVisible();
    await expect(toast).toContainText('¡Bienvenido!');
    await expect(toast).toContainText('Has iniciado sesión exitosamente.');

    await page.goto('/');
    const header = page.getByRole('banner');
    const menuButton = header.getByRole('button', { name: 'Menú de cuenta de Lucía Fernández' });
    await expect(menuButton.getByText('LF', { exact: true })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Publicar' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Iniciar sesión' })).toHaveCount(0);
    await menuButton.click();
    await expect(header.getByText(user.email).filter({ visible: true })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Panel Admin' })).toHaveCount(0);
    await header.getByRole('link', { name: 'Mi Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/');
    await menuButton.click();
    await header.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(header.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(header.getByRole('button', { name: /Menú de cuenta/ })).toHaveCount(0);

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
  });

  test('the admin account sees Panel Admin', async ({ page }) => {
    test.slow();
    await createVerifiedUser(page, { name: 'Administradora', email: ADMIN_EMAIL });
    await signIn(page, ADMIN_EMAIL);
    await expect(page).toHaveURL(/\/dashboard$/);
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Menú de cuenta de Administradora' }).click();
    await expect(header.getByRole('link', { name: 'Panel Admin' })).toHaveAttribute('href', '/admin');

    await page.setViewportSize({ width: 390, height: 844 });
    const menu = page.locator('[data-mobile-menu]');
    await menu.locator('summary').click();
    await expect(menu.getByRole('link', { name: 'Panel Admin' })).toBeVisible();
  });

  test('a wrong password says Email o contraseña incorrectos', async ({ page }) => {
    await openForm(page, '/login');
    await page.getByLabel('Email').fill(uniqueEmail('nadie'));
    await page.getByLabel('Contraseña', { exact: true }).fill('no-es-esta');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('status')).toContainText('Error de autenticación');
    await expect(page.getByRole('status')).toContainText('Email o contraseña incorrectos');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the login form shows every validation text on its field, and the password can be shown', async ({ page }) => {
    await page.goto('/login');
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Contraseña', { exact: true });
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('El email es requerido');
    await expect(password).toHaveAccessibleDescription('La contraseña es requerida');
    await expect(email).toBeFocused();

    await email.fill('ana@ejemplo');
    await password.fill('secreto');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(email).toHaveAccessibleDescription('Ingresa un email válido');
    await expect(password).not.toHaveAttribute('aria-invalid');

    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Mostrar contraseña' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Ocultar contraseña' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('the register form shows every validation text on its field', async ({ page }) => {
    await page.goto('/register');
    const submit = page.getByRole('button', { name: 'Crear cuenta' });
    await submit.click();
    await expect(page.getByLabel('Nombre')).toHaveAccessibleDescription('El nombre es requerido');
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('El email es requerido');
    await expect(page.getByLabel('Contraseña', { exact: true })).toHaveAccessibleDescription(
      'Mínimo 6 caracteres La contraseña debe tener al menos 6 caracteres',
    );

    await page.getByLabel('Nombre').fill('Ana');
    await page.getByLabel('Email').fill('ana');
    await page.getByLabel('Contraseña', { exact: true }).fill('12345');
    await submit.click();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Ingresa un email válido');
    await expect(page.getByLabel('Nombre')).not.toHaveAttribute('aria-invalid');

    await page.getByLabel('Email').fill('ana@ejemplo.es');
    await page.getByLabel('Contraseña', { exact: true }).fill('123456');
    await page.getByLabel('Confirmar contraseña').fill('123457');
    await submit.click();
    await expect(page.getByLabel('Confirmar contraseña')).toHaveAccessibleDescription('Las contraseñas no coinciden');
    await expect(page).toHaveURL(/\/register$/);
  });

  test('session answers are never stored by a shared cache', async ({ page }) => {
    const response = await page.request.get('/api/auth/get-session');
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toContain('no-store');
  });

  test('/registro leads to /register', async ({ page }) => {
    await page.goto('/registro');
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { name: 'Crear cuenta' })).toBeVisible();
  });

  test('login and register pages pass axe', async ({ page }) => {
    for (const path of ['/login', '/register']) {
      await page.goto(path);
      await page.getByRole('button', { name: path === '/login' ? 'Iniciar sesión' : 'Crear cuenta' }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
  });
});

test.describe('accounts on a phone (390px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('login and register pages pass axe', async ({ page }) => {
    for (const path of ['/login', '/register']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
  });

  test('the mobile menu mirrors the account menu, without Panel Admin for a user', async ({ page }) => {
    test.slow();
    const user = { name: 'Pablo', email: uniqueEmail('pablo') };
    await createVerifiedUser(page, user);
    await signIn(page, user.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    const menu = page.locator('[data-mobile-menu]');
    await menu.locator('summary').click();
    await expect(menu.getByText(user.email)).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Mi Dashboard' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Publicar' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Panel Admin' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Iniciar sesión' })).toHaveCount(0);
    await menu.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
  });
});
