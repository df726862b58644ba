/** Accounts for the e2e specs: unique addresses, the suite's password, signing up and signing in through the real pages. */
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { verificationLink } from './mail.ts';

export const TEST_PASSWORD = 'clave-segura-1';

/** An address no other run of the suite has used. */
export const uniqueEmail = (label: string, domain = 'brujula.test') => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@${domain}`;

/** Signs in through the login page (an account from createAccount() or a verified sign-up) and lands on /dashboard. */
export async function signIn(page: Page, email: string, password = TEST_PASSWORD): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeEnabled();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  // Checking the password hash on a busy, shared machine can take longer than the default 5 s.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
}

/** A new verified account, signed in on the given page: register, open the mailed link, sign in. */
export async function registerAndSignIn(page: Page, email: string, name = 'Marta Ruiz'): Promise<void> {
  await page.goto('/register');
  await expect(page.getByRole('button', { name: 'Crear cuenta' })).toBeEnabled();
  await page.getByLabel('Nombre').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Confirmar contraseña').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  await page.goto(await verificationLink(email));
  await signIn(page, email);
}

/** Signs in through the stand-in for Google (tests/fixtures/fake-oidc.ts): no password, no e-mail round trip. */
export async function signInWithGoogle(page: Page, account: { email: string; name: string }): Promise<void> {
  await page.goto('/login');
  const google = page.getByRole('button', { name: 'Continuar con Google' });
  await expect(google).toBeEnabled();
  await google.click();
  // The sign-in page has an «Email» field too: wait for the provider's page before typing into it.
  await expect(page.getByRole('heading', { name: 'Elige una cuenta' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Nombre').fill(account.name);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
}
