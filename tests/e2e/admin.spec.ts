/**
 * The admin panel in Chromium: who may enter, each section's main flow (signed in as an admin), the rebuild that
 * carries a change to the built pages, and ads with consent against the fake ad network. Ads are switched off
 * again at the end, so the specs that follow see the site as it was.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { signIn, TEST_PASSWORD, uniqueEmail } from './accounts.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { createAccount, withSiteDatabase } from './database.ts';
import { expect, test } from './fixtures.ts';

const PAGES = ['/admin', '/admin/publicados', '/admin/usuarios', '/admin/redirecciones', '/admin/descripciones', '/admin/configuracion'];
const FAKE_ADS_URL = `http://127.0.0.1:${Number(process.env.E2E_FAKE_ADS_PORT ?? Number(process.env.E2E_PORT ?? 4399) + 4000)}`;
// Chromium logs every 4xx answer as a console error: refusing (401, 403) and the form's 409 are what these tests expect.
const refused = /the server responded with a status of 4(?:01|03|09)/;
const REBUILD_MS = 240_000;

/** A context of its own, signed out: inside the admin describe, contexts would otherwise start as the admin. */
const SIGNED_OUT = { storageState: { cookies: [], origins: [] } };

/**
 * An account made straight in the database (verified, with a password better-auth accepts), then signed in through
 * the real form: the site allows ten sign-ups an hour per address for the whole suite, and auth.spec.ts already
 * covers signing up. The first admin of a real site comes from ADMIN_EMAIL, later ones from the panel.
 */
async function signInAsNew(page: Page, label: string, name: string, role: 'user' | 'admin'): Promise<string> {
  const email = uniqueEmail(label);
  await createAccount({ email, name, password: TEST_PASSWORD, role });
  await signIn(page, email);
  return email;
}

const signInAsNewAdmin = (page: Page) => signInAsNew(page, 'admin', 'Alicia Admin', 'admin');

/**
 * The specs after this one rank tools by their visits: pages opened here must not count any. The view beacon is
 * answered here, in the browser, and never reaches the site.
 */
async function countNoViews(context: BrowserContext): Promise<void> {
  await context.route('**/api/views', (route) => route.fulfill({ status: 204 }));
}

test.beforeEach(async ({ context }) => {
  await countNoViews(context);
});

/** Polls a public page as a fresh visitor until it matches: the rebuild has landed. */
async function waitForBuiltPage(browser: Browser, pathname: string, matches: (html: string) => boolean): Promise<void> {
  const context = await browser.newContext(SIGNED_OUT);
  try {
    await expect
      .poll(
        async () => {
          const response = await context.request.get(pathname, { headers: { 'cache-control': 'no-cache' } });
          return matches(await response.text());
        },
        { timeout: REBUILD_MS, intervals: [2_000] },
      )
      .toBe(true);
  } finally {
    await context.close();
  }
}

