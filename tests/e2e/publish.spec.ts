/**
 * Publishing and moderating end to end: a user publishes a tool (two categories, an uploaded image, a logo by URL, rich text with a
 * link and a list, keywords and SEO fields), sees it pending; an admin approves it; a guest opens it within 5 s and,
 * after the rebuild, finds it in its category and in /buscar; the admin renames it and the old address answers 301;
 * a rejected submission shows its reason to its author; SPEC's validation and access texts; axe on every screen.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { fakeImages } from '../fixtures/fake-tool-site.ts';
import { signInWithGoogle } from './accounts.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { siteUnderTest } from './site-under-test.ts';

// Must match ADMIN_EMAIL in playwright.config.ts.
const ADMIN_EMAIL = 'admin-e2e@brujula.test';
const run = `${Date.now().toString(36)}`;
const TOOL = { title: `Redactor Veloz ${run}`, slug: `redactor-veloz-${run}` };
const REJECTED = { title: `Clon Dudoso ${run}`, slug: `clon-dudoso-${run}` };
const fakeSite = () => test.info().config.metadata.fakeToolSite as string;
const toast = (page: Page) => page.locator('[data-toaster]');

// Expected refusals (a guest's 404, a denied page) show up in Chromium's console as failed loads.
test.use({ viewport: { width: 1280, height: 900 }, allowedConsoleErrors: [/status of 40[134]/] });
test.describe.configure({ mode: 'serial' });

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-ES' });
  return context.newPage();
}

const author = { email: `autora-${run}@gmail.test`, name: 'Autora Pruebas' };
const otherUser = { email: `otro-${run}@gmail.test`, name: 'Otro Usuario' };
const admin = { email: ADMIN_EMAIL, name: 'Administradora' };

let toolId = '';

/** The publish form, once its island is live. */
async function openPublishForm(page: Page) {
  await page.goto('/publicar');
  await expect(page.getByRole('heading', { level: 1, name: 'Publicar una herramienta' })).toBeVisible();
}

async function chooseCategory(page: Page, search: string, name: string) {
  const box = page.getByRole('searchbox', { name: 'Buscar categorías' });
  await box.fill(search);
  await page.getByRole('group', { name: 'Lista de categorías' }).getByText(name, { exact: true }).click();
  await box.fill('');
}

