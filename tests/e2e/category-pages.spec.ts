/**
 * Category pages that stay small: 24 tools per static page, rendered once; /pagina/{n} pages with
 * rel prev/next and their own canonical; the paginator works without JavaScript; with it, sort, search and the
 * fact filters replace the list from GET /api/tools and the address keeps them. At phone and desktop widths.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

// The e2e server seeds a fresh database from this file, so its figures are the database's.
const seedTools = JSON.parse(readFileSync('supabase/seed/tools.json', 'utf8')) as { category: string }[];
const imageCount = seedTools.filter((tool) => tool.category === 'imagen').length;
const lastPage = Math.ceil(imageCount / 24);

const allTools = (page: Page) => page.getByRole('region', { name: /Todas las herramientas|Resultados/ });
const cardTitles = (page: Page) => allTools(page).getByRole('heading', { level: 3 });
const count = (page: Page) => page.locator('[data-category-count]');

test.describe('sin JavaScript', () => {
  // The page past the last answers 404 on purpose.
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: [/status of 404 .*categoria\/imagen\/pagina\/\d+\)/] });

  test('the first page shows 24 tools once and «Página siguiente» leads through the pages', async ({ page }) => {
    expect(imageCount).toBeGreaterThan(48);
    const response = await page.goto('/categoria/imagen');
    expect(response?.status()).toBe(200);
    await expect(cardTitles(page)).toHaveCount(24);
    // One copy of each card in the whole page (no second list for the list view); the featured section stays small.
    await expect(page.locator('[data-category-all] article')).toHaveCount(24);
    expect(await page.locator('[data-category-featured] article').count()).toBeLessThanOrEqual(6);
    await expect(count(page)).toHaveText(`${imageCount} herramientas`);
    const paginator = page.getByRole('navigation', { name: 'Paginación' });
    await expect(paginator).toContainText(`Página 1 de ${lastPage}`);
    await expect(paginator.getByRole('link', { name: 'Página anterior' })).toHaveCount(0);
    await expect(page.locator('head link[rel="next"]')).toHaveAttribute('href', /\/categoria\/imagen\/pagina\/2$/);
    await expect(page.locator('head link[rel="prev"]')).toHaveCount(0);
    const firstPageTitles = await cardTitles(page).allTextContents();

    const next = paginator.getByRole('link', { name: 'Página siguiente' });
    await expect(next).toHaveAttribute('rel', 'next');
    await next.click();
    await expect(page).toHaveURL(/\/categoria\/imagen\/pagina\/2$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Imagen' })).toBeVisible();
    await expect(cardTitles(page)).toHaveCount(24);
    const secondPageTitles = await cardTitles(page).allTextContents();
    expect(secondPageTitles.filter((title) => firstPageTitles.includes(title))).toEqual([]);
    await expect(page.getByRole('region', { name: 'Destacadas' })).toHaveCount(0);
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', /\/categoria\/imagen\/pagina\/2$/);
    await expect(page.locator('head link[rel="prev"]')).toHaveAttribute('href', /\/categoria\/imagen$/);
    await expect(page.locator('head link[rel="next"]')).toHaveAttribute('href', /\/categoria\/imagen\/pagina\/3$/);
    await expect(page.getByRole('navigation', { name: 'Paginación' })).toContainText(`Página 2 de ${lastPage}`);
    await page.getByRole('navigation', { name: 'Paginación' }).getByRole('link', { name: 'Página anterior' }).click();
    await expect(page).toHaveURL(/\/categoria\/imagen$/);
  });

  test('the last page holds the rest; /pagina/1 is the category and a page past the last is a 404', async ({ page }) => {
    await page.goto(`/categoria/imagen/pagina/${lastPage}`);
    await expect(cardTitles(page)).toHaveCount(imageCount - (lastPage - 1) * 24);
    await expect(page.getByRole('link', { name: 'Página siguiente' })).toHaveCount(0);
    await expect(page.locator('head link[rel="next"]')).toHaveCount(0);

    const first = await page.goto('/categoria/imagen/pagina/1');
    expect(first?.request().redirectedFrom()?.url()).toMatch(/\/pagina\/1$/);
    await expect(page).toHaveURL(/\/categoria\/imagen$/);

    const past = await page.goto(`/categoria/imagen/pagina/${lastPage + 1}`);
    expect(past?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Ver Imagen' })).toHaveAttribute('href', '/categoria/imagen');
  });
});

const widths = [
  { name: 'escritorio', width: 1280, height: 900 },
  { name: 'móvil', width: 390, height: 844 },
];

for (const { name, width, height } of widths) {
  test.describe(`con JavaScript (${name})`, () => {
    test.use({ viewport: { width, height } });
    test.slow();

    test.describe('a card the build has not written', () => {
      test.use({ allowedConsoleErrors: [/tarjetas\/midjourney\.html/] });

      test('a tool the last build has no card for still shows, as a plain card', async ({ page }) => {
        // As for a tool approved after the build: the API lists it, its built card does not exist yet.
        await page.route('**/pagefind/tarjetas/*.html', (route, request) =>
          request.url().endsWith('/midjourney.html') ? route.fulfill({ status: 404, body: '' }) : route.fallback(),
        );
        await page.goto('/categoria/imagen?q=midjourney');
        await expect(page.locator('[data-category-tools][data-category-ready]')).toHaveCount(1);
        const plain = page.locator('[data-category-all] article').filter({ has: page.getByRole('link', { name: 'Midjourney', exact: true }) });
        await expect(plain).toHaveCount(1);
        await expect(page.getByRole('alert').filter({ hasText: 'No se pudieron cargar' })).toHaveCount(0);
      });
    });

    test('sort, filters and search replace the list from the API and stay in the address', async ({ page }) => {
      await page.goto('/categoria/imagen');
      await expect(page.locator('[data-category-tools][data-category-ready]')).toHaveCount(1);
      const sort = page.getByRole('combobox', { name: 'Ordenar por' });
      await expect(sort.locator('option')).toHaveText(['Más recientes', 'Más populares', 'Más valoradas']);
      const newest = await cardTitles(page).allTextContents();

      await sort.selectOption({ label: 'Más populares' });
      await expect(page).toHaveURL(/\/categoria\/imagen\?orden=populares$/);
      // With no visits yet, the editorially popular tools come first: the order changes, the whole category stays.
      await expect.poll(async () => (await cardTitles(page).allTextContents()).join('|')).not.toBe(newest.join('|'));
      await expect(cardTitles(page)).toHaveCount(24);
      await expect(count(page)).toHaveText(`${imageCount} herramientas`);
      await expect(page.getByRole('heading', { level: 2, name: 'Todas las herramientas' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Paginación' })).toBeHidden();
      const more = page.getByRole('button', { name: 'Cargar más herramientas' });
      await more.click();
      await expect(cardTitles(page)).toHaveCount(48);

      const search = page.getByRole('searchbox', { name: 'Buscar en Imagen' });
      await search.fill('MIDJOURNEY');
      await expect(page).toHaveURL(/q=MIDJOURNEY/);
      await expect(cardTitles(page).filter({ hasText: /^Midjourney$/ })).toBeVisible();
      await expect(count(page)).toHaveText(new RegExp(`^\\d+ resultados? de ${imageCount}$`));
      await expect(page.getByRole('heading', { level: 2, name: 'Resultados' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Destacadas' })).toBeHidden();
      await search.fill('');
      await expect(count(page)).toHaveText(`${imageCount} herramientas`);

      await page.getByRole('group', { name: 'Filtrar por' }).getByRole('button', { name: 'Gratis', exact: true }).click();
      await expect(page).toHaveURL(/\/categoria\/imagen\?orden=populares&filtro=gratis$|\/categoria\/imagen\?filtro=gratis&orden=populares$/);
      await expect(count(page)).toHaveText(new RegExp(`^\\d+ resultados? de ${imageCount}$`));
      const free = Number((await count(page).textContent())!.split(' ')[0]);
      expect(free).toBeGreaterThan(0);
      expect(free).toBeLessThan(imageCount);
      await expect(cardTitles(page)).toHaveCount(Math.min(free, 24));
      await expectNoSeriousA11yViolations(page);

      // A reload (or a shared link) restores the same list.
      const shown = await cardTitles(page).allTextContents();
      await page.reload();
      await expect(page.locator('[data-category-tools][data-category-ready]')).toHaveCount(1);
      await expect(sort).toHaveValue('popular');
      await expect(page.getByRole('group', { name: 'Filtrar por' }).getByRole('button', { name: 'Gratis', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(cardTitles(page)).toHaveText(shown);

      await page.getByRole('searchbox', { name: 'Buscar en Imagen' }).fill('zzzz sin coincidencias');
      await expect(page.getByText('Sin resultados')).toBeVisible();
      await expect(page.getByText('Ninguna herramienta de Imagen coincide con «zzzz sin coincidencias» y con los filtros elegidos.')).toBeVisible();
      await page.getByRole('button', { name: 'Limpiar filtros' }).click();
      await sort.selectOption({ label: 'Más recientes' });
      await expect(page).toHaveURL(/\/categoria\/imagen$/);
      await expect(cardTitles(page)).toHaveText(newest);
      await expect(page.getByRole('navigation', { name: 'Paginación' })).toBeVisible();
    });

    test('grid and list are one list of cards; page 2 is accessible', async ({ page }) => {
      await page.goto('/categoria/imagen/pagina/2');
      await expect(page.locator('[data-category-tools][data-category-ready]')).toHaveCount(1);
      const list = page.getByRole('button', { name: 'Lista' });
      await list.click();
      await expect(list).toHaveAttribute('aria-pressed', 'true');
      await expect(page.locator('[data-category-tools]')).toHaveAttribute('data-view', 'list');
      const tops = await allTools(page)
        .getByRole('article')
        .evaluateAll((cards) => cards.slice(0, 3).map((card) => Math.round(card.getBoundingClientRect().top)));
      expect(new Set(tops).size).toBe(3);
      await expect(page.locator('[data-category-all] article')).toHaveCount(24);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page);
    });
  });
}
