/** A new verified account, signed in on the given page: register, open the mailed link, sign in. */
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { verificationLink } from './mail.ts';

export const TEST_PASSWORD = 'clave-segura-1';

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
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeEnabled();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