test('a guest is sent from /publicar and /editar to sign in with SPEC’s texts', async ({ page, request }) => {
  const html = await (await request.get('/publicar')).text();
  expect(html).toContain('Acceso requerido');
  expect(html).toContain('Necesitas iniciar sesión para publicar contenido.');
  await page.goto('/publicar');
  await expect(page).toHaveURL(/\/login\?next=%2Fpublicar$/);
  await expect(toast(page)).toContainText('Acceso denegado');
  await expect(toast(page)).toContainText('Necesitas iniciar sesión para publicar.');

  await page.goto('/editar/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/login\?next=/);
  await expect(toast(page)).toContainText('Necesitas iniciar sesión para editar.');
});

test('a user publishes a tool with two categories, an image, a logo by URL, rich text, keywords and SEO fields', async ({ page }) => {
  // The whole journey with three accessibility scans: on a loaded machine it needs more than the tripled default.
  test.setTimeout(180_000);
  await signInWithGoogle(page, author);
  await openPublishForm(page);
  await expectNoSeriousA11yViolations(page);

  // The three validation messages, in order.
  const submit = page.getByRole('button', { name: 'Publicar con Múltiples Categorías' });
  await submit.click();
  await expect(toast(page)).toContainText('El título es obligatorio');
  await expect(page.getByText('La descripción es obligatoria')).toBeVisible();
  await expect(page.getByText('Debes seleccionar al menos una categoría')).toBeVisible();
  await page.getByLabel('Título', { exact: true }).fill(TOOL.title);
  await submit.click();
  await expect(toast(page)).toContainText('La descripción es obligatoria');

  // The tool's own site fills suggestions in.
  await page.getByLabel('URL de la herramienta').fill(`${fakeSite()}/`);
  await page.getByLabel('URL de la herramienta').blur();
  await expect(page.getByText('Sugerencias de su web')).toBeVisible();
  await page.getByRole('button', { name: 'Usar descripción' }).click();
  await expect(page.getByLabel('Descripción', { exact: true })).toHaveValue(/Redacta Pro escribe, resume y traduce/);
  await page.getByLabel('Título', { exact: true }).fill(TOOL.title);
  await page.getByLabel('Título', { exact: true }).blur();
  await expect(page.getByText(/caracteres \(se recomiendan al menos 100\)/)).toBeVisible();
  await page.getByLabel('Modelo de precios').selectOption({ label: 'Freemium' });

  // Categories: case-insensitive search, SPEC's empty text, two chosen.
  await page.getByRole('searchbox', { name: 'Buscar categorías' }).fill('zzzz');
  await expect(page.getByText('No se encontraron categorías que coincidan con "zzzz"')).toBeVisible();
  await chooseCategory(page, 'ESCRIT', 'Escritura');
  await chooseCategory(page, 'product', 'Productividad');
  await expect(page.getByRole('list', { name: 'Categorías elegidas' }).getByRole('button')).toHaveCount(2);

  // Image by upload (SPEC's type and size checks first), logo by URL.
  const images = await fakeImages();
  const imageFile = page.getByLabel('Archivo: imagen destacada');
  await imageFile.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: images.svg });
  await expect(toast(page)).toContainText('Por favor selecciona un archivo de imagen válido');
  await imageFile.setInputFiles({ name: 'grande.jpg', mimeType: 'image/jpeg', buffer: images.big });
  await expect(toast(page)).toContainText('La imagen es demasiado grande. Máximo 5MB');
  await imageFile.setInputFiles({ name: 'portada.jpg', mimeType: 'image/jpeg', buffer: images.jpeg });
  await expect(toast(page)).toContainText('Imagen subida exitosamente');
  await expect(page.getByRole('img', { name: 'Vista previa: imagen destacada' })).toBeVisible();
  await page.getByLabel('Dirección de logo').fill(`${fakeSite()}/logo.png`);
  await page.getByRole('button', { name: 'Usar URL para logo' }).click();
  await expect(page.getByRole('img', { name: 'Vista previa: logo' })).toBeVisible();

  // Rich text with a list and a link.
  const editor = page.getByRole('textbox', { name: 'Contenido detallado' });
  await editor.click();
  await page.keyboard.type('Lo mejor de la herramienta:');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Lista con viñetas' }).click();
  await page.keyboard.type('Resúmenes en segundos');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Plantillas');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Documentación oficial');
  await page.keyboard.press('Shift+Home');
  await page.getByRole('button', { name: 'Enlace' }).click();
  await page.getByLabel('Dirección del enlace').fill('https://docs.redacta.test/');
  await page.getByRole('button', { name: 'Aplicar enlace' }).click();
  await expect(editor.getByRole('link', { name: 'Documentación oficial' })).toBeVisible();
  await expect(editor.getByRole('listitem')).toHaveCount(2);
  // Tab nests a list item and Shift+Tab takes it back; in a paragraph Tab leaves the editor, so no one is trapped.
  await editor.getByText('Plantillas').click();
  await page.keyboard.press('Tab');
  await expect(editor.locator('li li')).toHaveText('Plantillas');
  await page.keyboard.press('Shift+Tab');
  await expect(editor.locator('li li')).toHaveCount(0);
  await editor.getByText('Lo mejor de la herramienta:').click();
  await page.keyboard.press('Tab');
  await expect(editor).not.toBeFocused();
  await expect(editor.locator('p[style]')).toHaveCount(0);

  // SEO panel: auto-filled once, keywords, author, social cards.
  await expect(page.getByLabel('Meta Título')).toHaveValue(TOOL.title);
  await page.getByLabel('Meta Título').fill(`${TOOL.title}: escribe mejor`);
  await page.getByRole('button', { name: 'Generar automáticamente' }).click();
  await page.getByLabel('Nueva palabra clave').fill('redacción con ia');
  await page.getByLabel('Nueva palabra clave').press('Enter');
  const keywords = page.getByRole('list', { name: 'Palabras clave añadidas' }).getByRole('button');
  await expect(keywords.filter({ hasText: 'redacción con ia' })).toBeVisible();
  expect(await keywords.count()).toBeGreaterThan(2);
  await page.getByLabel('Autor').fill('Autora Pruebas');
  await expect(page.getByText('2 categorías')).toBeVisible();
  await page.getByRole('button', { name: 'Ver Tarjetas' }).click();
  await page.getByRole('tab', { name: 'WhatsApp' }).click();
  await expect(page.getByRole('tabpanel')).toContainText(`🤖 ${TOOL.title}`);
  await expect(page.getByText('Optimización SEO Completa')).toBeVisible();
  await page.getByRole('button', { name: 'Ocultar' }).click();
  // «Vista previa»: the tool page as it will look, in a new tab (drafts.spec.ts goes further).
  const [preview] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Vista previa' }).click()]);
  await expect(preview.getByText('Vista previa: así se verá tu herramienta')).toBeVisible();
  await expect(preview.getByRole('heading', { level: 1, name: TOOL.title })).toBeVisible();
  await preview.close();

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  await submit.click();
  await expect(page).toHaveURL(new RegExp(`/${TOOL.slug}$`));
  await expect(toast(page)).toContainText('¡Publicación enviada con 2 categorías!');
  await expect(page.getByText('Pendiente de revisión')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: TOOL.title })).toBeVisible();
  const article = page.locator('article').first();
  await expect(article.getByRole('link', { name: 'Documentación oficial' })).toHaveAttribute('href', 'https://docs.redacta.test/');
  await expect(article.getByRole('listitem').filter({ hasText: 'Plantillas' })).toBeVisible();
  toolId = (await page.getByRole('link', { name: 'Editar la publicación' }).getAttribute('href'))!.split('/').pop()!;
  await expectNoSeriousA11yViolations(page);
  await page.context().close();
});

