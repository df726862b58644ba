/**
 * Alternatives pages and comparisons on the seeded catalogue, at phone and desktop widths: the page
 * linked from the tool page, the canonical comparison with its table, the «Comparar con…» picker, the 404s and
 * the sitemap.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** The page's robots directive, or null when it has none (it may be indexed). */
async function robotsOf(page: Page): Promise<string | null> {
  const robots = page.locator('meta[name="robots"]');
  return (await robots.count()) > 0 ? robots.getAttribute('content') : null;
}

for (const width of [390, 1280]) {
  test.describe(`a ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the tool page links to its alternatives, which list real tools with how each differs', async ({ page }) => {
      // Several page loads and an axe pass: on a shared, busy machine they can take longer than the default 30 s.
      test.slow();
      await page.goto('/chatgpt');
      await page.getByRole('link', { name: 'Ver alternativas a ChatGPT' }).click();
      await expect(page).toHaveURL(/\/alternativas\/chatgpt$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Alternativas a ChatGPT' })).toBeVisible();
      const cards = page.locator('[data-alternative]');
      const count = await cards.count();
      expect(count).toBeGreaterThanOrEqual(6);
      expect(count).toBeLessThanOrEqual(12);
      await expect(page.locator('[data-alternative="claude"]').getByRole('link', { name: 'Claude', exact: true })).toBeVisible();
      for (const line of await page.locator('[data-alternative] [data-difference]').allTextContents()) expect(line.trim()).not.toBe('');
      await expect(page.locator('[data-alternative="chatgpt"]')).toHaveCount(0);
      const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(jsonLd.some((text) => text.includes('"ItemList"') && text.includes('/claude'))).toBe(true);
      expect(jsonLd.some((text) => text.includes('"BreadcrumbList"'))).toBe(true);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/alternativas\/chatgpt$/);
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page);
    });

    test('a tool past the prerendered alternatives pages gets the same page, rendered on demand', async ({ page, request }) => {
      test.slow();
      // Avatar AI comes after the first 500 tools in editorial order (PRERENDERED_TOOLS in playwright.config.ts).
      const served = await request.get('/alternativas/avatar-ai');
      expect(served.status()).toBe(200);
      expect(served.headers().etag, 'a prerendered file would carry an ETag').toBeUndefined();
      // The tool page as HTML, not in the browser: a visit there would count a view, and later specs (the
      // popularity sort of /categoria/imagen) expect Avatar AI unvisited.
      const toolPage = await (await request.get('/avatar-ai')).text();
      expect(toolPage).toContain('href="/alternativas/avatar-ai"');
      const toolRobots = /<meta name="robots" content="([^"]*)"/.exec(toolPage)?.[1] ?? null;
      await page.goto('/alternativas/avatar-ai');
      await expect(page.getByRole('heading', { level: 1, name: 'Alternativas a Avatar AI' })).toBeVisible();
      const count = await page.locator('[data-alternative]').count();
      expect(count).toBeGreaterThanOrEqual(3);
      expect(count).toBeLessThanOrEqual(12);
      for (const line of await page.locator('[data-alternative] [data-difference]').allTextContents()) expect(line.trim()).not.toBe('');
      const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(jsonLd.some((text) => text.includes('"ItemList"') && text.includes('Alternativas a Avatar AI'))).toBe(true);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/alternativas\/avatar-ai$/);
      // Indexed exactly when the tool's own page is, as a prerendered one.
      expect(await robotsOf(page)).toBe(toolRobots);
      // The prerendered template's own styles, not another route's.
      const styles = () => page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      const onDemand = await styles();
      await page.goto('/alternativas/chatgpt');
      expect(onDemand).toEqual(await styles());
      await expectNoSidewaysScroll(page);
      await page.goto('/alternativas/avatar-ai');
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page);
    });

    test('a comparison has one address and shows the facts side by side', async ({ page, request }) => {
      test.slow();
      const reversed = await request.get('/comparar/claude-vs-chatgpt', { maxRedirects: 0 });
      expect(reversed.status()).toBe(301);
      expect(new URL(reversed.headers().location!, 'http://x').pathname).toBe('/comparar/chatgpt-vs-claude');

      await page.goto('/comparar/claude-vs-chatgpt');
      await expect(page).toHaveURL(/\/comparar\/chatgpt-vs-claude$/);
      await expect(page.getByRole('heading', { level: 1, name: 'ChatGPT vs Claude' })).toBeVisible();
      const table = page.getByRole('table', { name: 'Comparativa de ChatGPT y Claude' });
      await expect(table.getByRole('columnheader', { name: 'ChatGPT' })).toBeVisible();
      await expect(table.getByRole('columnheader', { name: 'Claude' })).toBeVisible();
      const company = table.getByRole('row', { name: /^Empresa/ });
      await expect(company.getByRole('cell').first()).toHaveText('OpenAI (Estados Unidos)');
      await expect(table.getByRole('rowheader', { name: 'Datos comprobados' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Ver la ficha de Claude' })).toHaveAttribute('href', '/claude');
      // A curated pair of indexable tools may be indexed.
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page);
    });

    test('the «Comparar con…» picker on a tool page reaches a comparison', async ({ page }) => {
      test.slow();
      await page.goto('/chatgpt');
      const picker = page.getByRole('combobox', { name: 'Comparar ChatGPT con…' });
      await picker.focus();
      // The suggestions arrive on first focus: every tool but this one, by name.
      await expect(page.locator('#comparar-opciones option[value="Claude"]')).toHaveCount(1);
      await expect(page.locator('#comparar-opciones option[value="ChatGPT"]')).toHaveCount(0);
      await picker.fill('Midjourney');
      await page.getByRole('button', { name: 'Comparar', exact: true }).click();
      await expect(page).toHaveURL(/\/comparar\/chatgpt-vs-midjourney$/);
      await expect(page.getByRole('heading', { level: 1, name: 'ChatGPT vs Midjourney' })).toBeVisible();
      // Not a curated pair: shown, never indexed.
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      await expectNoSidewaysScroll(page);
    });
  });
}

test.describe('addresses that are not comparisons', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('unknown tools, a tool against itself and a name nobody has answer 404 in Spanish', async ({ page, request }) => {
    for (const path of ['/comparar/chatgpt-vs-no-existe-esta', '/comparar/chatgpt-vs-chatgpt', '/alternativas/no-existe-esta', '/alternativas/avatar-ai%00']) {
      expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(404);
    }
    const response = await page.goto('/comparar?a=chatgpt&b=Herramienta%20inventada');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('alert')).toHaveText('No encontramos ninguna herramienta llamada «Herramienta inventada».');
    const named = await request.get('/comparar?a=ChatGPT&b=claude', { maxRedirects: 0 });
    expect(named.status()).toBe(301);
    expect(named.headers().location).toContain('/comparar/chatgpt-vs-claude');
  });

  test('the sitemap lists alternatives pages and only curated comparisons', async ({ request }) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    expect(xml).toContain('/alternativas/chatgpt</loc>');
    expect(xml).toContain('/comparar/chatgpt-vs-claude</loc>');
    expect(xml).not.toContain('/comparar/chatgpt-vs-midjourney</loc>');
  });
});