test.describe('who may enter the panel', () => {
  test.use({ allowedConsoleErrors: [refused] });

  test('a guest is sent to sign in from every page, and every admin endpoint answers 401', async ({ page, request, baseURL }) => {
    for (const pathname of PAGES) {
      await page.goto(pathname);
      await expect(page).toHaveURL(`/login?next=${encodeURIComponent(pathname)}`);
    }
    expect((await request.get('/api/admin/rebuilds')).status()).toBe(401);
    expect((await request.post('/api/admin/rebuilds', { data: {} })).status()).toBe(401);
    expect((await request.post('/api/admin/tools', { data: { action: 'feature', ids: ['00000000-0000-4000-8000-000000000000'] } })).status()).toBe(401);
    expect((await request.put('/api/admin/settings/ads', { data: { enabled: true } })).status()).toBe(401);
    // A browser sends its Origin with a DELETE (Astro refuses one without it before any route runs).
    expect((await request.delete('/api/admin/generated/imagenes/00000000-0000-4000-8000-000000000000', { headers: { origin: baseURL! } })).status()).toBe(401);
  });

  test('a signed-in user gets 403 from every page and every admin endpoint', async ({ page }) => {
    test.slow();
    await signInAsNew(page, 'usuario', 'Pablo Usuario', 'user');
    for (const pathname of PAGES) {
      const response = await page.goto(pathname);
      expect(response?.status(), pathname).toBe(403);
      await expect(page.getByRole('heading', { name: 'Acceso denegado' })).toBeVisible();
    }
    const api = page.request;
    const answers = await Promise.all([
      api.get('/api/admin/rebuilds'),
      api.post('/api/admin/rebuilds', { data: {} }),
      api.post('/api/admin/tools', { data: { action: 'feature', ids: ['00000000-0000-4000-8000-000000000000'] } }),
      api.post('/api/admin/users/alguien/role', { data: { role: 'admin' } }),
      api.post('/api/admin/users/alguien/active', { data: { active: false } }),
      api.post('/api/admin/redirects', { data: { fromPath: '/x', toPath: '/y', statusCode: 301 } }),
      api.put('/api/admin/redirects/00000000-0000-4000-8000-000000000000', { data: { fromPath: '/x', toPath: '/y', statusCode: 301 } }),
      api.delete('/api/admin/redirects/00000000-0000-4000-8000-000000000000'),
      api.delete('/api/admin/generated/descripciones/00000000-0000-4000-8000-000000000000'),
      api.put('/api/admin/settings/site', { data: { name: 'Intrusa' } }),
    ]);
    expect(answers.map((answer) => answer.status())).toEqual(Array(answers.length).fill(403));
    expect(await answers[0]!.json()).toMatchObject({ code: 'forbidden', error: 'No tienes permisos para realizar esta acción.' });
  });
});

