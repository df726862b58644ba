/**
 * The living catalogue in the browser: the home's first screen, logos and generated marks, neighbouring cards that never
 * look alike, the three filters explained, retired tools, the admin's list of flagged tools with its evidence
 * (made by the real link checker against the fake website), typo-tolerant search, the feed and the public API.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { runEnrichment } from '../../src/server/catalogue/enrich.ts';
import { LocalStorage } from '../../src/server/storage/local.ts';
import { SITES, startFakeWebsite } from '../fixtures/fake-website.ts';
import { signIn, TEST_PASSWORD } from './accounts.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { createAccount, waitForRebuilds, withSiteDatabase } from './database.ts';
import { expect, test } from './fixtures.ts';

const KNOWN = ['ChatGPT', 'Claude', 'Gemini', 'Midjourney', 'Perplexity', 'Copilot', 'DeepL', 'Canva', 'Notion AI', 'ElevenLabs', 'Runway', 'Suno', 'Cursor'];
const logos = JSON.parse(readFileSync('supabase/seed/logos.json', 'utf8')) as Record<string, string>;

const catalogue = (page: Page) => page.getByRole('region', { name: 'Herramientas de IA' });
const cardTitles = (scope: Locator) => scope.getByRole('article').getByRole('heading', { level: 3 });

/** Waits until every image of the element has loaded (or failed and been hidden), after bringing it into view. */
async function settled(element: Locator): Promise<void> {
  await element.scrollIntoViewIfNeeded();
  await expect.poll(() => element.evaluate((node) => [...node.querySelectorAll('img')].every((image) => image.complete)), { timeout: 10_000 }).toBe(true);
}

test.describe('home', () => {
  test('the first twelve cards are tools a visitor recognises, most with their logo', async ({ page }) => {
    await page.goto('/');
    const titles = await cardTitles(catalogue(page)).allTextContents();
    expect(titles).toHaveLength(12);
    const known = titles.filter((title) => KNOWN.some((name) => title.includes(name)));
    expect(known.length, titles.join(', ')).toBeGreaterThanOrEqual(6);
    expect(titles[0]).toBe('ChatGPT');
    const first = catalogue(page).getByRole('article').first();
    await settled(first);
    const logo = first.locator('img[src^="/media/logos/"]').first();
    await expect(logo).toBeVisible();
    expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256);
  });

  test('each filter explains what it ranks by, on hover and on keyboard focus', async ({ page }) => {
    await page.goto('/');
    const used = catalogue(page).getByRole('button', { name: 'Más Usadas' });
    await expect(used).toHaveAccessibleDescription(/«Visitar».*aparte de las visitas a la ficha/);
    await expect(catalogue(page).getByRole('button', { name: 'Más Visitadas' })).toHaveAccessibleDescription(/abre la página de la herramienta/);
    await expect(catalogue(page).getByRole('button', { name: 'Populares' })).toHaveAccessibleDescription(/últimos 30 días/);
    const tooltip = page.getByRole('tooltip', { name: /«Visitar»/ });
    await expect(tooltip).toBeHidden();
    await used.hover();
    await expect(tooltip).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(tooltip).toBeHidden();
    await used.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(tooltip).toBeVisible();
  });
});

test.describe('category grid', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('never shows two identical images side by side or one above the other', async ({ page }) => {
    await page.goto('/categoria/video');
    const grid = page.getByRole('region', { name: 'Todas las herramientas' }).locator('ul[data-category-list]');
    await expect(grid).toBeVisible();
    // Three columns at this width.
    const columns = await grid.evaluate((node) => getComputedStyle(node).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(3);
    const cards = grid.locator(':scope > li');
    const count = Math.min(await cards.count(), 30);
    expect(count).toBeGreaterThan(20);
    const shots: Buffer[] = [];
    for (let index = 0; index < count; index++) {
      const image = cards.nth(index).getByRole('article').locator(':scope > div').first();
      await settled(image);
      shots.push(await image.screenshot({ animations: 'disabled' }));
    }
    for (let index = 0; index < count; index++) {
      const right = index % columns < columns - 1 ? index + 1 : -1;
      const below = index + columns;
      for (const neighbour of [right, below]) {
        if (neighbour < 0 || neighbour >= count) continue;
        expect(shots[index]!.equals(shots[neighbour]!), `las imágenes ${index + 1} y ${neighbour + 1} son iguales`).toBe(false);
      }
    }
  });
});

