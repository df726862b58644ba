/**
 * The AI utilities keep what a visitor types into their server-rendered fields before the island's code arrives:
 * the island hydrates with that text instead of writing its empty state over it.
 */
import { expect, test } from '@playwright/test';

const utilities = [
  { path: '/generar-historia', fields: { 'Idea para tu historia': 'un faro que se apaga' } },
  { path: '/generador-de-imagenes', fields: { 'Describe la imagen': 'un faro en un acantilado al atardecer' } },
  {
    path: '/descripcion-de-imagenes',
    fields: {
      'O pega la URL de una imagen': 'https://ejemplo.com/faro.jpg',
      'Instrucciones personalizadas (opcional)': 'céntrate en los colores',
    },
  },
];

for (const utility of utilities) {
  test(`${utility.path}: what is typed before the island hydrates is kept`, async ({ page }) => {
    let release!: () => void;
    const typed = new Promise<void>((resolve) => (release = resolve));
    let islandCode = 0;
    await page.route(/\/_astro\/.*\.js(\?.*)?$/, async (route) => {
      islandCode++;
      await typed;
      await route.continue();
    });
    await page.goto(utility.path, { waitUntil: 'commit' });
    for (const [label, value] of Object.entries(utility.fields)) await page.getByLabel(label, { exact: true }).fill(value);
    release();
    // The island is live once Astro drops its ssr attribute; a render after that would have wiped the text.
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    expect(islandCode).toBeGreaterThan(0);
    for (const [label, value] of Object.entries(utility.fields)) await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
    // The state holds it too: the character counter counts what was typed.
    const [first] = Object.values(utility.fields);
    if (utility.path !== '/descripcion-de-imagenes') await expect(page.getByText(new RegExp(`^${first!.length}/`))).toBeVisible();
  });
}
