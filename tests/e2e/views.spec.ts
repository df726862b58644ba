import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { withSiteDatabase } from './database.ts';
import { expect, test } from './fixtures.ts';

const TOOL = '/comfyui';
const viewsText = (views: number) => `${views.toLocaleString('es-ES')} ${views === 1 ? 'visita' : 'visitas'}`;
const viewCount = (page: Page) => page.getByText(/^[\d.]+ visitas?$/);

/** Opens a page and returns the count the server answered to the view it recorded. */
async function openCounting(page: Page, path: string): Promise<{ counted: boolean; views: number }> {
  const counted = page.waitForResponse((response) => response.url().endsWith('/api/views') && response.request().method() === 'POST');
  await page.goto(path);
  const response = await counted;
  expect(response.status()).toBe(200);
  return (await response.json()) as { counted: boolean; views: number };
}

async function totalViews(request: APIRequestContext, toolId: string): Promise<number> {
  const response = await request.get(`/api/views/${toolId}/stats`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { total_views: number }).total_views;
}

/** External sites are not reachable here: a tab opened on one gets a small stand-in page. */
async function stubExternalSites(context: BrowserContext, baseURL: string): Promise<void> {
  await context.route(
    (url) => url.origin !== new URL(baseURL).origin,
    (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Sitio externo</title>' }),
  );
}

test.describe('views', () => {
  test('opening a tool page counts a view, and a view from another visitor shows up live', async ({ page, browser, baseURL }) => {
    const first = await openCounting(page, TOOL);
    expect(first.counted).toBe(true);
    await expect(viewCount(page)).toHaveText(viewsText(first.views));

    // A reload in the same tab is the same visit: it does not count twice.
    const reloaded = await openCounting(page, TOOL);
    expect(reloaded).toEqual({ counted: false, views: first.views });
    await expect(viewCount(page)).toHaveText(viewsText(first.views));

    const other = await browser.newContext({ baseURL });
    try {
      const second = await openCounting(await other.newPage(), TOOL);
      expect(second).toEqual({ counted: true, views: first.views + 1 });
    } finally {
      await other.close();
    }
    await expect(viewCount(page)).toHaveText(viewsText(first.views + 1), { timeout: 10_000 });
    await expectNoSeriousA11yViolations(page);
  });

  test("'Visitar' on a card counts a click out to the tool, apart from page views, and opens it in a new tab", async ({ page, context, request, baseURL }) => {
    await stubExternalSites(context, baseURL!);
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Herramientas de IA' }).getByRole('article').first();
    const visit = card.getByRole('link', { name: /^Visitar / });
    await expect(visit).toHaveAttribute('target', '_blank');
    await expect(visit).toHaveAttribute('rel', /\bnoopener\b/);
    const toolId = (await visit.getAttribute('data-click-tool'))!;
    const before = await totalViews(request, toolId);
    const clicks = () =>
      withSiteDatabase(async (pool) => Number((await pool.query<{ clicks: string }>('SELECT clicks FROM posts WHERE id = $1', [toolId])).rows[0]!.clicks));
    const clicksBefore = await clicks();

    const counted = page.waitForResponse((response) => response.url().endsWith('/api/clicks') && response.request().method() === 'POST');
    const [popup] = await Promise.all([page.waitForEvent('popup'), visit.click()]);
    expect(popup.url()).toBe(await visit.getAttribute('href'));
    const response = await counted;
    expect(response.status()).toBe(200);
    expect(JSON.parse(response.request().postData()!)).toMatchObject({ toolId });
    await expect.poll(clicks).toBe(clicksBefore + 1);
    // A click out is not a page view: 'Más Visitadas' and 'Más Usadas' count different things.
    expect(await totalViews(request, toolId)).toBe(before);
  });

  test("'Visitar Herramienta' counts a click too, still opening the tool in a new tab", async ({ page, context, baseURL }) => {
    await stubExternalSites(context, baseURL!);
    await openCounting(page, TOOL);
    const visit = page.getByRole('link', { name: /^Visitar Herramienta/ });
    const counted = page.waitForRequest((sent) => sent.url().endsWith('/api/clicks') && sent.method() === 'POST');
    const [popup] = await Promise.all([page.waitForEvent('popup'), visit.click()]);
    expect(popup.url()).toBe(await visit.getAttribute('href'));
    expect(JSON.parse((await counted).postData()!)).toMatchObject({ toolId: await visit.getAttribute('data-click-tool') });
  });
});
