import { expect, test } from './fixtures.ts';

// The browser logs the document's own 404 status as an error.
test.use({ allowedConsoleErrors: [/status of 404 .*esta-pagina-no-existe/] });

test('an unknown address answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/esta-pagina-no-existe-de-verdad');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Publicación no encontrada' })).toBeVisible();
});
