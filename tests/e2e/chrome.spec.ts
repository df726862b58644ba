import { expect, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';

test.describe('header and footer on a phone (390px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mobile menu toggles, mirrors the header links and closes on navigation', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('navigation', { name: 'Principal' }).locator('summary[aria-label="Menú"]');
    const categories = page.locator('[data-mobile-menu]').getByRole('link', { name: 'Categorías' });
    await expect(categories).toBeHidden();
    await toggle.click();
    await expect(categories).toBeVisible();
    await expect(page.locator('[data-mobile-menu]').getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.locator('[data-mobile-menu]').getByRole('link', { name: 'Registrarse' })).toBeVisible();
    await toggle.click();
    await expect(categories).toBeHidden();

    await toggle.click();
    await page.keyboard.press('Escape');
    await expect(categories).toBeHidden();

    await toggle.click();
    await categories.click();
    await expect(page).toHaveURL(/\/categorias$/);
    await expect(page.locator('[data-mobile-menu]').getByRole('link', { name: 'Categorías' })).toBeHidden();
  });

  test('the desktop links are hidden below 768px', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Principal' }).getByText('Herramientas IA').first()).toBeHidden();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('header and footer on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the tools dropdown opens with the keyboard and lists the free utilities', async ({ page }) => {
    await page.goto('/');
    const summary = page.locator('[data-dropdown] summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    const dropdown = page.locator('[data-dropdown]');
    for (const name of ['Generador de imágenes', 'Descripción de imágenes', 'Generador de historias']) {
      await expect(dropdown.getByRole('link', { name })).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(dropdown.getByRole('link', { name: 'Generador de imágenes' })).toBeHidden();
    await expect(summary).toBeFocused();
  });

  test('the signed-out header offers sign-in and registration', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Iniciar sesión' }).first()).toHaveAttribute('href', '/login');
    await expect(header.getByRole('link', { name: 'Registrarse' }).first()).toHaveAttribute('href', '/register');
  });

  test('the footer carries navigation, legal links, the add-tool button and the year', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const name of ['Inicio', 'Categorías', 'Buscar', 'Publicar', 'Privacidad', 'Términos', 'Ayuda', 'Contacto']) {
      await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(footer.getByRole('link', { name: 'Contacto' })).toHaveAttribute('href', /^mailto:/);
    await expect(footer.getByRole('link', { name: 'Agregar herramienta' })).toHaveAttribute('href', '/publicar');
    // The current year, not SPEC's fixed 2025 (docs/decisions/006-diferencias-con-spec.md).
    await expect(footer).toContainText(`© ${new Date().getFullYear()} `);
  });

  test('a skip link leads keyboard users to the content', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Saltar al contenido' });
    await expect(skip).toBeFocused();
    await skip.press('Enter');
    await expect(page).toHaveURL(/#contenido$/);
  });
});
