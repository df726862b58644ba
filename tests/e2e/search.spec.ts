import type { Page } from '@playwright/test';
import { TEST_PASSWORD } from './accounts.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { createAccount } from './database.ts';
import { expect, test } from './fixtures.ts';

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Buscar herramientas de IA' });
// Scoped to the page's content: the layout's toast region is a status too.
const status = (page: Page) => page.getByRole('main').getByRole('status');
// Direct children only: each card holds a list of its own category chips.
const results = (page: Page) => page.getByRole('list', { name: 'Resultados' }).locator(':scope > li');
const categoryFilter = (page: Page) => page.getByRole('combobox', { name: 'Categoría' });

async function search(page: Page, text: string) {
  // Before its script runs the form is a plain GET form (a full page load): wait until the page searches in place.
  await expect(page.locator('[data-search-page][data-search-ready]')).toBeAttached();
  await searchBox(page).fill(text);
  await searchBox(page).press('Enter');
}

/** The number in 'N resultados para «q»', once the search has answered. */
async function resultCount(page: Page, query: string): Promise<number> {
  await expect(status(page)).toHaveText(new RegExp(`^\\d+ resultados? para «${query}»$`));
  return Number((await status(page).textContent())!.split(' ')[0]);
}

test('the initial page invites a search with examples that link to their results', async ({ page }) => {
  await page.goto('/buscar');
  await expect(page.getByRole('heading', { level: 1, name: 'Buscar herramientas de IA' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Encuentra la herramienta de IA que necesitas' })).toBeVisible();
  for (const example of ['hacer presentaciones', 'generador de imágenes', 'quitar el fondo', 'pasar audio a texto', 'programar']) {
    await expect(page.getByRole('link', { name: example, exact: true })).toHaveAttribute(
      'href',
      `/buscar?q=${encodeURIComponent(example).replace(/%20/g, '+')}`,
    );
  }
  await page.getByRole('link', { name: 'pasar audio a texto', exact: true }).click();
  await expect(page).toHaveURL(/\/buscar\?q=pasar\+audio\+a\+texto$/);
  expect(await resultCount(page, 'pasar audio a texto')).toBeGreaterThan(0);
});

test('an empty or blank search does nothing', async ({ page }) => {
  await page.goto('/buscar');
  await expect(searchBox(page)).toBeEditable();
  await search(page, '   ');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page).toHaveURL(/\/buscar$/);
  await expect(page.getByRole('heading', { name: 'Encuentra la herramienta de IA que necesitas' })).toBeVisible();
  await expect(status(page)).toHaveText('');
});

test('searching without accents finds text with accents, and results are tool cards linking to tool pages', async ({ page }) => {
  await page.goto('/buscar');
  await search(page, '  blimey   imagenes ');
  await expect(page).toHaveURL(/\/buscar\?q=blimey\+imagenes$/);
  await expect(searchBox(page)).toHaveValue('blimey imagenes');
  expect(await resultCount(page, 'blimey imagenes')).toBe(1);
  const card = results(page).first().getByRole('article');
  await expect(card).toContainText('imágenes');
  // Tool pages are built by their own feature; the card's stretched title link is what leads there.
  await expect(card.getByRole('link', { name: 'Blimey', exact: true })).toHaveAttribute('href', '/blimey');
  await expect(card.getByRole('link', { name: '3D', exact: true })).toHaveAttribute('href', '/categoria/3d');
});

test('a general accent-free search finds many tools that write "imágenes"', async ({ page }) => {
  await page.goto('/buscar');
  await search(page, 'imagenes');
  expect(await resultCount(page, 'imagenes')).toBeGreaterThan(12);
  await expect(results(page)).toHaveCount(12);
  await expect(results(page).filter({ hasText: 'imágenes' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Cargar más resultados' }).click();
  await expect(results(page)).toHaveCount(24);
  // Keyboard users continue from the first new card.
  await expect(results(page).nth(12).getByRole('heading').getByRole('link')).toBeFocused();
});

test('Spanish stemming: "generador" finds a tool that only says "generadores"', async ({ page }) => {
  await page.goto('/buscar');
  await search(page, 'civitai generador');
  expect(await resultCount(page, 'civitai generador')).toBe(1);
  await expect(results(page).first()).toContainText('generadores');
  await expect(results(page).first().getByRole('link', { name: 'Civitai', exact: true })).toHaveAttribute('href', '/civitai');
});

test('case does not matter', async ({ page }) => {
  await page.goto('/buscar?q=transcripcion');
  const lower = await resultCount(page, 'transcripcion');
  await search(page, 'TRANSCRIPCIÓN');
  expect(await resultCount(page, 'TRANSCRIPCIÓN')).toBe(lower);
});

test('a deep link searches on load, and the category filter narrows until "Limpiar filtros"', async ({ page }) => {
  await page.goto('/buscar?q=generador');
  await expect(searchBox(page)).toHaveValue('generador');
  const all = await resultCount(page, 'generador');
  expect(all).toBeGreaterThan(12);
  await expect(page.getByRole('button', { name: 'Limpiar filtros' })).toHaveCount(0);

  await categoryFilter(page).selectOption({ value: 'imagen' });
  await expect(page).toHaveURL(/\/buscar\?q=generador&categoria=imagen$/);
  await expect(status(page)).not.toHaveText(`${all} resultados para «generador»`);
  const narrowed = await resultCount(page, 'generador');
  expect(narrowed).toBeGreaterThan(0);
  expect(narrowed).toBeLessThan(all);
  await expect(results(page).first().getByRole('link', { name: 'Imagen', exact: true })).toBeVisible();
  // The filter counts each category's results once the cards are in, the chosen one as many as are shown.
  await expect(categoryFilter(page).locator('option[value="imagen"]')).toHaveText(`Imagen (${narrowed})`);
  const counted = await categoryFilter(page).locator('option:not([value=""])').allTextContents();
  expect(counted.length).toBeGreaterThan(1);
  for (const label of counted) expect(label).toMatch(/ \([1-9]\d*\)$/);

  await page.getByRole('button', { name: 'Limpiar filtros' }).click();
  await expect(page).toHaveURL(/\/buscar\?q=generador$/);
  await expect(categoryFilter(page)).toHaveValue('');
  await expect(categoryFilter(page)).toBeFocused();
  expect(await resultCount(page, 'generador')).toBe(all);

  await page.goBack();
  await expect(categoryFilter(page)).toHaveValue('imagen');
  expect(await resultCount(page, 'generador')).toBe(narrowed);
});

test('a search with no results suggests what to try, and "Nueva búsqueda" starts over', async ({ page }) => {
  await page.goto('/buscar?q=zzxqwv+plorf');
  await expect(status(page)).toHaveText('0 resultados para «zzxqwv plorf»');
  await expect(page.getByRole('heading', { name: 'No hemos encontrado herramientas para «zzxqwv plorf»' })).toBeVisible();
  await expect(page.getByText('Revisa la ortografía.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'categorías', exact: true })).toHaveAttribute('href', '/categorias');
  await expect(page.getByRole('link', { name: 'programar', exact: true })).toHaveAttribute('href', '/buscar?q=programar');
  await page.getByRole('button', { name: 'Nueva búsqueda' }).click();
  await expect(searchBox(page)).toHaveValue('');
  await expect(searchBox(page)).toBeFocused();
  await expect(page).toHaveURL(/\/buscar$/);
  await expect(page.getByRole('heading', { name: 'Encuentra la herramienta de IA que necesitas' })).toBeVisible();
});

test('the search makes no request outside our own site', async ({ page, baseURL }) => {
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL!) && !request.url().startsWith('data:')) foreign.push(request.url());
  });
  await page.goto('/buscar?q=voz');
  expect(await resultCount(page, 'voz')).toBeGreaterThan(0);
  expect(foreign).toEqual([]);
});

test('result cards save like any card, and an admin gets their "Editar" link, also on cards loaded later', async ({ page, browser }) => {
  // A guest's cards: the save button works (it asks to sign in), and no 'Editar'.
  await page.goto('/buscar?q=imagenes');
  await expect(results(page)).toHaveCount(12);
  await expect(
    results(page)
      .first()
      .getByRole('button', { name: /^Guardar / }),
  ).toBeEnabled();
  await expect(page.getByRole('link', { name: /^Editar / })).toHaveCount(0);

  const email = `buscadora-${Date.now()}-${Math.floor(Math.random() * 1e6)}@brujula.test`;
  await createAccount({ email, name: 'Berta Buscadora', password: TEST_PASSWORD, role: 'admin' });
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await admin.goto('/login');
  await expect(admin.getByRole('button', { name: 'Iniciar sesión' })).toBeEnabled();
  await admin.getByLabel('Email').fill(email);
  await admin.getByLabel('Contraseña', { exact: true }).fill(TEST_PASSWORD);
  await admin.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(admin).toHaveURL(/\/dashboard$/);

  await admin.goto('/buscar');
  await search(admin, 'midjourney');
  const card = results(admin).first().getByRole('article');
  await expect(card.getByRole('heading', { level: 3 })).toHaveText('Midjourney');
  await expect(card.getByRole('link', { name: 'Editar Midjourney' })).toHaveAttribute('href', /^\/editar\/[0-9a-f-]{36}$/);
  const save = card.getByRole('button', { name: 'Guardar Midjourney' });
  await save.click();
  await expect(admin.getByRole('status').filter({ hasText: 'Publicación guardada' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Guardado Midjourney' })).toBeVisible();
  await card.getByRole('button', { name: 'Guardado Midjourney' }).click();
  await expect(card.getByRole('button', { name: 'Guardar Midjourney' })).toBeVisible();

  await search(admin, 'imagenes');
  await expect(results(admin)).toHaveCount(12);
  await admin.getByRole('button', { name: 'Cargar más resultados' }).click();
  await expect(results(admin)).toHaveCount(24);
  await expect(
    results(admin)
      .nth(12)
      .getByRole('link', { name: /^Editar / }),
  ).toBeVisible();
  await expect(
    results(admin)
      .nth(12)
      .getByRole('button', { name: /^Guardar / }),
  ).toBeEnabled();
  await admin.context().close();
});

for (const viewport of [
  { name: 'escritorio', width: 1280, height: 900 },
  { name: 'móvil', width: 390, height: 844 },
]) {
  test.describe(`accesibilidad (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('initial, results and empty pages', async ({ page }) => {
      await page.goto('/buscar');
      await expect(page.getByRole('heading', { name: 'Encuentra la herramienta de IA que necesitas' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.goto('/buscar?q=voz');
      expect(await resultCount(page, 'voz')).toBeGreaterThan(0);
      await expectNoSeriousA11yViolations(page);

      await page.goto('/buscar?q=zzxqwv&categoria=imagen');
      await expect(page.getByRole('button', { name: 'Nueva búsqueda' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
}
