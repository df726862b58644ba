import pg from 'pg';
import { embeddedDatabaseUrl } from '../../src/server/db/embedded.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

/** The embedded database of the e2e server: its lock file names the port, and pg-password beside it the password. */
async function toolIdBySlug(slug: string): Promise<string> {
  const url = await embeddedDatabaseUrl(process.env.E2E_DATA_DIR ?? 'data/e2e');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>('SELECT id FROM posts WHERE slug = $1', [slug]);
    return rows[0]!.id;
  } finally {
    await client.end();
  }
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

test.describe('tool page', () => {
  test('shows breadcrumb, header, article, author and the featured sidebar', async ({ page }) => {
    const response = await page.goto('/chatgpt');
    expect(response?.status()).toBe(200);

    const breadcrumb = page.getByRole('navigation', { name: 'Ruta de navegación' });
    await expect(breadcrumb.getByRole('listitem')).toHaveText(['Inicio', 'Asistentes y chatbots', 'ChatGPT']);
    await expect(breadcrumb.getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/');
    await expect(breadcrumb.getByRole('link', { name: 'Asistentes y chatbots' })).toHaveAttribute('href', '/categoria/asistentes-chat');
    await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('ChatGPT');

    const article = page.getByRole('article').filter({ has: page.getByRole('heading', { level: 1, name: 'ChatGPT' }) });
    await expect(article.getByRole('list', { name: 'Distintivos' }).getByRole('listitem')).toHaveText(['Destacado']);
    await expect(article.getByText('Verificada', { exact: true })).toBeVisible();
    await expect(article.getByRole('list', { name: 'Categorías' }).getByRole('link', { name: 'Asistentes y chatbots' })).toHaveAttribute(
      'href',
      '/categoria/asistentes-chat',
    );
    // «Datos clave» from the seeded facts: the price falls back to the pricing model while its amount is unknown.
    const facts = article.getByRole('region', { name: 'Datos clave' });
    await expect(facts.locator('[data-fact="spanish"] dd')).toHaveText('Sí');
    await expect(facts.locator('[data-fact="price"] dd')).toHaveText('Freemium');
    await expect(facts.locator('[data-fact="freePlan"] dd')).toHaveText('Sí');
    await expect(facts.getByRole('list', { name: 'Plataformas' }).getByRole('listitem')).toHaveText([
      'Web',
      'iPhone y iPad',
      'Android',
      'Windows',
      'macOS',
      'API',
    ]);
    await expect(facts.locator('[data-fact="company"] dd')).toHaveText('OpenAI (Estados Unidos)');
    await expect(facts).toContainText('Última revisión: 25 de noviembre de 2026');

    const visit = article.getByRole('link', { name: /^Visitar Herramienta/ });
    await expect(visit).toHaveAttribute('href', 'https://chatgpt.com/');
    await expect(visit).toHaveAttribute('target', '_blank');
    await expect(visit).toHaveAttribute('rel', /\bnoopener\b/);

    await expect(article.getByRole('heading', { level: 2, name: '¿Qué es ChatGPT?' })).toBeVisible();
    await expect(article.getByRole('heading', { level: 2, name: '¿Para qué sirve?' })).toBeVisible();
    await expect(article.getByRole('link', { name: 'Claude' }).first()).toHaveAttribute('href', '/claude');

    const author = page.getByRole('region', { name: 'Publicado por' });
    await expect(author).toContainText('Redacción de Brújula IA');

    const sidebar = page.getByRole('complementary', { name: 'Herramientas destacadas' });
    const cards = sidebar.getByRole('article');
    await expect(cards).toHaveCount(3);
    await expect(sidebar.getByRole('heading', { name: 'ChatGPT', exact: true })).toHaveCount(0);
    for (const link of await sidebar.getByRole('heading', { level: 3 }).getByRole('link').all()) {
      await expect(link).toHaveAttribute('href', /^\/[a-z0-9-]+$/);
    }
  });

  test('a page still on the seed’s template article is noindex, one with a written article is not', async ({ page }) => {
    await page.goto('/blimey');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
    // Nothing is known about it: the facts box says so, without repeating the label («Precio: Precio sin confirmar» before).
    const facts = page.getByRole('region', { name: 'Datos clave' });
    await expect(facts.locator('[data-fact="price"] dd')).toHaveText('Sin confirmar');
    await expect(facts.locator('[data-fact="platforms"] dd')).toHaveText('Sin confirmar');
    await expect(facts).not.toContainText('Última revisión');
    await page.goto('/chatgpt');
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  });

  test('marks a popular tool with the Popular badge', async ({ page }) => {
    await page.goto('/grok');
    await expect(page.getByRole('list', { name: 'Distintivos' }).getByRole('listitem')).toHaveText(['Popular']);
  });

  test('a long title keeps the whole page usable on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/ultimate-skill-extractor-by-further');
    await expect(page.getByRole('heading', { level: 1, name: 'Ultimate Skill Extractor by Further' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Ruta de navegación' }).locator('[aria-current="page"]')).toHaveText(
      'Ultimate Skill Extractor by Further',
    );
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });

  test('publishes title, description, canonical and social tags', async ({ page, baseURL }) => {
    await page.goto('/chatgpt');
    await expect(page).toHaveTitle('ChatGPT | Brújula IA');
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description!.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/^El asistente conversacional de OpenAI/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/chatgpt`);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${baseURL}/og/chatgpt.png`);
    await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute('content', `${baseURL}/og/chatgpt.png`);
  });

  test('its JSON-LD parses and describes the tool and its breadcrumb', async ({ page, baseURL }) => {
    await page.goto('/chatgpt');
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const data = blocks.map((block) => JSON.parse(block) as Record<string, unknown>);
    expect(data.map((item) => item['@type'])).toEqual(['Organization', 'WebSite', 'SoftwareApplication', 'BreadcrumbList']);
    for (const item of data) expect(item['@context']).toBe('https://schema.org');

    const app = data.find((item) => item['@type'] === 'SoftwareApplication')!;
    expect(app).toMatchObject({
      name: 'ChatGPT',
      url: `${baseURL}/chatgpt`,
      image: `${baseURL}/og/chatgpt.png`,
      applicationCategory: 'Asistentes y chatbots',
      operatingSystem: 'Web, iOS, Android, Windows, macOS',
      inLanguage: 'es',
      isAccessibleForFree: true,
      offers: { '@type': 'Offer', price: '0', priceCurrency: 'EUR' },
    });
    expect(typeof app.description).toBe('string');

    const breadcrumb = data.find((item) => item['@type'] === 'BreadcrumbList')!;
    expect(breadcrumb.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Inicio', item: `${baseURL}/` },
      { '@type': 'ListItem', position: 2, name: 'Asistentes y chatbots', item: `${baseURL}/categoria/asistentes-chat` },
      { '@type': 'ListItem', position: 3, name: 'ChatGPT', item: `${baseURL}/chatgpt` },
    ]);
  });

  test('has no serious accessibility violations on desktop and on a phone', async ({ page }) => {
    await page.goto('/chatgpt');
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('a tool past the prerendered ones', () => {
  // Its view is not sent (see below), which the browser reports.
  test.use({ allowedConsoleErrors: [/\/api\/views/] });

  test('gets the same page, rendered on demand', async ({ page, request }) => {
    test.slow();
    // Avatar AI comes after the first 500 tools in editorial order (PRERENDERED_TOOLS in playwright.config.ts).
    const served = await request.get('/avatar-ai');
    expect(served.status()).toBe(200);
    expect(served.headers().etag, 'a prerendered file would carry an ETag').toBeUndefined();
    expect(served.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
    const prerendered = await request.get('/chatgpt');
    expect(prerendered.headers().etag).toBeDefined();
    const stylesheets = (html: string) => [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]);
    const prerenderedStyles = stylesheets(await prerendered.text());
    expect(prerenderedStyles.length).toBeGreaterThan(0);
    expect(stylesheets(await served.text())).toEqual(prerenderedStyles);
    // Seen in the browser without counting a view: later specs (the popularity sort of /categoria/imagen) expect
    // Avatar AI unvisited.
    await page.route('**/api/views', (route) => route.abort());
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/avatar-ai');
      await expect(page.getByRole('heading', { level: 1, name: 'Avatar AI' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Ruta de navegación' }).locator('[aria-current="page"]')).toHaveText('Avatar AI');
      await expect(page.getByRole('region', { name: 'Datos clave' })).toBeVisible();
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/avatar-ai$/);
      const types = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
        (block) => (JSON.parse(block) as Record<string, unknown>)['@type'],
      );
      expect(types).toEqual(['Organization', 'WebSite', 'SoftwareApplication', 'BreadcrumbList']);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBe(0);
      await expectNoSeriousA11yViolations(page);
    }
  });
});

test.describe('addresses of a tool', () => {
  test('its id redirects permanently to its slug', async ({ page, request }) => {
    const id = await toolIdBySlug('chatgpt');
    const response = await request.get(`/${id}`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(new URL(response.headers()['location']!, 'http://x').pathname).toBe('/chatgpt');

    await page.goto(`/${id}`);
    await expect(page).toHaveURL(/\/chatgpt$/);
    await expect(page.getByRole('heading', { level: 1, name: 'ChatGPT' })).toBeVisible();
  });

  test.describe('unknown addresses', () => {
    // The browser logs the document's own 404 status as an error.
    test.use({ allowedConsoleErrors: [/status of 404/] });

    for (const address of ['/no-existe', '/00000000-0000-4000-8000-000000000000', '/og/no-existe.png']) {
      test(`${address} answers 404 with the not-found screen`, async ({ page }) => {
        const response = await page.goto(address);
        expect(response?.status()).toBe(404);
        await expect(page.getByRole('heading', { level: 1, name: 'Publicación no encontrada' })).toBeVisible();
        await expect(page.getByText('La publicación que buscas no existe o ha sido eliminada.')).toBeVisible();
        await expect(page.getByRole('main').getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      });
    }

    test('the not-found screen is accessible', async ({ page }) => {
      await page.goto('/no-existe');
      await expectNoSeriousA11yViolations(page);
    });
  });
});

test.describe('social images', () => {
  test('a tool image is drawn on demand, then answered with the same bytes and ETag, HEAD and a 304 included', async ({ request }) => {
    const first = await request.get('/og/chatgpt.png');
    expect(first.status()).toBe(200);
    const headers = first.headers();
    expect(headers['content-type']).toBe('image/png');
    expect(headers['cache-control']).toBe('public, max-age=3600');
    expect(headers['content-encoding']).toBeUndefined();
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['etag']).toMatch(/^"[0-9a-f]{32}"$/);
    const body = await first.body();
    expect(headers['content-length']).toBe(String(body.length));

    const again = await request.get('/og/chatgpt.png', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(again.headers()['etag']).toBe(headers['etag']);
    expect(again.headers()['content-encoding']).toBeUndefined();
    expect((await again.body()).equals(body)).toBe(true);

    const head = await request.head('/og/chatgpt.png');
    expect(head.status()).toBe(200);
    expect(head.headers()['content-length']).toBe(String(body.length));
    expect((await head.body()).length).toBe(0);

    const unchanged = await request.get('/og/chatgpt.png', { headers: { 'if-none-match': headers['etag']! } });
    expect(unchanged.status()).toBe(304);
    expect((await unchanged.body()).length).toBe(0);

    const tool = await request.post('/og/chatgpt.png', { data: {} });
    expect(tool.status()).toBe(405);
  });

  test('every tool has a 1200×630 PNG', async ({ request }) => {
    for (const slug of ['chatgpt', 'ultimate-skill-extractor-by-further']) {
      const response = await request.get(`/og/${slug}.png`);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
      expect(pngSize(await response.body())).toEqual({ width: 1200, height: 630 });
    }
  });

  test('the site has a default social image and a 512×512 logo', async ({ request }) => {
    const site = await request.get('/og/sitio.png');
    expect(site.status()).toBe(200);
    expect(pngSize(await site.body())).toEqual({ width: 1200, height: 630 });
    const logo = await request.get('/logo-512.png');
    expect(logo.status()).toBe(200);
    expect(pngSize(await logo.body())).toEqual({ width: 512, height: 512 });
    // Browsers and feed readers ask for /favicon.ico whatever the page links: an icon holding a 48×48 PNG.
    const icon = await request.get('/favicon.ico');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toBe('image/x-icon');
    expect(pngSize((await icon.body()).subarray(22))).toEqual({ width: 48, height: 48 });
  });

  test('pages without an image of their own point at the default one', async ({ page, baseURL }) => {
    await page.goto('/');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${baseURL}/og/sitio.png`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/`);
  });
});