test.describe('the panel, signed in as an admin', () => {
  test.describe.configure({ mode: 'serial' });
  // One admin session for the whole panel, kept in a storage state file.
  const adminState = path.join(tmpdir(), `brujula-e2e-admin-${process.env.E2E_PORT ?? 4399}.json`);
  let adminEmail = '';
  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext(SIGNED_OUT);
    await countNoViews(context);
    adminEmail = await signInAsNewAdmin(await context.newPage());
    await context.storageState({ path: adminState });
    await context.close();
  });
  test.use({ allowedConsoleErrors: [refused], storageState: adminState });

  test('every section is reachable from the navigation, with counts, and passes axe at 1280 and 390 px', async ({ page }) => {
    test.slow();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const pathname of PAGES) {
        await page.goto(pathname);
        const nav = page.getByRole('navigation', { name: 'Secciones del panel' });
        await expect(nav.getByRole('link', { name: /Pendientes/ })).toHaveAttribute('href', '/admin/pendientes');
        await expect(nav.locator('a[aria-current="page"]')).toHaveAttribute('href', pathname);
        await expectNoSeriousA11yViolations(page);
      }
    }
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Resumen', level: 1 })).toBeVisible();
    await expect(page.getByText('Publicadas', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Reconstrucción del sitio' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Últimos registros' })).toBeVisible();
  });

  test('the overview lists the tool pages to complete, each linking to its editor', async ({ page }) => {
    await page.goto('/admin');
    const section = page.getByRole('region', { name: 'Fichas por completar' });
    await expect(section.getByRole('heading', { name: 'Fichas por completar' })).toBeVisible();
    await expect(section).toContainText(/fichas son indexables/);
    const links = section.getByRole('list', { name: 'Fichas por completar' }).getByRole('link');
    await expect(links).toHaveCount(50);
    await expect(links.first()).toHaveAttribute('href', /^\/editar\/[0-9a-f-]{36}$/);
    await links.first().click();
    await expect(page).toHaveURL(/\/editar\//);
    await expect(page.getByRole('button', { name: 'Guardar Cambios' })).toBeVisible();
  });

  test('feature a tool, rebuild now, and see its badge on its page', async ({ page, browser }) => {
    test.setTimeout(REBUILD_MS + 60_000);
    // Outside 'imagen', whose featured list categories.spec.ts counts.
    const tool = await withSiteDatabase(
      async (db) =>
        (
          await db.query<{ title: string; slug: string }>(
            "SELECT p.title, p.slug FROM posts p WHERE p.status = 'published' AND NOT p.is_featured AND NOT p.is_popular AND NOT EXISTS (SELECT 1 FROM post_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.post_id = p.id AND c.slug = 'imagen') ORDER BY p.title LIMIT 1",
          )
        ).rows[0]!,
    );
    await page.goto(`/admin/publicados?q=${encodeURIComponent(tool.title)}`);
    const row = page.getByRole('row').filter({ hasText: tool.title }).first();
    await row.getByText('Acciones').click();
    await row.getByRole('button', { name: 'Destacar' }).click();
    await expect(page.getByRole('status')).toContainText('Herramienta actualizada');
    await expect(page.getByRole('row').filter({ hasText: tool.title }).first().getByText('Destacada')).toBeVisible();

    await page.goto('/admin');
    await page.getByRole('button', { name: 'Reconstruir ahora' }).click();
    await expect(page.getByRole('status')).toContainText('Reconstrucción en cola');
    await expect(page.locator('[data-rebuild-state]')).toContainText(/En cola|Reconstruyendo/);
    await expect(page.getByRole('progressbar', { name: 'Progreso de la reconstrucción' })).toBeVisible();

    await waitForBuiltPage(browser, `/${tool.slug}`, (html) => html.includes('Destacado'));
    await page.goto(`/${tool.slug}`);
    await expect(page.getByRole('list', { name: 'Distintivos' }).getByText('Destacado')).toBeVisible();
    // The overview follows the run to its end and records who asked. The page above may already come from the server
    // (a changed tool page is rendered on demand until the rebuild lands), so the run can still be going.
    await page.goto('/admin');
    await expect(page.locator('[data-rebuild-state]')).toHaveText('Sin reconstrucciones pendientes.', { timeout: REBUILD_MS });
    await expect(page.getByRole('list', { name: 'Acciones' })).toContainText('Pidió reconstruir el sitio');
    await expect(page.getByRole('list', { name: 'Acciones' })).toContainText(`Marcó como destacada «${tool.title}»`);
    await withSiteDatabase((db) => db.query('UPDATE posts SET is_featured = false WHERE slug = $1', [tool.slug]));
  });

  test('deactivate a user: their next request is a guest one and signing in is refused in Spanish', async ({ page, browser }) => {
    test.slow();
    const member = await browser.newContext(SIGNED_OUT);
    await countNoViews(member);
    const memberPage = await member.newPage();
    const email = await signInAsNew(memberPage, 'baja', 'Bruno Baja', 'user');
    expect((await memberPage.request.get('/api/saved')).status()).toBe(200);

    await page.goto(`/admin/usuarios?q=${encodeURIComponent(email)}`);
    const card = page.getByRole('listitem').filter({ hasText: email });
    await expect(card.getByText('Sesiones')).toBeVisible();
    page.once('dialog', (dialog) => void dialog.accept());
    await card.getByRole('button', { name: 'Desactivar' }).click();
    await expect(page.getByRole('status')).toContainText('Cuenta desactivada');
    await expect(page.getByRole('listitem').filter({ hasText: email })).toContainText('desactivada');

    expect((await memberPage.request.get('/api/saved')).status()).toBe(401);
    await memberPage.goto('/dashboard');
    await expect(memberPage).toHaveURL(/\/login/);
    await expect(memberPage.getByRole('button', { name: 'Iniciar sesión' })).toBeEnabled();
    await memberPage.getByLabel('Email').fill(email);
    await memberPage.getByLabel('Contraseña', { exact: true }).fill(TEST_PASSWORD);
    await memberPage.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(memberPage.getByRole('status')).toContainText('Tu cuenta está desactivada');
    await member.close();

    await page.getByRole('listitem').filter({ hasText: email }).getByRole('button', { name: 'Reactivar' }).click();
    await expect(page.getByRole('status')).toContainText('Cuenta reactivada');
  });

  test.describe('redirects', () => {
    // Until every server process has reloaded its table, the new address may still answer 404 once.
    test.use({ allowedConsoleErrors: [/the server responded with a status of 4(?:01|03|04|09)/] });

    test('create a redirect and follow it; a loop is refused beside its field', async ({ page }) => {
      const from = `/e2e-antigua-${Date.now()}`;
      await page.goto('/admin/redirecciones');
      const form = page.getByRole('region', { name: 'Nueva redirección' });
      await form.getByLabel('Desde (ruta)').fill(from);
      await form.getByLabel('Hacia (ruta o URL)').fill('/chatgpt');
      await form.getByRole('button', { name: 'Crear' }).click();
      await expect(page.getByRole('status')).toContainText('Redirección creada');
      await expect(page.getByRole('list', { name: 'Redirecciones' })).toContainText(from);

      // Each server process reloads its table within a few seconds: until then the address may still be a 404 there.
      await expect
        .poll(
          async () => {
            await page.goto(from);
            return new URL(page.url()).pathname;
          },
          { timeout: 15_000 },
        )
        .toBe('/chatgpt');
      expect((await page.request.get(from, { maxRedirects: 0 })).headers()['location']).toBe('/chatgpt');

      await page.goto('/admin/redirecciones');
      await form.getByLabel('Desde (ruta)').fill('/chatgpt-bis');
      await form.getByLabel('Hacia (ruta o URL)').fill(from);
      await form.getByRole('button', { name: 'Crear' }).click();
      const target = form.getByLabel('Hacia (ruta o URL)');
      await expect(target).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByText(`${from} ya redirige a /chatgpt`)).toBeVisible();
    });
  });

  test('delete an abusive description, shown as plain text, never as HTML', async ({ page }) => {
    const email = adminEmail;
    const marker = `abusivo-${Date.now()}`;
    await withSiteDatabase((db) =>
      db.query(
        `INSERT INTO generated_image_descriptions (user_id, image_url, generated_description, language)
         SELECT id, 'upload://archivo-subido', $2, 'es' FROM profiles WHERE email = $1`,
        [email, `<p>Texto ${marker} <img src=x onerror="document.title='xss'"><script>document.title='xss'</script></p>`],
      ),
    );
    await page.goto('/admin/descripciones');
    const item = page.getByRole('listitem').filter({ hasText: marker });
    await expect(item).toContainText('Alicia Admin');
    await expect(item).toContainText('Español');
    expect(await page.title()).not.toBe('xss');
    page.once('dialog', (dialog) => void dialog.accept());
    await item.getByRole('button', { name: /^Borrar/ }).click();
    await expect(page.getByRole('status')).toContainText('Eliminado correctamente');
    await expect(page.getByRole('listitem').filter({ hasText: marker })).toHaveCount(0);
    await page.goto('/admin?tipo=description');
    await expect(page.getByRole('list', { name: 'Acciones' })).toContainText(marker);
  });

  test('ads: switched on, the slots and the consent message appear; refused, nothing is requested; off again, no ad code', async ({ page, browser }) => {
    test.setTimeout(3 * REBUILD_MS);
    await page.goto('/admin/configuracion');
    const ads = page.getByRole('region', { name: 'Anuncios y consentimiento' });
    await ads.getByLabel('Mostrar anuncios').check();
    await ads.getByLabel('Cliente de la red (AdSense)').fill('ca-pub-1234567890123456');
    await ads.getByLabel('Portada: banner').fill('1111111111');
    await ads.getByLabel('Ficha de herramienta: bajo la cabecera').fill('2222222222');
    // The fake network leaves this slot unfilled: the page must say 'Espacio publicitario'.
    await ads.getByLabel('Ficha de herramienta: tras el artículo').fill('0000000000');
    await ads.getByRole('button', { name: 'Guardar anuncios' }).click();
    await expect(page.getByRole('status')).toContainText('Ajustes de anuncios guardados');

    await waitForBuiltPage(browser, '/', (html) => html.includes('data-ads-config'));
    await waitForBuiltPage(browser, '/chatgpt', (html) => html.includes('data-ads-config'));

    // A visitor who refuses: the message, then no request to the ad network at all, now or on the next page.
    const visitor = await browser.newContext(SIGNED_OUT);
    await countNoViews(visitor);
    // Chromium reports some policy violations (an eval probe, for one) only as DevTools issues: collect them all.
    await visitor.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const visitorPage = await visitor.newPage();
    const adRequests: string[] = [];
    visitorPage.on('request', (request) => {
      if (request.url().startsWith(FAKE_ADS_URL)) adRequests.push(request.url());
    });
    const home = await visitorPage.goto('/');
    expect(home?.headers()['content-security-policy']).toContain(FAKE_ADS_URL);
    const consent = visitorPage.getByRole('dialog', { name: 'Tu privacidad' });
    await expect(consent).toBeVisible();
    await expect(visitorPage.getByRole('complementary', { name: 'Publicidad' })).toHaveCount(1);
    await expectNoSeriousA11yViolations(visitorPage);
    await consent.getByRole('button', { name: 'Rechazar' }).click();
    await expect(consent).toBeHidden();
    expect(await visitorPage.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    // Refused, the slots fold away instead of loading.
    await expect(visitorPage.locator('[data-ad-slot-container]')).toBeHidden();
    await visitorPage.goto('/chatgpt');
    await expect(visitorPage.getByRole('dialog', { name: 'Tu privacidad' })).toBeHidden();
    await expect(visitorPage.locator('[data-ad-slot-container]')).toHaveCount(2);
    for (const slot of await visitorPage.locator('[data-ad-slot-container]').all()) await expect(slot).toBeHidden();
    await visitorPage.mouse.wheel(0, 4000);
    expect(adRequests).toEqual([]);
    expect((await (await fetch(`${FAKE_ADS_URL}/__requests`)).json()) as string[]).toEqual([]);
    // The choice can be changed from the footer.
    await visitorPage.getByRole('contentinfo').getByRole('button', { name: 'Preferencias de anuncios' }).click();
    await expect(visitorPage.getByRole('dialog', { name: 'Tu privacidad' })).toBeVisible();
    await visitor.close();

    // A visitor who accepts on a tool page: test ads on localhost, and the fallback text for an unfilled slot.
    const reader = await browser.newContext({ ...SIGNED_OUT, viewport: { width: 390, height: 844 } });
    await countNoViews(reader);
    const readerPage = await reader.newPage();
    await readerPage.goto('/chatgpt');
    await readerPage.getByRole('dialog', { name: 'Tu privacidad' }).getByRole('button', { name: 'Aceptar' }).click();
    const slots = readerPage.getByRole('complementary', { name: 'Publicidad' });
    await slots.first().scrollIntoViewIfNeeded();
    await expect(slots.first()).toContainText('Anuncio de prueba (modo de prueba) · espacio 2222222222');
    await slots.last().scrollIntoViewIfNeeded();
    await expect(slots.last()).toContainText('Espacio publicitario');
    // The ads runtime ships no schema library: zod's eval probe would be a policy violation on every ad page.
    const scripts = await readerPage.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    expect(scripts.filter((name) => /zod/i.test(name))).toEqual([]);
    await expectNoSeriousA11yViolations(readerPage);
    await reader.close();

    // Off again: the CSP stops admitting the network at once, and the rebuilt pages carry no ad code.
    await page.goto('/admin/configuracion');
    await ads.getByLabel('Mostrar anuncios').uncheck();
    await ads.getByRole('button', { name: 'Guardar anuncios' }).click();
    await expect(page.getByRole('status')).toContainText('Ajustes de anuncios guardados');
    await expect.poll(async () => (await page.request.get('/')).headers()['content-security-policy'], { timeout: 15_000 }).not.toContain(FAKE_ADS_URL);
    await waitForBuiltPage(browser, '/', (html) => !html.includes('data-ads-config') && !html.includes('adsbygoogle'));
    await waitForBuiltPage(browser, '/chatgpt', (html) => !html.includes('data-ads-config') && !html.includes('Preferencias de anuncios'));
  });
});
