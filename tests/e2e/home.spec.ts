import { expect, test } from './fixtures.ts';

test('the built home page lists the newest tools from the database, in Spanish', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(12);
});

test.describe('not found', () => {
  // The browser logs the document's own 404 status as an error.
  test.use({ allowedConsoleErrors: [/status of 404 .*esta-pagina-no-existe/] });

  test('an unknown address answers 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/esta-pagina-no-existe-de-verdad');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Publicación no encontrada' })).toBeVisible();
  });
});