test.describe('tool page', () => {
  // Opening a page counts a view: a tool outside 'imagen', whose order categories.spec.ts checks with no views.
  test("shows a curated logo in the header and in the card image, on the category's colour", async ({ page }) => {
    expect(logos.perplexity).toBe('lobehub:perplexity-color');
    await page.goto('/perplexity');
    const header = page.getByRole('article').filter({ has: page.getByRole('heading', { level: 1, name: 'Perplexity' }) });
    await settled(header);
    const images = header.locator('img[src^="/media/logos/perplexity-"]');
    await expect(images).toHaveCount(2);
    for (const image of await images.all()) expect(await image.evaluate((node: HTMLImageElement) => node.naturalWidth)).toBe(256);
  });

  test('a tool without a logo shows its initials', async ({ page }) => {
    await page.goto('/blimey');
    const header = page.getByRole('article').filter({ has: page.getByRole('heading', { level: 1, name: 'Blimey' }) });
    await expect(header.getByText('Bl', { exact: true })).toBeVisible();
  });

  test('a retired tool keeps its page, says so, and points to live alternatives', async ({ page }) => {
    await page.goto('/diagram');
    const note = page.getByRole('note');
    await expect(note).toContainText('Esta herramienta ya no está disponible');
    await expect(page.getByRole('link', { name: /^Visitar Herramienta/ })).toHaveCount(0);
    await note.getByRole('link', { name: 'Ver alternativas' }).click();
    await expect(page).toHaveURL(/\/diagram#alternativas$/);
    const alternatives = page.getByRole('region', { name: 'Alternativas a Diagram' });
    await expect(alternatives.getByRole('article')).toHaveCount(3);
    await expect(alternatives.getByRole('link', { name: 'Más herramientas de Diseño' })).toHaveAttribute('href', '/categoria/diseno');
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('search', () => {
  const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Buscar herramientas de IA' });
  const results = (page: Page) => page.getByRole('list', { name: 'Resultados' }).locator(':scope > li');

  test('finds a tool by its name as it is typed, with one letter wrong, first', async ({ page }) => {
    await page.goto('/buscar');
    await expect(page.locator('[data-search-page][data-search-ready]')).toBeAttached();
    await searchBox(page).pressSequentially('midjorney');
    await expect(results(page).first().getByRole('heading', { level: 3 })).toHaveText('Midjourney');
    await expect(page).toHaveURL(/\/buscar\?q=midjorney$/);
    await searchBox(page).fill('CHATGPT');
    await expect(results(page).first().getByRole('heading', { level: 3 })).toHaveText('ChatGPT');
    await searchBox(page).fill('stabel diffusion');
    await expect(results(page).first().getByRole('heading', { level: 3 })).toHaveText('Stable Diffusion (Stability AI)');
  });

  test('gibberish finds nothing, and says so', async ({ page }) => {
    await page.goto('/buscar?q=xyzzyqq');
    await expect(page.getByRole('main').getByRole('status')).toHaveText('0 resultados para «xyzzyqq»');
    await expect(page.getByRole('heading', { name: 'No hemos encontrado herramientas para «xyzzyqq»' })).toBeVisible();
    await page.goto('/buscar?q=pizza');
    await expect(page.getByRole('main').getByRole('status')).toHaveText('0 resultados para «pizza»');
  });
});

test.describe('feed and public API', () => {
  test('every page links the RSS feed, which lists the newest tools', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/feed.xml');
    const feed = await request.get('/feed.xml');
    expect(feed.status()).toBe(200);
    const xml = await feed.text();
    expect(xml).toContain('<rss version="2.0"');
    expect(xml.match(/<item>/g)).toHaveLength(50);
  });

  test('/api/v1/tools answers any origin with a page of tools', async ({ request }) => {
    const response = await request.get('/api/v1/tools?category=video&per_page=5', { headers: { origin: 'https://otra-web.example' } });
    expect(response.status()).toBe(200);
    expect(response.headers()['access-control-allow-origin']).toBe('*');
    const body = (await response.json()) as { data: { categories: { slug: string }[] }[]; pagination: { perPage: number } };
    expect(body.pagination.perPage).toBe(5);
    expect(body.data).toHaveLength(5);
    expect(body.data.every((tool) => tool.categories.some((category) => category.slug === 'video'))).toBe(true);
  });
});

test.describe('admin: flagged tools', () => {
  const TOOL = 'ai-poem-generator';

  test.describe('without the permission', () => {
    // The browser logs the 403 answer of the page itself.
    test.use({ allowedConsoleErrors: [/status of 403/] });

    test('guests go to sign in, and a signed-in user without the permission gets 403', async ({ page }) => {
      await page.goto('/admin/enlaces');
      await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fenlaces$/);
      const email = `usuaria-enlaces-${Date.now()}@brujula.test`;
      await createAccount({ email, name: 'Usuaria Normal', password: TEST_PASSWORD, role: 'user' });
      await signIn(page, email);
      const response = await page.goto('/admin/enlaces');
      expect(response?.status()).toBe(403);
      await expect(page.getByRole('heading', { level: 1, name: 'Acceso denegado' })).toBeVisible();
    });
  });

  test('shows a tool whose site failed three checks, with the evidence, and retires it', async ({ page }) => {
    // Its changes to a published tool rebuild the site; the test waits for that, so no build runs under the next ones.
    test.setTimeout(8 * 60_000);
    const site = await startFakeWebsite();
    const uploads = await mkdtemp(path.join(os.tmpdir(), 'brujula-e2e-enlaces-'));
    const email = `admin-enlaces-${Date.now()}@brujula.test`;
    try {
      await withSiteDatabase(async (pool) => {
        await pool.query('UPDATE posts SET url = $1 WHERE slug = $2', [site.url(SITES.down), TOOL]);
        // The real checker, three runs as the job would make over three days, against the fake website.
        for (let run = 0; run < 3; run++) {
          await runEnrichment({
            pool,
            storage: new LocalStorage(uploads),
            userAgent: 'BrujulaIA/1.0 (+http://127.0.0.1/; prueba)',
            resolve: site.resolve,
            allowHosts: site.allowHosts(),
            slugs: [TOOL],
            hostDelayMs: 10,
          });
        }
      });
      await createAccount({ email, name: 'Admin Enlaces', password: TEST_PASSWORD, role: 'admin' });
      await signIn(page, email);

      await page.goto('/admin/enlaces');
      await expect(page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link', { name: 'Enlaces a revisar' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      const flagged = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'AI Poem Generator' }) });
      await expect(flagged).toContainText('Su web falló 3 comprobaciones seguidas');
      const evidence = flagged.getByRole('table');
      await expect(evidence.getByRole('row')).toHaveCount(4);
      await expect(evidence.getByRole('row').nth(1)).toContainText('503');
      await expect(evidence.getByRole('row').nth(1)).toContainText('La web respondió HTTP 503.');
      await expect(flagged).toContainText(site.url(SITES.down));
      await expectNoSeriousA11yViolations(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await expectNoSeriousA11yViolations(page);
      await page.setViewportSize({ width: 1280, height: 900 });

      page.once('dialog', (dialog) => void dialog.accept());
      await flagged.getByRole('button', { name: 'Marcar como retirada' }).click();
      const retired = page.getByRole('region', { name: /^Retiradas/ });
      await expect(retired.getByRole('link', { name: 'AI Poem Generator' })).toBeVisible();
      // Out of the home grid and its filters at once (the static page follows with the next rebuild).
      const { items } = (await (await page.request.get('/api/tools?category=escritura&page=1')).json()) as { items: { slug: string }[] };
      expect(items.map((item) => item.slug)).not.toContain(TOOL);

      await retired.getByRole('listitem').filter({ hasText: 'AI Poem Generator' }).getByRole('button', { name: 'Devolver al catálogo' }).click();
      await expect(retired.getByRole('link', { name: 'AI Poem Generator' })).toHaveCount(0);
    } finally {
      await withSiteDatabase(async (pool) => {
        const original = JSON.parse(readFileSync('supabase/seed/tools.json', 'utf8')) as { slug: string; url: string }[];
        await pool.query("UPDATE posts SET url = $1, link_status = 'unknown', check_failures = 0, discontinued_at = NULL WHERE slug = $2", [
          original.find((tool) => tool.slug === TOOL)!.url,
          TOOL,
        ]);
      });
      await site.close();
      await rm(uploads, { recursive: true, force: true });
      await waitForRebuilds();
    }
  });
});
