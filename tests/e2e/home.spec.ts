import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

// The e2e database is seeded from these files, so they give the figures the page must show.
const seedTools = JSON.parse(readFileSync('supabase/seed/tools.json', 'utf8')) as { category: string; featured: boolean }[];
const seedCategories = JSON.parse(readFileSync('supabase/seed/categories.json', 'utf8')) as { slug: string; name: string }[];
const toolsIn = (slug: string) => seedTools.filter((tool) => tool.category === slug);

interface ApiPage {
  items: { title: string }[];
  page: number;
  hasMore: boolean;
}

async function apiTitles(request: APIRequestContext, search: string): Promise<string[]> {
  const response = await request.get(`/api/tools?${search}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as ApiPage).items.map((item) => item.title);
}

const catalogueIsland = (page: Page) => page.locator('astro-island[opts*=\'"name":"HomeCatalogue"\']');

/**
 * Opens the home page. The catalogue hydrates when the visitor reaches for it, so the tests press its
 * controls as a visitor would, before its code has arrived; an address with filters hydrates at once.
 */
async function openHome(page: Page, search = '') {
  await page.goto(`/${search}`);
  if (search) await expect(catalogueIsland(page)).not.toHaveAttribute('ssr');
}

const catalogue = (page: Page) => page.getByRole('region', { name: 'Herramientas de IA' });
const cardTitles = (page: Page) => catalogue(page).getByRole('article').getByRole('heading', { level: 3 });
const filterButton = (page: Page, name: string) => page.getByRole('group', { name: 'Filtrar herramientas' }).getByRole('button', { name, exact: true });
const categoryTrigger = (page: Page) => page.getByRole('button', { name: /^Categoría:/ });
const categorySearch = (page: Page) => page.getByRole('combobox', { name: 'Buscar categoría' });

async function chooseCategory(page: Page, name: string) {
  await categoryTrigger(page).click();
  await categorySearch(page).fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
}

test.describe('GET /api/tools', () => {
  test('answers the first page of new tools as cacheable JSON', async ({ request }) => {
    const response = await request.get('/api/tools');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/json/);
    expect(response.headers()['cache-control']).toContain('s-maxage=');
    const body = (await response.json()) as ApiPage;
    expect(body.page).toBe(1);
    expect(body.items).toHaveLength(12);
    expect(body.hasMore).toBe(true);
  });

  test('pages through a category to its last page, whose hasMore is false', async ({ request }) => {
    const total = toolsIn('audio').length;
    const lastPage = Math.ceil(total / 12);
    const response = await request.get(`/api/tools?category=audio&page=${lastPage}`);
    const body = (await response.json()) as ApiPage;
    expect(body.items).toHaveLength(total - (lastPage - 1) * 12);
    expect(body.hasMore).toBe(false);
  });

  test('an unknown category is simply empty', async ({ request }) => {
    const response = await request.get('/api/tools?category=no-existe');
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ items: [], page: 1, hasMore: false });
  });

  for (const [search, message] of [
    ['filter=mejores', /^Filtro no válido/],
    ['page=-1', /^La página debe ser un número entero mayor que 0/],
    ['page=abc', /^La página debe ser un número entero mayor que 0/],
    ['category=%27%20OR%201%3D1', /^Categoría no válida/],
  ] as const) {
    test(`rejects ${search} with 400 and a Spanish message`, async ({ request }) => {
      const response = await request.get(`/api/tools?${search}`);
      expect(response.status()).toBe(400);
      expect(response.headers()['content-type']).toMatch(/^application\/json/);
      const body = (await response.json()) as { error: string };
      expect(Object.keys(body)).toEqual(['error', 'code']);
      expect(body.error).toMatch(message);
    });
  }
});

test.describe('home page', () => {
  test('shows live counts from the database and no claim it cannot measure', async ({ page }) => {
    await openHome(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const number = new Intl.NumberFormat('es-ES');
    await expect(page.locator('[data-cifra="herramientas"] dd')).toHaveText(number.format(seedTools.length));
    await expect(page.locator('[data-cifra="categorias"] dd')).toHaveText(number.format(seedCategories.length));
    const text = await page.locator('main').innerText();
    for (const claim of ['500+', '50K', '25+', '99.9', '99,9', '4.9/5', '4,9/5']) expect(text).not.toContain(claim);
    // No invented testimonials, and no ad slot: we have no ad network.
    await expect(page.getByRole('heading', { name: /Lo que dicen/ })).toHaveCount(0);
    await expect(page.getByText('Espacio publicitario')).toHaveCount(0);
    for (const step of ['Explora', 'Compara', 'Impulsa']) {
      await expect(page.getByRole('heading', { level: 3, name: step, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Publicar herramienta' })).toHaveAttribute('href', '/publicar');
  });

  test('first paint is the server-rendered grid of the newest tools', async ({ page, request }) => {
    await page.route('**/api/tools**', (route) => route.abort());
    await openHome(page);
    await expect(cardTitles(page)).toHaveText(await apiTitles(request, 'filter=new&page=1'));
    await expect(filterButton(page, 'Nuevas')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Filtros activos:')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Limpiar filtros' })).toHaveCount(0);
  });

  test('the hero search goes to /buscar with the trimmed text', async ({ page }) => {
    await page.route('**/buscar?*', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="es"><title>Buscar</title><h1>Buscar</h1></html>' }),
    );
    await openHome(page);
    const search = page.getByRole('searchbox', { name: 'Buscar herramientas de IA' });
    await search.fill('   generador de vídeo  ');
    await search.press('Enter');
    await page.waitForURL('**/buscar?q=generador+de+v%C3%ADdeo');
  });

  test('an empty hero search goes nowhere', async ({ page }) => {
    await openHome(page);
    await page.evaluate(() => {
      const cancelled: boolean[] = [];
      Object.assign(window, { cancelledSubmits: cancelled });
      document.addEventListener('submit', (event) => cancelled.push(event.defaultPrevented));
    });
    const search = page.getByRole('searchbox', { name: 'Buscar herramientas de IA' });
    await search.fill('    ');
    await search.press('Enter');
    await page.getByRole('main').getByRole('search').getByRole('button', { name: 'Buscar' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { cancelledSubmits: boolean[] }).cancelledSubmits)).toEqual([true, true]);
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(search).toBeFocused();
  });

  test('shortcut buttons lead to categories, free tools and search', async ({ page }) => {
    await openHome(page);
    const shortcuts = page.getByRole('navigation', { name: 'Accesos directos' }).getByRole('link');
    await expect(shortcuts).toHaveCount(3);
    expect(await shortcuts.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
      '/categorias',
      '/herramientas-ia-gratis',
      '/buscar',
    ]);
  });
});

test.describe('home filters', () => {
  test('the catalogue loads its code only when the visitor reaches for it, and the first press still counts', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (sent) => {
      if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname);
    });
    await openHome(page);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((script) => script.includes('HomeCatalogue'))).toEqual([]);
    await expect(catalogueIsland(page)).toHaveAttribute('ssr');

    await filterButton(page, 'Populares').click();
    await expect(filterButton(page, 'Populares')).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/\/\?filtro=populares$/);
    expect(scripts.some((script) => script.includes('HomeCatalogue'))).toBe(true);
  });

  test('several presses made while the code is on its way are all made, in order', async ({ page }) => {
    await openHome(page);
    const asked: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/api/tools?')) asked.push(new URL(sent.url()).searchParams.get('filter') ?? '');
    });
    // Hold the island's code back until both presses are made, as on a slow connection.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_astro/HomeCatalogue*.js', async (route) => {
      await held;
      await route.continue();
    });
    await filterButton(page, 'Destacadas').click();
    await filterButton(page, 'Populares').click();
    await expect(catalogueIsland(page)).toHaveAttribute('ssr');
    release();
    await expect(filterButton(page, 'Populares')).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/\/\?filtro=populares$/);
    expect(asked).toEqual(['featured', 'popular']);
  });

  test.describe('when the catalogue code cannot be fetched', () => {
    test.use({ allowedConsoleErrors: [/Failed to load resource|Failed to fetch dynamically imported module|error loading dynamically imported module/] });

    test('the links keep working and the next press tries again', async ({ page }) => {
      await openHome(page);
      await page.route('**/_astro/HomeCatalogue*.js', (route) => route.abort());
      await filterButton(page, 'Populares').click();
      await expect(catalogueIsland(page)).toHaveAttribute('ssr');
      await expect(filterButton(page, 'Populares')).toHaveAttribute('aria-pressed', 'false');

      await page.unroute('**/_astro/HomeCatalogue*.js');
      await filterButton(page, 'Populares').click();
      await expect(filterButton(page, 'Populares')).toHaveAttribute('aria-pressed', 'true');
      await expect(page).toHaveURL(/\/\?filtro=populares$/);
    });
  });

  test('a filter button loads its tools, marks itself pressed and shows the active filters', async ({ page, request }) => {
    await openHome(page);
    await filterButton(page, 'Destacadas').click();
    await expect(filterButton(page, 'Destacadas')).toHaveAttribute('aria-pressed', 'true');
    await expect(filterButton(page, 'Nuevas')).toHaveAttribute('aria-pressed', 'false');
    await expect(page).toHaveURL(/\/\?filtro=destacadas$/);
    await expect(cardTitles(page)).toHaveText(await apiTitles(request, 'filter=featured&page=1'));
    const activeLine = page.getByText('Filtros activos:').locator('..');
    await expect(activeLine).toContainText('Destacadas');
    await expect(page.getByRole('button', { name: 'Limpiar filtros' })).toBeVisible();
  });

  test('shows six skeleton cards while a page loads', async ({ page }) => {
    await openHome(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/tools?filter=popular*', async (route) => {
      await held;
      await route.continue();
    });
    await filterButton(page, 'Populares').click();
    await expect(page.getByTestId('esqueletos').getByRole('listitem', { includeHidden: true })).toHaveCount(6);
    release();
    await expect(page.getByTestId('esqueletos')).toHaveCount(0);
    await expect(cardTitles(page)).toHaveCount(12);
  });

  test('the category dropdown searches, reports no match, and closes and clears after a choice', async ({ page, request }) => {
    await openHome(page);
    await expect(categoryTrigger(page)).toHaveText('Todas las categorías');
    await categoryTrigger(page).click();
    const search = categorySearch(page);
    await expect(search).toBeFocused();
    await expect(search).toHaveAttribute('placeholder', 'Buscar categoría...');
    await expect(page.getByRole('option')).toHaveCount(seedCategories.length + 1);
    await expect(page.getByRole('option', { name: /^Asistentes y chatbots/ })).toContainText('Nuevo');
    await expect(page.getByRole('option', { name: /^Imagen/ })).not.toContainText('Nuevo');

    await search.fill('traduccion');
    await expect(page.getByRole('option')).toHaveText([/^Traducción/]);
    await search.fill('zzzz');
    await expect(page.getByRole('option')).toHaveCount(0);
    await expect(page.getByText('No se encontraron categorías.')).toBeVisible();

    await search.fill('aud');
    await page.getByRole('option', { name: /^Audio/ }).click();
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(categoryTrigger(page)).toHaveText('Audio');
    await expect(page).toHaveURL(/\/\?categoria=audio$/);
    await expect(cardTitles(page)).toHaveText(await apiTitles(request, 'filter=new&category=audio&page=1'));
    await expect(page.getByText('Filtros activos:').locator('..')).toContainText('Audio');

    await categoryTrigger(page).click();
    await expect(categorySearch(page)).toHaveValue('');
    await expect(page.getByRole('option', { name: /^Audio/ })).toHaveAttribute('aria-selected', 'true');
  });

  test('filters survive a reload and a shared address opens the filtered grid', async ({ page, browser, request }) => {
    await openHome(page);
    await chooseCategory(page, 'Vídeo');
    await filterButton(page, 'Más Visitadas').click();
    await expect(page).toHaveURL(/\/\?filtro=mas-visitadas&categoria=video$/);
    const expected = await apiTitles(request, 'filter=most_visited&category=video&page=1');
    await expect(cardTitles(page)).toHaveText(expected);

    await page.reload();
    await expect(catalogueIsland(page)).not.toHaveAttribute('ssr');
    await expect(filterButton(page, 'Más Visitadas')).toHaveAttribute('aria-pressed', 'true');
    await expect(categoryTrigger(page)).toHaveText('Vídeo');
    await expect(cardTitles(page)).toHaveText(expected);

    const other = await browser.newPage();
    await openHome(other, '?categoria=video&filtro=mas-visitadas');
    await expect(filterButton(other, 'Más Visitadas')).toHaveAttribute('aria-pressed', 'true');
    await expect(cardTitles(other)).toHaveText(expected);
    await expect(other.getByText('Filtros activos:').locator('..')).toContainText('Vídeo');
    await expect(other.getByText('Filtros activos:').locator('..')).toContainText('Más Visitadas');
    await other.close();
  });

  test("'Limpiar filtros' returns to the newest tools and a clean address", async ({ page, request }) => {
    await openHome(page, '?filtro=populares&categoria=imagen');
    await expect(filterButton(page, 'Populares')).toHaveAttribute('aria-pressed', 'true');
    await expect(categoryTrigger(page)).toHaveText('Imagen');
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(filterButton(page, 'Nuevas')).toHaveAttribute('aria-pressed', 'true');
    await expect(categoryTrigger(page)).toHaveText('Todas las categorías');
    await expect(page.getByText('Filtros activos:')).toHaveCount(0);
    await expect(cardTitles(page)).toHaveText(await apiTitles(request, 'filter=new&page=1'));
  });

  test("'Cargar Más Herramientas' pages to the end of a category and keeps focus on the new cards", async ({ page }) => {
    const total = toolsIn('audio').length;
    expect(total).toBeGreaterThan(24);
    await openHome(page, '?categoria=audio');
    await expect(cardTitles(page)).toHaveCount(12);
    const more = page.getByRole('button', { name: 'Cargar Más Herramientas' });

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/tools?*page=2*', async (route) => {
      await held;
      await route.continue();
    });
    await more.click();
    await expect(page.getByRole('button', { name: 'Cargando más herramientas...' })).toBeVisible();
    release();
    await expect(cardTitles(page)).toHaveCount(24);
    // Focus lands on the first card that just arrived.
    await expect(cardTitles(page).nth(12).getByRole('link')).toBeFocused();

    while (await more.isVisible()) {
      const before = await cardTitles(page).count();
      await more.click();
      await expect(cardTitles(page)).not.toHaveCount(before);
    }
    await expect(cardTitles(page)).toHaveCount(total);
    await expect(more).toHaveCount(0);
  });

  test('an empty combination says so and offers to clear the filters', async ({ page }) => {
    const empty = seedCategories.find((category) => toolsIn(category.slug).length > 0 && !toolsIn(category.slug).some((tool) => tool.featured));
    expect(empty).toBeDefined();
    await openHome(page);
    await filterButton(page, 'Destacadas').click();
    await chooseCategory(page, empty!.name);
    await expect(page.getByRole('heading', { name: 'Sin resultados' })).toBeVisible();
    await expect(page.getByText('Intenta ajustar tus filtros de búsqueda para encontrar más resultados.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cargar Más Herramientas' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Limpiar filtros' }).last().click();
    await expect(cardTitles(page)).toHaveCount(12);
    await expect(page).toHaveURL(/\/$/);
  });

  test.describe('when the endpoint fails', () => {
    // The browser logs the failed response itself.
    test.use({ allowedConsoleErrors: [/status of 503/] });

    test("shows the server's Spanish message and retries on demand", async ({ page }) => {
      await openHome(page);
      let fail = true;
      await page.route('**/api/tools?filter=most_used*', (route) =>
        fail
          ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Base de datos en mantenimiento.' }) })
          : route.continue(),
      );
      await filterButton(page, 'Más Usadas').click();
      await expect(page.getByRole('heading', { name: 'No se pudieron cargar las herramientas' })).toBeVisible();
      await expect(page.getByText('Base de datos en mantenimiento.')).toBeVisible();
      fail = false;
      await page.getByRole('button', { name: 'Reintentar' }).click();
      await expect(cardTitles(page)).toHaveCount(12);
    });
  });

  test('the dropdown and the filters work from the keyboard', async ({ page, request }) => {
    await openHome(page);
    await categoryTrigger(page).focus();
    await page.keyboard.press('ArrowDown');
    const search = categorySearch(page);
    await expect(search).toBeFocused();
    await expect(search).toHaveAttribute('aria-expanded', 'true');

    // The highlighted option starts on 'all'; two steps down is the second category by name.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const activeId = await search.getAttribute('aria-activedescendant');
    const highlighted = page.locator(`[id="${activeId}"]`);
    await expect(highlighted).toHaveAttribute('role', 'option');
    const name = seedCategories.map((category) => category.name).sort((a, b) => a.localeCompare(b, 'es'))[1]!;
    await expect(highlighted).toContainText(name);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(categoryTrigger(page)).toBeFocused();
    await expect(categoryTrigger(page)).toHaveText(name);

    // Escape closes without changing the choice.
    await page.keyboard.press('Enter');
    await expect(categorySearch(page)).toBeFocused();
    await page.keyboard.type('ima');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(categoryTrigger(page)).toBeFocused();
    await expect(categoryTrigger(page)).toHaveText(name);

    // Tab reaches the filter buttons; Space and Enter press them.
    await page.keyboard.press('Tab');
    await expect(filterButton(page, 'Nuevas')).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(filterButton(page, 'Destacadas')).toHaveAttribute('aria-pressed', 'true');
    await filterButton(page, 'Más Guardadas').focus();
    await page.keyboard.press('Enter');
    await expect(filterButton(page, 'Más Guardadas')).toHaveAttribute('aria-pressed', 'true');
    const slug = seedCategories.find((category) => category.name === name)!.slug;
    const expected = await apiTitles(request, `filter=most_saved&category=${slug}&page=1`);
    await expect(cardTitles(page)).toHaveText(expected);
  });
});

test.describe('home accessibility', () => {
  test('has no serious violations on desktop, also with the dropdown open', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openHome(page);
    await expectNoSeriousA11yViolations(page);
    await categoryTrigger(page).click();
    await expect(categorySearch(page)).toBeFocused();
    await expectNoSeriousA11yViolations(page);
  });

  test('has no serious violations at 390px, with filters active', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openHome(page, '?filtro=destacadas&categoria=imagen');
    await expect(page.getByText('Filtros activos:')).toBeVisible();
    await expect(cardTitles(page).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
