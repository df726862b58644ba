/**
 * The fact filters («Gratis», «En español», «Con API», «Código abierto») on a category page and on
 * /buscar, at phone and desktop widths: they combine, the address keeps them, a reload keeps them, and the pages
 * stay accessible and without sideways scroll. Relies on the seeded facts (ChatGPT's are checked: Spanish, free
 * plan, API, not open source) and pricing models; other tools may gain facts, so counts are compared, not fixed.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

const widths = [
  { name: 'escritorio', width: 1280, height: 900 },
  { name: 'móvil', width: 390, height: 844 },
];

const filterGroup = (page: Page) => page.getByRole('group', { name: 'Filtrar por' });
const toggle = (page: Page, name: string) => filterGroup(page).getByRole('button', { name, exact: true });

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

for (const { name, width, height } of widths) {
  test.describe(`filtros de datos (${name})`, () => {
    test.use({ viewport: { width, height } });
    // axe checks every card of the category; on the shared 2-core machine that can take longer than 30 s.
    test.slow();

    test('a category page filters by «Gratis» and «En español», in the address and after a reload', async ({ page }) => {
      const titles = page.getByRole('region', { name: /Todas las herramientas|Resultados/ }).getByRole('heading', { level: 3 });
      const count = page.locator('[data-category-count]');
      // The count line gives the whole category's figures; a page shows at most 24 of them.
      const figure = async () => Number((await count.textContent())!.split(' ')[0]!.replaceAll('.', ''));
      const shownFor = (matching: number) => Math.min(matching, 24);
      await page.goto('/categoria/asistentes-chat');
      await expect(page.locator('[data-category-tools][data-category-ready]')).toHaveCount(1);
      await expect(count).toHaveText(/^\d+ herramientas$/);
      const total = await figure();
      await expect(titles).toHaveCount(shownFor(total));
      await expect(toggle(page, 'Gratis')).toHaveAttribute('aria-pressed', 'false');

      await toggle(page, 'Gratis').click();
      await expect(toggle(page, 'Gratis')).toHaveAttribute('aria-pressed', 'true');
      await expect(page).toHaveURL(/\/categoria\/asistentes-chat\?filtro=gratis$/);
      await expect(count).toHaveText(new RegExp(`^\\d+ resultados? de ${total}$`));
      const free = await figure();
      expect(free).toBeGreaterThan(0);
      expect(free).toBeLessThan(total);
      await expect(titles).toHaveCount(shownFor(free));
      await expect(page.getByRole('heading', { level: 2, name: 'Resultados' })).toBeVisible();

      await toggle(page, 'En español').click();
      await expect(page).toHaveURL(/\?filtro=gratis,en-espanol$/);
      await expect.poll(figure).toBeLessThan(free);
      const freeInSpanish = await figure();
      await expect(titles).toHaveCount(shownFor(freeInSpanish));
      await expect(titles.filter({ hasText: /^ChatGPT$/ })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page);

      await page.reload();
      await expect(page.locator('[data-category-tools][data-category-ready]')).toHaveCount(1);
      await expect(toggle(page, 'Gratis')).toHaveAttribute('aria-pressed', 'true');
      await expect(toggle(page, 'En español')).toHaveAttribute('aria-pressed', 'true');
      await expect(toggle(page, 'Con API')).toHaveAttribute('aria-pressed', 'false');
      await expect(count).toHaveText(`${freeInSpanish} ${freeInSpanish === 1 ? 'resultado' : 'resultados'} de ${total}`);
      await expect(titles).toHaveCount(shownFor(freeInSpanish));

      // Turning one off widens the list again.
      await toggle(page, 'En español').click();
      await expect(page).toHaveURL(/\?filtro=gratis$/);
      await expect(count).toHaveText(`${free} ${free === 1 ? 'resultado' : 'resultados'} de ${total}`);
      await expect(titles).toHaveCount(shownFor(free));
    });

    test('a category page says when nothing passes the filters, and «Limpiar filtros» brings every tool back', async ({ page }) => {
      const titles = page.getByRole('region', { name: /Todas las herramientas|Resultados/ }).getByRole('heading', { level: 3 });
      await page.goto('/categoria/asistentes-chat?filtro=gratis,con-api,codigo-abierto,en-espanol');
      await expect(page.locator('[data-category-tools][data-category-ready]')).toHaveCount(1);
      for (const filter of ['Gratis', 'En español', 'Con API', 'Código abierto']) await expect(toggle(page, filter)).toHaveAttribute('aria-pressed', 'true');
      await page.getByRole('searchbox', { name: 'Buscar en Asistentes y chatbots' }).fill('zzzz');
      await expect(page.getByText('Sin resultados')).toBeVisible();
      await expect(page.getByText('Ninguna herramienta de Asistentes y chatbots coincide con «zzzz» y con los filtros elegidos.')).toBeVisible();
      await page.getByRole('button', { name: 'Limpiar filtros' }).click();
      await expect(page).toHaveURL(/\/categoria\/asistentes-chat$/);
      await expect(page.getByRole('heading', { level: 2, name: 'Todas las herramientas' })).toBeVisible();
      expect(await titles.count()).toBeGreaterThan(1);
      await expect(toggle(page, 'Gratis')).toHaveAttribute('aria-pressed', 'false');
      await expectNoSidewaysScroll(page);
    });

    test('/buscar filters a search by «Gratis» and «En español», in the address and after a reload', async ({ page }) => {
      const status = page.getByRole('main').getByRole('status');
      const results = page.getByRole('list', { name: 'Resultados' }).locator(':scope > li');
      const countOf = async () => {
        await expect(status).toHaveText(/^\d+ resultados? para «chat»$/);
        return Number((await status.textContent())!.split(' ')[0]);
      };
      await page.goto('/buscar?q=chat');
      await expect(page.locator('[data-search-page][data-search-ready]')).toBeAttached();
      const all = await countOf();
      expect(all).toBeGreaterThan(1);

      await toggle(page, 'Gratis').click();
      await expect(page).toHaveURL(/\/buscar\?q=chat&filtro=gratis$/);
      await expect.poll(countOf).toBeLessThan(all);
      const free = await countOf();

      await toggle(page, 'En español').click();
      await expect(page).toHaveURL(/\/buscar\?q=chat&filtro=gratis,en-espanol$/);
      await expect.poll(countOf).toBeLessThan(free);
      await expect(results.getByRole('heading', { name: 'ChatGPT', exact: true })).toBeVisible();
      const freeInSpanish = await countOf();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page);

      await page.reload();
      await expect(page.locator('[data-search-page][data-search-ready]')).toBeAttached();
      await expect(toggle(page, 'Gratis')).toHaveAttribute('aria-pressed', 'true');
      await expect(toggle(page, 'En español')).toHaveAttribute('aria-pressed', 'true');
      expect(await countOf()).toBe(freeInSpanish);

      // Back returns to the search before the last filter.
      await page.goBack();
      await expect(page).toHaveURL(/\/buscar\?q=chat&filtro=gratis$/);
      await expect(toggle(page, 'En español')).toHaveAttribute('aria-pressed', 'false');
      expect(await countOf()).toBe(free);
    });

    test('/buscar finds a tool «Con API» by name with the filter on, and not with a filter it fails', async ({ page }) => {
      const status = page.getByRole('main').getByRole('status');
      const results = page.getByRole('list', { name: 'Resultados' }).locator(':scope > li');
      await page.goto('/buscar?q=chatgpt&filtro=con-api');
      await expect(page.locator('[data-search-page][data-search-ready]')).toBeAttached();
      await expect(toggle(page, 'Con API')).toHaveAttribute('aria-pressed', 'true');
      await expect(results.first().getByRole('heading', { name: 'ChatGPT', exact: true })).toBeVisible();
      await toggle(page, 'Código abierto').click();
      await expect(page).toHaveURL(/filtro=con-api,codigo-abierto$/);
      await expect(status).toHaveText(/^\d+ resultados? para «chatgpt»$/);
      await expect(results.getByRole('heading', { name: 'ChatGPT', exact: true })).toHaveCount(0);
      await page.getByRole('button', { name: 'Limpiar filtros' }).click();
      await expect(page).toHaveURL(/\/buscar\?q=chatgpt$/);
      await expect(results.first().getByRole('heading', { name: 'ChatGPT', exact: true })).toBeVisible();
    });
  });
}
