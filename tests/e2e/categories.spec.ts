import { readdirSync, readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { TASKS } from '../../src/lib/tasks/vocabulary.ts';

// The e2e server seeds a fresh database from these files, so they are the database's figures.
const seedCategories = JSON.parse(readFileSync('supabase/seed/categories.json', 'utf8')) as { slug: string; name: string }[];
const seedTools = JSON.parse(readFileSync('supabase/seed/tools.json', 'utf8')) as {
  slug: string;
  name: string;
  category: string;
  featured: boolean;
  popular: boolean;
}[];
const editorial = JSON.parse(readFileSync('supabase/seed/editorial.json', 'utf8')) as { rank: string[] };
const toolsPerCategory = Map.groupBy(seedTools, (tool) => tool.category);
const imageTools = toolsPerCategory.get('imagen') ?? [];
const format = (count: number) => new Intl.NumberFormat('es-ES').format(count);

/** The figure of a counter, found by its label (a dt followed by its dd). */
const counter = (scope: Locator, label: string) =>
  scope
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

const widths = [
  { name: 'escritorio', width: 1280, height: 900 },
  { name: 'móvil', width: 390, height: 844 },
];

test.describe('/categorias', () => {
  test('counters come from the database', async ({ page }) => {
    await page.goto('/categorias');
    await expect(page.getByRole('heading', { level: 1, name: 'Categorías de herramientas de IA' })).toBeVisible();
    const counters = page.getByRole('main');
    expect(seedCategories).toHaveLength(33);
    await expect(counter(counters, 'Categorías')).toHaveText('33');
    await expect(counter(counters, 'Herramientas')).toHaveText(format(seedTools.length));
    const featured = [...toolsPerCategory.values()].filter((tools) => tools.length > 5).length;
    await expect(counter(counters, 'Categorías destacadas')).toHaveText(String(featured));
    await expect(page.getByTestId('todas-las-categorias').getByRole('listitem')).toHaveCount(33);
  });

  test('the six most popular categories are those with the most tools', async ({ page }) => {
    await page.goto('/categorias');
    const expected = [...toolsPerCategory.entries()]
      .sort((a, b) => b[1].length - a[1].length)
      .slice(0, 6)
      .map(([slug]) => seedCategories.find((category) => category.slug === slug)!.name);
    const popular = page.getByTestId('categorias-populares').getByRole('heading', { level: 3 });
    await expect(popular).toHaveText(expected);
    await expect(page.getByTestId('categorias-populares').getByRole('link', { name: 'Imagen' })).toBeVisible();
    await expect(page.getByTestId('categorias-populares')).toContainText(`${imageTools.length} herramientas`);
  });

  test('search ignores accents and case, and says when nothing matches', async ({ page }) => {
    await page.goto('/categorias');
    const search = page.getByRole('searchbox', { name: 'Buscar categoría' });
    const visibleCards = page.getByTestId('todas-las-categorias').locator('li:visible');

    await search.fill('diseno');
    await expect(visibleCards.getByRole('heading', { name: 'Diseño', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Categorías más populares' })).toBeHidden();

    await search.fill('VÍDEO');
    await expect(visibleCards.getByRole('heading', { name: 'Vídeo', exact: true })).toBeVisible();
    await search.fill('video');
    await expect(visibleCards.getByRole('heading', { name: 'Vídeo', exact: true })).toBeVisible();
    await expect(visibleCards.getByRole('heading', { name: 'Diseño', exact: true })).toBeHidden();

    await search.fill('zzzz sin coincidencias');
    await expect(visibleCards).toHaveCount(0);
    await expect(page.getByText('No se encontraron categorías.')).toBeVisible();

    await search.fill('');
    await expect(visibleCards).toHaveCount(33);
    await expect(page.getByRole('heading', { name: 'Categorías más populares' })).toBeVisible();
  });

  test('a category card leads to its page', async ({ page }) => {
    await page.goto('/categorias');
    await page.getByTestId('todas-las-categorias').getByRole('link', { name: 'Diseño', exact: true }).click();
    await expect(page).toHaveURL(/\/categoria\/diseno$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Diseño' })).toBeVisible();
  });

  test('calls to action lead to publish and home', async ({ page }) => {
    await page.goto('/categorias');
    await expect(page.getByRole('main').getByRole('link', { name: 'Publicar herramienta' })).toHaveAttribute('href', '/publicar');
    await expect(page.getByRole('main').getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  });
});

/** Opens a category page once its script drives the tool lists (it marks them ready). */
async function openCategory(page: Page, slug: string) {
  const response = await page.goto(`/categoria/${slug}`);
  await expect(page.locator('[data-category-tools][data-category-ready]')).toHaveCount(1);
  return response;
}

test.describe('/categoria/imagen', () => {
  const allTools = (page: Page) => page.getByRole('region', { name: /Todas las herramientas|Resultados/ });
  const titles = (page: Page) => allTools(page).getByRole('heading', { level: 3 });

  test('header and counters show the database figures', async ({ page }) => {
    const response = await openCategory(page, 'imagen');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Imagen' })).toBeVisible();
    const counters = page.getByRole('main');
    await expect(counter(counters, 'Herramientas')).toHaveText(String(imageTools.length));
    await expect(counter(counters, 'Destacadas')).toHaveText(String(imageTools.filter((tool) => tool.featured).length));
    await expect(counter(counters, 'Valoraciones')).toHaveText('0');
    // The count line is the whole category's; the page itself holds the first 24.
    await expect(page.locator('[data-category-count]')).toHaveText(`${imageTools.length} herramientas`);
    await expect(titles(page)).toHaveCount(24);
  });

  test('the featured section lists the featured tools of the category', async ({ page }) => {
    await openCategory(page, 'imagen');
    const featured = page.getByRole('region', { name: 'Destacadas' });
    const expected = imageTools.filter((tool) => tool.featured).map((tool) => tool.name);
    expect(expected.length).toBeGreaterThan(0);
    await expect(featured.getByRole('heading', { level: 3 })).toHaveCount(expected.length);
    for (const name of expected) await expect(featured.getByRole('heading', { level: 3, name, exact: true })).toBeVisible();
  });

  test('sorting changes the order', async ({ page }) => {
    await openCategory(page, 'imagen');
    const sort = page.getByRole('combobox', { name: 'Ordenar por' });
    await expect(sort).toHaveValue('newest');
    const firstTitles = (count: number) => titles(page).evaluateAll((nodes, n) => nodes.slice(0, n).map((node) => node.textContent), count);
    // Seeded tools share one publication time, so 'Más recientes' follows the editorial rank, then the name.
    const rankOf = (slug: string) => (editorial.rank.includes(slug) ? editorial.rank.indexOf(slug) : Infinity);
    const editorialOrder = (a: (typeof imageTools)[number], b: (typeof imageTools)[number]) =>
      rankOf(a.slug) - rankOf(b.slug) || a.name.localeCompare(b.name, 'es');
    const newest = [...imageTools].sort(editorialOrder).map((tool) => tool.name);
    // With no visits or likes yet, 'Más populares' puts the editorially popular tools first.
    const popular = [...imageTools].sort((a, b) => Number(b.popular) - Number(a.popular) || editorialOrder(a, b)).map((tool) => tool.name);
    const popularCount = imageTools.filter((tool) => tool.popular).length;
    expect(popularCount).toBeGreaterThan(1);
    const shown = popularCount + 3;
    await expect(titles(page).first()).toHaveText(newest[0]!);
    expect(await firstTitles(shown)).toEqual(newest.slice(0, shown));

    await sort.selectOption({ label: 'Más populares' });
    await expect(sort).toHaveValue('popular');
    await expect(titles(page).nth(shown - 1)).toHaveText(popular[shown - 1]!);
    expect(await firstTitles(shown)).toEqual(popular.slice(0, shown));

    await sort.selectOption({ label: 'Más valoradas' });
    await expect(sort).toHaveValue('rating');
    await expect(titles(page).nth(shown - 1)).toHaveText(newest[shown - 1]!);
  });

  test('grid and list views', async ({ page }) => {
    await openCategory(page, 'imagen');
    const grid = page.getByRole('button', { name: 'Cuadrícula' });
    const list = page.getByRole('button', { name: 'Lista' });
    const tools = page.locator('[data-category-tools]');
    await expect(grid).toHaveAttribute('aria-pressed', 'true');
    await expect(list).toHaveAttribute('aria-pressed', 'false');
    await expect(tools).toHaveAttribute('data-view', 'grid');

    await list.click();
    await expect(list).toHaveAttribute('aria-pressed', 'true');
    await expect(grid).toHaveAttribute('aria-pressed', 'false');
    await expect(tools).toHaveAttribute('data-view', 'list');
    const [first, second] = await allTools(page)
      .getByRole('article')
      .evaluateAll((cards) => cards.slice(0, 2).map((card) => card.getBoundingClientRect().top));
    expect(second).toBeGreaterThan(first!);
    await expect(titles(page)).toHaveCount(24);

    // Search and sort apply to both views alike: they are one list.
    await page.getByRole('combobox', { name: 'Ordenar por' }).selectOption({ label: 'Más populares' });
    await page.getByRole('searchbox', { name: 'Buscar en Imagen' }).fill('generación de imágenes');
    await expect(page.locator('[data-category-count]')).toHaveText(new RegExp(`^\\d+ resultados? de ${imageTools.length}$`));
    const listTitles = await titles(page).allTextContents();
    expect(listTitles.length).toBeGreaterThan(1);

    await grid.click();
    await expect(tools).toHaveAttribute('data-view', 'grid');
    await expect(titles(page)).toHaveText(listTitles);
  });

  test('search within the category, accent-insensitive', async ({ page }) => {
    await openCategory(page, 'imagen');
    const search = page.getByRole('searchbox', { name: 'Buscar en Imagen' });
    const count = page.locator('[data-category-count]');
    await search.fill('MIDJOURNEY');
    await expect(page.getByRole('heading', { level: 2, name: 'Resultados' })).toBeVisible();
    await expect(titles(page).filter({ hasText: 'Midjourney' }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Destacadas' })).toBeHidden();

    // Each query starts from the full list, so the count line that follows is the settled result of that query.
    const countFor = async (query: string) => {
      await search.fill('');
      await expect(count).toHaveText(`${imageTools.length} herramientas`);
      await search.fill(query);
      await expect(count).toHaveText(new RegExp(`^\\d+ resultados? de ${imageTools.length}$`));
      return Number((await count.textContent())!.split(' ')[0]);
    };
    const accented = await countFor('generación de imágenes');
    expect(accented).toBeGreaterThan(0);
    expect(accented).toBeLessThan(imageTools.length);
    await expect(titles(page)).toHaveCount(Math.min(accented, 24));
    expect(await countFor('GENERACION DE IMAGENES')).toBe(accented);

    await search.fill('zzzz sin coincidencias');
    await expect(page.getByText('Sin resultados')).toBeVisible();
    await expect(page.getByText('Ninguna herramienta de Imagen coincide con «zzzz sin coincidencias».')).toBeVisible();
    await expect(page.getByText(`0 resultados de ${imageTools.length}`)).toBeVisible();
    await page.getByRole('button', { name: 'Borrar búsqueda' }).click();
    await expect(titles(page)).toHaveCount(24);
    await expect(search).toBeFocused();
    await expect(page.getByRole('heading', { level: 2, name: 'Todas las herramientas' })).toBeVisible();
    await expect(page.getByText(`${imageTools.length} herramientas`, { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Destacadas' })).toBeVisible();
  });

  test('calls to action lead to publish and categories', async ({ page }) => {
    await openCategory(page, 'imagen');
    await expect(page.getByRole('main').getByRole('link', { name: 'Publicar herramienta' })).toHaveAttribute('href', '/publicar');
    await expect(page.getByRole('main').getByRole('link', { name: 'Ver todas las categorías' })).toHaveAttribute('href', '/categorias');
  });
});

test.describe('unknown category', () => {
  test.use({ allowedConsoleErrors: [/status of 404 .*categoria\/no-existe/] });

  test('answers 404 with a link back to the categories', async ({ page }) => {
    const response = await page.goto('/categoria/no-existe');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Categoría no encontrada' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Ver todas las categorías' }).click();
    await expect(page).toHaveURL(/\/categorias$/);
  });
});

test('/herramientas-ia-gratis links each free utility', async ({ page }) => {
  await page.goto('/herramientas-ia-gratis');
  await expect(page.getByRole('heading', { level: 1, name: 'Herramientas de IA gratis' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Generador de imágenes' })).toHaveAttribute('href', '/generador-de-imagenes');
  await expect(main.getByRole('link', { name: 'Descripción de imágenes' })).toHaveAttribute('href', '/descripcion-de-imagenes');
  await expect(main.getByRole('link', { name: 'Generador de historias' })).toHaveAttribute('href', '/generar-historia');
  await expect(main).not.toContainText(/ilimitad|segundos/i);
});

test('legal pages exist and the footer links to them', async ({ page }) => {
  for (const [path, heading] of [
    ['/privacidad', 'Política de privacidad'],
    ['/terminos', 'Términos de uso'],
    ['/ayuda', 'Ayuda'],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: heading.split(' ')[0] === 'Política' ? 'Privacidad' : heading.split(' ')[0]! }),
    ).toBeVisible();
  }
});

test('the sitemap is well-formed XML with SPEC priorities', async ({ page, request }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('xml');
  const xml = await response.text();
  await page.goto('/');
  const result = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    if (doc.getElementsByTagName('parsererror').length > 0) return { error: doc.documentElement.textContent };
    const urls = [...doc.getElementsByTagName('url')].map((url) => ({
      loc: url.getElementsByTagName('loc')[0]?.textContent ?? '',
      priority: url.getElementsByTagName('priority')[0]?.textContent ?? '',
      changefreq: url.getElementsByTagName('changefreq')[0]?.textContent ?? '',
      lastmod: url.getElementsByTagName('lastmod')[0]?.textContent ?? '',
    }));
    return { root: doc.documentElement.localName, urls };
  }, xml);
  expect(result.error).toBeUndefined();
  expect(result.root).toBe('urlset');
  const origin = new URL(page.url()).origin;
  const byPath = new Map(result.urls!.map((url) => [url.loc.replace(origin, ''), url]));
  expect(byPath.get('/')).toMatchObject({ priority: '1.0', changefreq: 'daily' });
  expect(byPath.get('/categorias')).toMatchObject({ priority: '0.8', changefreq: 'weekly' });
  expect(byPath.get('/herramientas-ia-gratis')).toMatchObject({ priority: '0.8', changefreq: 'weekly' });
  for (const utility of ['/generador-de-imagenes', '/descripcion-de-imagenes', '/generar-historia']) {
    expect(byPath.get(utility)).toMatchObject({ priority: '0.8', changefreq: 'weekly' });
  }
  expect(byPath.get('/categoria/imagen')).toMatchObject({ priority: '0.7', changefreq: 'weekly' });
  expect(byPath.get('/chatgpt')).toMatchObject({ priority: '0.6', changefreq: 'weekly' });
  expect(byPath.get('/chatgpt')?.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(byPath.get('/ia-para/hacer-presentaciones')).toMatchObject({ priority: '0.7', changefreq: 'weekly' });
  // Tool pages with a hand-written article only: the seed's generated ones are thin (noindex) and stay out.
  const writtenArticles = readdirSync('supabase/seed/articles').filter((file) => file.endsWith('.html')).length;
  // Alternatives pages and curated comparisons depend on the catalogue's tags: alternatives-compare.spec.ts checks them.
  const decisionPages = result.urls!.filter((url) => /\/(alternativas|comparar)\//.test(url.loc)).length;
  // Every page of a category after the first: Imagen's seeded tools fill pages 2 to the last, 24 a page.
  const laterCategoryPages = [...byPath.keys()].filter((path) => /^\/categoria\/[a-z0-9-]+\/pagina\/\d+$/.test(path));
  const imagePages = Math.ceil(imageTools.length / 24);
  expect(laterCategoryPages.filter((path) => path.startsWith('/categoria/imagen/'))).toEqual(
    Array.from({ length: imagePages - 1 }, (_, index) => `/categoria/imagen/pagina/${index + 2}`),
  );
  expect(byPath.get('/categoria/imagen/pagina/2')).toMatchObject({ priority: '0.7', changefreq: 'weekly' });
  expect(result.urls!.length - decisionPages).toBe(1 + 5 + seedCategories.length + laterCategoryPages.length + TASKS.length + writtenArticles + 3);
  expect(byPath.has('/blimey')).toBe(false);
  for (const path of ['/login', '/register', '/publicar', '/dashboard', '/admin']) expect(byPath.has(path)).toBe(false);
  expect([...byPath.keys()].some((path) => path.startsWith('/api'))).toBe(false);
});

test('robots.txt keeps crawlers out of private areas and points at the sitemap', async ({ request, baseURL }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  const robots = await response.text();
  expect(robots).toContain('Disallow: /api/');
  expect(robots).toContain('Disallow: /dashboard');
  expect(robots).toContain('Disallow: /admin');
  expect(robots).toContain('Disallow: /pagefind/');
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

for (const { name, width, height } of widths) {
  test.describe(`accesibilidad (${name})`, () => {
    test.use({ viewport: { width, height }, allowedConsoleErrors: [/status of 404 .*categoria\/no-existe/] });
    // axe checks every one of a category's cards; on this shared 2-core machine that can take longer than 30 s.
    test.slow();

    for (const path of ['/categorias', '/categoria/imagen', '/categoria/no-existe', '/herramientas-ia-gratis', '/privacidad', '/terminos', '/ayuda']) {
      test(path, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      });
    }

    test('/categoria/imagen in list view', async ({ page }) => {
      await openCategory(page, 'imagen');
      await page.getByRole('button', { name: 'Lista' }).click();
      await expect(page.locator('[data-category-tools]')).toHaveAttribute('data-view', 'list');
      await expectNoSeriousA11yViolations(page);
    });
  });
}