test('a guest does not see the pending tool, and a non-admin cannot moderate or edit it', async ({ page, browser }) => {
  const guest = await page.request.get(`/${TOOL.slug}`);
  expect(guest.status()).toBe(404);

  await signInWithGoogle(page, otherUser);
  await page.goto('/admin/pendientes');
  await expect(page.getByRole('heading', { name: 'Acceso denegado' })).toBeVisible();
  await page.goto(`/editar/${toolId}`);
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page)).toContainText('No tienes permisos para editar publicaciones');
  const approve = await page.request.post(`/api/posts/${toolId}/approve`, { data: {} });
  expect(approve.status()).toBe(403);
  await page.context().close();
  void browser;
});

test('the admin approves in /admin/pendientes and a guest sees the page within 5 s, then in its category and search after the rebuild', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await signInWithGoogle(page, admin);
  await page.goto('/admin/pendientes');
  await expect(page.getByRole('heading', { level: 1, name: 'Pendientes' })).toBeVisible();
  const row = page.locator(`[data-submission="${toolId}"]`);
  await expect(row.getByRole('heading', { name: TOOL.title })).toBeVisible();
  await expect(row).toContainText('Autora Pruebas');
  await expect(row).toContainText('Escritura, Productividad');
  await expect(row).toContainText(fakeSite());
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  const approved = page.waitForResponse((response) => response.url().endsWith(`/api/posts/${toolId}/approve`));
  await row.getByRole('button', { name: `Aprobar «${TOOL.title}»` }).click();
  expect((await approved).status()).toBe(200);
  const approvedAt = Date.now();
  await expect(row.getByRole('status')).toContainText('Aprobada');

  const guest = await newPage(browser);
  await expect.poll(async () => (await guest.request.get(`/${TOOL.slug}`)).status(), { timeout: 5_000, intervals: [100, 200, 250] }).toBe(200);
  const visibleAfterMs = Date.now() - approvedAt;
  expect(visibleAfterMs).toBeLessThan(5_000);
  test.info().annotations.push({ type: 'aprobación → visible', description: `${visibleAfterMs} ms` });
  await guest.goto(`/${TOOL.slug}`);
  await expect(guest.getByRole('heading', { level: 1, name: TOOL.title })).toBeVisible();
  await expect(guest.getByText('Pendiente de revisión')).toHaveCount(0);
  await expect(guest.getByRole('link', { name: 'Editar', exact: true })).toHaveCount(0);
  // The stored SEO fields are the page's head and JSON-LD.
  await expect(guest).toHaveTitle(`${TOOL.title}: escribe mejor | Brújula IA`);
  await expect(guest.locator('meta[name="keywords"]')).toHaveAttribute('content', /redacción con ia/);
  await expect(guest.locator('meta[name="author"]')).toHaveAttribute('content', 'Autora Pruebas');
  await expect(guest.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/media\/.+\.jpg\?w=1200$/);
  const jsonLd = await guest.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.some((text) => text.includes('"SoftwareApplication"') && text.includes('redacción con ia'))).toBe(true);

  // The admin's Editar, from the session: on the tool page and on cards.
  await page.goto(`/${TOOL.slug}`);
  await expect(page.getByRole('link', { name: `Editar ${TOOL.title}` })).toHaveAttribute('href', `/editar/${toolId}`);
  await page.goto('/');
  await expect(page.getByRole('link', { name: /^Editar / }).first()).toBeVisible();
  await page.goto('/categoria/escritura');
  const categoryTools = page.getByRole('region', { name: 'Todas las herramientas' });
  await expect(categoryTools.getByRole('link', { name: /^Editar / }).first()).toHaveAttribute('href', /^\/editar\//);

  // Home, category and search catch up with the rebuild.
  await expect
    .poll(
      async () => {
        const response = await guest.request.get('/categoria/escritura');
        return (await response.text()).includes(TOOL.title);
      },
      { timeout: 240_000, intervals: [2_000] },
    )
    .toBe(true);
  await guest.goto(`/buscar?q=${encodeURIComponent(`Redactor Veloz ${run}`)}`);
  await expect(guest.getByRole('list', { name: 'Resultados' }).getByRole('link', { name: TOOL.title, exact: true })).toBeVisible();
  await guest.context().close();
});

