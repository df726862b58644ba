/**
 * The header search box in Chromium, with the keyboard only: from a tool page at 1280 and 390 px, `/` or
 * Tab reaches the box, typing suggests, arrows choose, Enter opens the choice or, with none chosen, /buscar?q=. And
 * the admin's «Búsquedas sin resultado» shows what a visitor searched for and did not find.
 */
import type { Locator, Page } from '@playwright/test';
import { signIn, TEST_PASSWORD, uniqueEmail } from './accounts.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { createAccount } from './database.ts';
import { expect, test } from './fixtures.ts';

const box = (page: Page) => page.getByRole('banner').getByRole('combobox', { name: 'Buscar en el directorio' });
const suggestions = (page: Page) => page.getByRole('banner').getByRole('listbox', { name: 'Sugerencias' });

/** Presses Tab until the header's box has the focus (skip link, logo and the header's links come first). */
async function tabToBox(page: Page): Promise<void> {
  for (let presses = 0; presses < 12; presses++) {
    await page.keyboard.press('Tab');
    if (await box(page).evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('El tabulador no llegó a la caja de búsqueda de la cabecera');
}

/** A tool's suggestion: its name, then its category. */
const toolOption = (page: Page, name: string) =>
  suggestions(page)
    .getByRole('group', { name: 'Herramientas' })
    .getByRole('option', { name: new RegExp(`^${name}`) })
    .first();

/** Types, arrows down to the option and opens it with Enter. */
async function chooseWithArrows(page: Page, typed: string, option: (page: Page) => Locator): Promise<void> {
  await page.keyboard.type(typed);
  await expect(suggestions(page)).toBeVisible();
  await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(option(page)).toBeVisible();
  // Down from the box to the option: focus stays in the box, which names the active option.
  for (let presses = 0; presses < 8 && (await option(page).getAttribute('aria-selected')) !== 'true'; presses++) await page.keyboard.press('ArrowDown');
  await expect(option(page)).toHaveAttribute('aria-selected', 'true');
  await expect(box(page)).toBeFocused();
  await expect(box(page)).toHaveAttribute('aria-activedescendant', (await option(page).getAttribute('id'))!);
  await page.keyboard.press('Enter');
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`header search at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('`/` reaches the box, arrows choose a suggestion and Enter opens that tool', async ({ page }) => {
      await page.goto('/chatgpt');
      // At 390 px the box lives in the mobile menu, which `/` opens.
      if (viewport.width < 768) await expect(box(page)).toBeHidden();
      else await expect(box(page)).toBeVisible();
      await page.keyboard.press('/');
      await expect(box(page)).toBeFocused();
      await expect(box(page)).toHaveValue('');
      await chooseWithArrows(page, 'midjourney', (page) => toolOption(page, 'Midjourney'));
      await expect(page).toHaveURL(/\/midjourney$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Midjourney' })).toBeVisible();
    });

    test('Tab reaches the box; Enter with no suggestion chosen searches on /buscar', async ({ page }) => {
      await page.goto('/chatgpt');
      if (viewport.width < 768) {
        // The menu's button comes first on a phone; Enter opens it and Tab goes on into it.
        await page.getByRole('navigation', { name: 'Principal' }).locator('summary[aria-label="Menú"]').focus();
        await page.keyboard.press('Enter');
      }
      await tabToBox(page);
      await page.keyboard.type('  chat ');
      await expect(suggestions(page)).toBeVisible();
      await expect(box(page)).not.toHaveAttribute('aria-activedescendant');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/buscar\?q=chat$/);
      await expect(page.getByRole('searchbox', { name: 'Buscar herramientas de IA' })).toHaveValue('chat');
    });
  });
}

test.describe('header search on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('suggests tools and categories in groups, and Escape closes the list, then empties the box', async ({ page }) => {
    await page.goto('/chatgpt');
    await box(page).focus();
    await page.keyboard.type('vídeo');
    await expect(suggestions(page).getByRole('group', { name: 'Herramientas' }).getByRole('option').first()).toBeVisible();
    await expect(suggestions(page).getByRole('group', { name: 'Categorías' }).getByRole('option', { name: 'Vídeo', exact: true })).toBeVisible();
    const count = await suggestions(page).getByRole('option').count();
    expect(count).toBeGreaterThan(1);
    expect(count).toBeLessThanOrEqual(8);
    // Up from the box wraps round to the last suggestion.
    await page.keyboard.press('ArrowUp');
    await expect(suggestions(page).getByRole('option').last()).toHaveAttribute('aria-selected', 'true');
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(suggestions(page)).toBeHidden();
    await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(box(page)).not.toHaveAttribute('aria-activedescendant');
    await expect(box(page)).toHaveValue('vídeo');
    await page.keyboard.press('Escape');
    await expect(box(page)).toHaveValue('');
    // `/` typed inside a field is just a character.
    await page.keyboard.type('a/b');
    await expect(box(page)).toHaveValue('a/b');
  });

  test('a category suggestion opens its page', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('/');
    await chooseWithArrows(page, 'imagen', (page) =>
      suggestions(page).getByRole('group', { name: 'Categorías' }).getByRole('option', { name: 'Imagen', exact: true }),
    );
    await expect(page).toHaveURL(/\/categoria\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Imagen' })).toBeVisible();
  });

  test('without JavaScript the box is a plain search form', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto('/chatgpt');
      await box(page).fill('notion');
      await box(page).press('Enter');
      await expect(page).toHaveURL(/\/buscar\?q=notion$/);
    } finally {
      await context.close();
    }
  });

  test('the admin sees a search that found nothing in «Búsquedas sin resultado»', async ({ page }) => {
    const query = `xqzv ${Date.now().toString(36)}`;
    const counted = page.waitForResponse((response) => response.url().endsWith('/api/search-misses') && response.request().method() === 'POST');
    await page.goto(`/buscar?q=${encodeURIComponent(query)}`);
    await expect(page.getByRole('main').getByRole('status')).toHaveText(`0 resultados para «${query}»`);
    expect((await counted).status()).toBe(204);

    const email = uniqueEmail('admin-busquedas');
    await createAccount({ email, name: 'Ana Admin', password: TEST_PASSWORD, role: 'admin' });
    await signIn(page, email);
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link', { name: 'Búsquedas sin resultado' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Búsquedas sin resultado' })).toBeVisible();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: query }) });
    await expect(row.getByRole('cell')).toHaveText(['1', 'Ninguno', /\d{4}/]);
    await expect(row.getByRole('link', { name: query })).toHaveAttribute('href', `/buscar?q=${encodeURIComponent(query).replace(/%20/g, '+')}`);
    await expectNoSeriousA11yViolations(page);
  });
});
