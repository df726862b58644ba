/**
 * Search that understands tasks and the «IA para…» pages, as a visitor meets them in Chromium.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

const status = (page: Page) => page.getByRole('main').getByRole('status');
const results = (page: Page) => page.getByRole('list', { name: 'Resultados' }).locator(':scope > li');
const topics = (page: Page) => page.getByRole('navigation', { name: 'Tareas y categorías de esta búsqueda' });

test('a task page lists its tools in order, links related tasks and its category, and carries an ItemList', async ({ page }) => {
  await page.goto('/ia-para/hacer-presentaciones');
  await expect(page.getByRole('heading', { level: 1, name: 'IA para hacer presentaciones' })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/ia-para\/hacer-presentaciones$/);
  const tools = page.locator('[data-task-tools] > li');
  expect(await tools.count()).toBeGreaterThan(5);
  await expect(tools.nth(0).or(tools.nth(1)).getByRole('link', { name: 'Gamma', exact: true })).toHaveAttribute('href', '/gamma');
  await expect(page.getByRole('heading', { name: 'Tareas relacionadas' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Todas las herramientas de Presentaciones' })).toHaveAttribute('href', '/categoria/presentaciones');
  const itemList = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? '{}') as { '@type'?: string; itemListElement?: unknown[] }));
  const list = itemList.find((json) => json['@type'] === 'ItemList');
  expect(list?.itemListElement?.length).toBe(await tools.count());
  // Static HTML: no island, no page script.
  await expect(page.locator('astro-island')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await tools.first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'Sirve para:' })).toBeVisible();
  await page.locator('[data-tool-uses]').getByRole('link', { name: 'Hacer presentaciones' }).click();
  await expect(page).toHaveURL(/\/ia-para\/hacer-presentaciones$/);
});

test('a category page links the tasks that live in it', async ({ page }) => {
  await page.goto('/categoria/presentaciones');
  await page.getByRole('navigation', { name: '¿Qué quieres hacer?' }).getByRole('link', { name: 'IA para hacer presentaciones' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'IA para hacer presentaciones' })).toBeVisible();
});

test('«hacer presentaciones» puts Gamma in the first two results under a link to the task', async ({ page }) => {
  await page.goto('/buscar?q=hacer+presentaciones');
  await expect(status(page)).toHaveText(/^\d+ resultados? para «hacer presentaciones»$/);
  // The count shows as soon as the search answers; the cards are fetched after it.
  await expect(results(page).locator('h2 a, h3 a').nth(1)).toBeVisible();
  const firstTwo = await results(page)
    .locator('h2 a, h3 a')
    .evaluateAll((links) => links.slice(0, 2).map((link) => link.getAttribute('href')));
  expect(firstTwo).toContain('/gamma');
  await expect(topics(page).getByRole('link', { name: /^IA para hacer presentaciones · \d+ herramientas$/ })).toHaveAttribute(
    'href',
    '/ia-para/hacer-presentaciones',
  );
  await expectNoSeriousA11yViolations(page);

  // A category's name leads to the category.
  await page.goto('/buscar?q=presentaciones');
  await expect(topics(page).getByRole('link', { name: /^Presentaciones · \d+ herramientas$/ })).toHaveAttribute('href', '/categoria/presentaciones');
});

test('a search that matches nothing offers the nearest tasks', async ({ page }) => {
  await page.goto('/buscar?q=trancribir+audo');
  await expect(status(page)).toHaveText('0 resultados para «trancribir audo»');
  await expect(topics(page).getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Quizá buscas una de estas tareas:' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pasar audio a texto', exact: true })).toHaveAttribute('href', '/ia-para/transcribir-audio');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Pasar audio a texto', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'IA para pasar audio a texto' })).toBeVisible();
});

test('words of buttons and labels find no tool', async ({ page }) => {
  await page.goto('/buscar?q=visitar');
  await expect(status(page)).toHaveText(/^\d+ resultados? para «visitar»$/);
  expect(Number((await status(page).textContent())!.split(' ')[0])).toBeLessThan(20);
});