test('the admin edits the slug in the editor and the old address answers 301', async ({ page }) => {
  test.setTimeout(300_000);
  await signInWithGoogle(page, admin);
  await page.goto('/editar/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Publicación no encontrada' })).toBeVisible();
  await expect(page.getByText('La publicación que buscas no existe o no tienes permisos para editarla.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volver al panel' })).toHaveAttribute('href', '/admin/dashboard');

  const html = await (await page.request.get(`/admin/edit/${toolId}`)).text();
  expect(html).toContain('Cargando publicación...');
  await page.goto(`/editar/${toolId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Editar publicación' })).toBeVisible();
  await expect(page.getByLabel('Título', { exact: true })).toHaveValue(TOOL.title);
  await expect(page.getByRole('list', { name: 'Categorías elegidas' }).getByRole('button')).toHaveCount(2);
  await expect(page.getByLabel('Marcar como popular')).not.toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByLabel('Marcar como destacado').check();
  await page.getByLabel('Dirección (slug)').fill(`${TOOL.slug}-ia`);
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(toast(page)).toContainText('¡Publicación actualizada!');

  // Each serving process reloads the redirects table every few seconds.
  const oldAddress = () => page.request.get(`/${TOOL.slug}`, { maxRedirects: 0 });
  await expect.poll(async () => (await oldAddress()).status(), { timeout: 10_000 }).toBe(301);
  expect((await oldAddress()).headers().location).toBe(`/${TOOL.slug}-ia`);
  await page.goto(`/${TOOL.slug}`);
  await expect(page).toHaveURL(new RegExp(`/${TOOL.slug}-ia$`));
  await expect(page.getByText('Destacado', { exact: true })).toBeVisible();

  // The rebuild catches up: the category page links the new address (and later specs see a settled site).
  await expect
    .poll(async () => (await (await page.request.get('/categoria/escritura')).text()).includes(`href="/${TOOL.slug}-ia"`), {
      timeout: 240_000,
      intervals: [2_000],
    })
    .toBe(true);
});

test('a rejected submission shows its reason to its author, who can send it back to review', async ({ page, browser }) => {
  test.slow();
  await signInWithGoogle(page, author);
  await openPublishForm(page);
  await page.getByLabel('Título', { exact: true }).fill(REJECTED.title);
  await page.getByLabel('Descripción', { exact: true }).fill('Una herramienta que parece copiar a otra del directorio y que no sabemos si existe de verdad.');
  await page.getByLabel('URL de la herramienta').fill(`${fakeSite()}/sin-og`);
  await page.getByLabel('URL de la herramienta').blur();
  // Same site as the approved tool: the form says so before anything else is written.
  await expect(page.getByText('Esta web ya está en el directorio')).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(TOOL.title) })).toBeVisible();
  await chooseCategory(page, 'escri', 'Escritura');
  await page.getByRole('button', { name: 'Publicar con Múltiples Categorías' }).click();
  await expect(page).toHaveURL(new RegExp(`/${REJECTED.slug}$`));
  await expect(toast(page)).toContainText('¡Publicación enviada con 1 categoría!');
  const id = (await page.getByRole('link', { name: 'Editar la publicación' }).getAttribute('href'))!.split('/').pop()!;

  const moderator = await newPage(browser);
  await signInWithGoogle(moderator, admin);
  await moderator.goto('/admin/pendientes');
  const row = moderator.locator(`[data-submission="${id}"]`);
  await expect(row).toContainText('Posible duplicado');
  await row.getByText(`Rechazar «${REJECTED.title}»`).click();
  await row.getByRole('button', { name: 'Rechazar publicación' }).click();
  await expect(moderator.locator('[data-toaster]')).toContainText('Escribe el motivo del rechazo para el autor.');
  await row.getByLabel('Motivo del rechazo (lo recibirá el autor)').fill('Es la misma web que Redactor Veloz.');
  await row.getByRole('button', { name: 'Rechazar publicación' }).click();
  await expect(row.getByRole('status')).toContainText('Rechazada');
  await moderator.context().close();

  const mail = await latestMail(author.email);
  expect(mail).toContain('Es la misma web que Redactor Veloz.');

  await page.goto(`/${REJECTED.slug}`);
  await expect(page.getByText('Publicación rechazada')).toBeVisible();
  await expect(page.getByText('Es la misma web que Redactor Veloz.')).toBeVisible();
  await page.getByRole('link', { name: 'Editar la publicación' }).click();
  await expect(page).toHaveURL(new RegExp(`/editar/${id}$`));
  await expect(page.getByText('Motivo del rechazo')).toBeVisible();
  await expect(page.getByLabel('Marcar como destacado')).toHaveCount(0);
  await page.getByLabel('Descripción', { exact: true }).fill('Es otra herramienta distinta: traduce documentos legales con glosarios propios de cada cliente.');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page).toHaveURL(new RegExp(`/${REJECTED.slug}$`));
  await expect(page.getByText('Pendiente de revisión')).toBeVisible();
});

/** The newest e-mail to `to` in the site's outbox (no SMTP_URL in the e2e site). */
async function latestMail(to: string): Promise<string> {
  const outbox = path.resolve(siteUnderTest().dataDir, 'outbox');
  let found = '';
  await expect
    .poll(
      async () => {
        const { readdir } = await import('node:fs/promises');
        for (const file of (await readdir(outbox)).sort().reverse()) {
          const text = (await readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '');
          const decoded = Buffer.from(
            text.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8');
          if (decoded.includes(`To: ${to}`) && decoded.includes('no podemos publicarla')) return (found = decoded);
        }
        return '';
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  return found;
}
