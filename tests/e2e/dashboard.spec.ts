/** The user's dashboard: one user's whole journey, the guard, 'Mis publicaciones', stories, mobile and axe. */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { registerAndSignIn, TEST_PASSWORD, uniqueEmail } from './accounts.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { withSiteDatabase } from './database.ts';
import { expect as baseExpect, test } from './fixtures.ts';
import { mailedLink, verificationLink } from './mail.ts';

// The first requests to a fresh server (the AI SDK, sharp, the auth library) are slow on a busy two-core machine.
const expect = baseExpect.configure({ timeout: 20_000 });
// Chromium logs every 4xx/5xx answer of fetch as a console error; some steps cause them on purpose.
const refusedRequest = /the server responded with a status of (4\d\d|5\d\d)/;

async function expectToast(page: Page, title: string, description?: string) {
  const shown = page.getByRole('status').filter({ hasText: title });
  await expect(shown).toBeVisible();
  if (description) await expect(shown).toContainText(description);
}

/** The overview's counter with this label. */
const stat = (page: Page, label: string) => page.getByRole('article', { name: label });
const homeCards = (page: Page) => page.getByRole('main').getByRole('article');
const dashboardMenu = (page: Page) => page.getByRole('main').getByRole('button', { name: /^Menú de cuenta de / });
const confirmDialog = (page: Page, title: string) => page.getByRole('alertdialog', { name: title });
const imageCards = (page: Page) => page.getByRole('tabpanel').getByRole('article');

async function signIn(page: Page, email: string, password: string) {
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeEnabled();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

async function generateImages(page: Page, prompt: string, count: number) {
  await page.goto('/generador-de-imagenes');
  await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  await page.getByLabel('Describe la imagen').fill(prompt);
  await page.getByLabel('Cantidad').selectOption(String(count));
  await page.getByRole('button', { name: 'Generar' }).click();
  await expectToast(page, '¡Imágenes generadas!');
}

async function cardNames(cards: Locator): Promise<string[]> {
  return cards.evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label') ?? ''));
}

test.describe('user dashboard', () => {
  test.use({ viewport: { width: 1280, height: 900 }, allowedConsoleErrors: [refusedRequest], permissions: ['clipboard-read', 'clipboard-write'] });

  test('a guest is sent to sign in and comes back to the page they asked for', async ({ page }) => {
    test.slow();
    const email = uniqueEmail('vuelta');
    await registerAndSignIn(page, email, 'Vera Vuelta');
    await page.getByRole('main').getByRole('button', { name: 'Menú de cuenta de Vera Vuelta' }).click();
    await page.getByRole('main').getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL(/\/$/);

    for (const path of ['/dashboard/saved', '/dashboard/images', '/dashboard/profile', '/dashboard/posts', '/dashboard/historias']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(path)}$`));
    }
    await signIn(page, email, TEST_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard\/historias$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Historias' })).toBeVisible();
  });

  test('one user from sign-up: saves, images, counts, sidebar, profile, password, reset, export and deletion', async ({ page }) => {
    test.setTimeout(300_000);
    const email = uniqueEmail('trayecto');
    const NEW_PASSWORD = 'clave-nueva-22';
    const RESET_PASSWORD = 'clave-restablecida-33';

    await test.step('sign up and land on an empty overview', async () => {
      await registerAndSignIn(page, email, 'Marta Ruiz');
      await expect(page.getByRole('heading', { level: 1, name: 'Hola, Marta Ruiz' })).toBeVisible();
      await expect(stat(page, 'Publicaciones')).toContainText('0 publicadas · 0 pendientes');
      await expect(stat(page, 'Imágenes IA').getByText('0', { exact: true })).toBeVisible();
      await expect(stat(page, 'Historias IA').getByText('0', { exact: true })).toBeVisible();
      await expect(page.getByText('Aún no has publicado ninguna herramienta.')).toBeVisible();
      await expect(page.getByRole('link', { name: /Generar imágenes/ })).toHaveAttribute('href', '/generador-de-imagenes');
      await expect(page.getByRole('link', { name: /Escribir una historia/ })).toHaveAttribute('href', '/generar-historia');
      await expect(page.getByRole('link', { name: /Publicar una herramienta/ })).toHaveAttribute('href', '/publicar');
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
    });

    const saved: string[] = [];
    await test.step('save two tools and find them in Guardados, then remove one', async () => {
      await page.goto('/');
      for (const card of [homeCards(page).nth(0), homeCards(page).nth(1)]) {
        saved.push((await card.getByRole('heading').textContent())!.trim());
        await card.getByRole('button', { name: /^Guardar / }).click();
        await expect(card.getByRole('button', { name: /^Guardado / })).toBeVisible();
      }
      await page.goto('/dashboard/saved');
      await expect(page.getByText('2 herramientas guardadas')).toBeVisible();
      const cards = page.getByRole('main').getByRole('article');
      // The newest save comes first.
      await expect(cards.getByRole('heading')).toHaveText([saved[1]!, saved[0]!]);
      const first = cards.filter({ hasText: saved[1]! });
      await expect(first.getByRole('link', { name: /^Ver detalles/ })).toHaveAttribute('href', /^\/[a-z0-9-]+$/);
      await expect(first.getByRole('link', { name: /^Visitar/ })).toHaveAttribute('target', '_blank');
      await expect(first.getByText(/^Por /)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await first.getByRole('button', { name: /^Quitar/ }).click();
      await expectToast(page, 'Publicación removida', 'La publicación ha sido removida de guardados.');
      await expect(page.getByText('1 herramienta guardada')).toBeVisible();
      await page.reload();
      await expect(cards.getByRole('heading')).toHaveText([saved[0]!]);
    });

    await test.step('generate images, then manage them from Imágenes', async () => {
      await generateImages(page, 'un faro en un acantilado al atardecer', 2);
      await generateImages(page, 'un barco de vela en el mar', 1);

      // 'Cargando Dashboard' shows while the gallery's first answer is on its way (held here until seen).
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        '**/api/images?**',
        async (route) => {
          await held;
          await route.continue();
        },
        { times: 1 },
      );
      await page.goto('/dashboard/images');
      await expect(page.getByText('Cargando Dashboard')).toBeVisible();
      release();
      const generated = page.getByRole('article', { name: 'Imágenes generadas' });
      const savedImages = page.getByRole('article', { name: 'Imágenes guardadas' });
      await expect(generated.getByText('3', { exact: true })).toBeVisible();
      await expect(savedImages.getByText('0', { exact: true })).toBeVisible();
      await expect(imageCards(page)).toHaveCount(3);
      expect((await cardNames(imageCards(page)))[0]).toContain('barco');
      await expectNoSeriousA11yViolations(page);

      await page.getByLabel('Buscar por descripción').fill('BARCO');
      await expect(imageCards(page)).toHaveCount(1);
      await page.getByLabel('Buscar por descripción').fill('submarino');
      await expect(page.getByText('Ninguna imagen coincide con «submarino».')).toBeVisible();
      await page.getByRole('button', { name: 'Limpiar búsqueda' }).click();
      await expect(imageCards(page)).toHaveCount(3);
      await page.getByLabel('Ordenar').selectOption({ label: 'Más antiguas' });
      await expect.poll(async () => (await cardNames(imageCards(page)))[2]).toContain('barco');
      await page.getByLabel('Ordenar').selectOption({ label: 'Por descripción' });
      await expect.poll(async () => (await cardNames(imageCards(page)))[0]).toContain('barco');

      const boat = imageCards(page).filter({ hasText: 'barco' });
      await boat.getByRole('button', { name: 'Guardar' }).click();
      await expectToast(page, 'Imagen guardada');
      await expect(savedImages.getByText('1', { exact: true })).toBeVisible();
      await page.getByRole('tab', { name: /^Guardadas/ }).click();
      await expect(imageCards(page)).toHaveCount(1);
      await expect(page.getByLabel('Buscar por descripción')).toHaveCount(0);
      await imageCards(page).getByRole('button', { name: 'Remover de favoritos' }).click();
      await confirmDialog(page, '¿Remover de favoritos?').getByRole('button', { name: 'Remover' }).click();
      await expectToast(page, 'Imagen removida');
      await expect(page.getByText('Aún no has guardado ninguna imagen.', { exact: false })).toBeVisible();
      await expect(page.getByRole('tabpanel').getByRole('link', { name: 'Ir al generador de imágenes' })).toHaveAttribute('href', '/generador-de-imagenes');

      await page.getByRole('tab', { name: /^Todas las Imágenes/ }).click();
      await expect(imageCards(page)).toHaveCount(3);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        imageCards(page).filter({ hasText: 'barco' }).getByRole('button', { name: 'Descargar' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^un-barco-de-vela-en-el-mar-\d+\.png$/);
      const bytes = await readFile(await download.path());
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      await expectToast(page, '¡Imagen descargada!');

      // Cancelling the confirmation keeps the image; confirming deletes it.
      const lighthouse = imageCards(page).filter({ hasText: 'faro' }).first();
      await lighthouse.getByRole('button', { name: 'Eliminar' }).click();
      await confirmDialog(page, '¿Eliminar imagen?').getByRole('button', { name: 'Cancelar' }).click();
      await expect(imageCards(page)).toHaveCount(3);
      await lighthouse.getByRole('button', { name: 'Eliminar' }).click();
      await confirmDialog(page, '¿Eliminar imagen?').getByRole('button', { name: 'Eliminar' }).click();
      await expectToast(page, '¡Imagen eliminada!');
      await expect(imageCards(page)).toHaveCount(2);
      await expect(generated.getByText('2', { exact: true })).toBeVisible();
    });

    await test.step('the overview counts what changed', async () => {
      await page.goto('/dashboard');
      await expect(stat(page, 'Imágenes IA').getByText('2', { exact: true })).toBeVisible();
      await expect(stat(page, 'Imágenes IA')).toContainText('0 guardadas');
      await expect(page.getByRole('region', { name: 'Imágenes recientes' }).getByRole('img')).toHaveCount(2);
    });

    await test.step('collapse the sidebar with the keyboard and find it collapsed after a reload', async () => {
      const rail = page.getByRole('complementary', { name: 'Menú del panel' });
      const trigger = page.getByRole('button', { name: 'Menú del panel' });
      await expect(rail).toHaveCSS('width', '256px');
      await expect(trigger).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('Control+b');
      await expect(rail).toHaveCSS('width', '56px');
      await expect(trigger).toHaveAttribute('aria-expanded', 'false');
      const cookie = (await page.context().cookies()).find((entry) => entry.name === 'sidebar_state');
      expect(cookie?.value).toBe('false');
      expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(6.9 * 24 * 3600);
      await page.reload();
      await expect(page.locator('[data-sidebar-root]')).toHaveAttribute('data-state', 'collapsed');
      await expect(rail).toHaveCSS('width', '56px');
      await rail.getByRole('link', { name: 'Guardados' }).click();
      await expect(page).toHaveURL(/\/dashboard\/saved$/);
      await expect(rail).toHaveCSS('width', '56px');
      await page.keyboard.press('Meta+b');
      await expect(rail).toHaveCSS('width', '256px');
    });

    await test.step('change the name, the avatar and the password', async () => {
      await page.goto('/dashboard/profile');
      await expectNoSeriousA11yViolations(page);
      await page.getByLabel('Nombre').fill('Marta Ruiz Gil');
      await page.getByLabel('Biografía').fill('Pruebo herramientas de imagen.');
      await page.getByRole('button', { name: 'Guardar cambios' }).click();
      await expectToast(page, 'Perfil actualizado');
      await expect(dashboardMenu(page)).toHaveAccessibleName('Menú de cuenta de Marta Ruiz Gil');
      await expect(page.getByLabel('Biografía')).toHaveValue('Pruebo herramientas de imagen.');

      const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#ff8800' } })
        .png()
        .toBuffer();
      await page.getByLabel('Cambiar foto').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: photo });
      await expectToast(page, 'Foto actualizada');
      await expect(page.getByRole('img', { name: 'Tu foto de perfil' })).toHaveAttribute('src', /^\/media\/avatars\/\d{4}-\d{2}\/[0-9a-f-]{36}\.jpg$/);
      await expect(dashboardMenu(page).locator('img')).toHaveAttribute('src', /\/media\/avatars\//);
      // The site header's account menu shows the photo instead of the initials.
      const headerMenu = page.getByRole('banner').getByRole('button', { name: 'Menú de cuenta de Marta Ruiz Gil' });
      await expect(headerMenu.locator('img')).toHaveAttribute('src', /\/media\/avatars\//);
      await expect(headerMenu.getByText('MR', { exact: true })).toHaveCount(0);

      await page.getByLabel('Contraseña actual').fill('incorrecta');
      await page.getByLabel('Nueva contraseña', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Confirmar nueva contraseña').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
      await expect(page.getByText('La contraseña no es correcta.')).toBeVisible();
      await page.getByLabel('Contraseña actual').fill(TEST_PASSWORD);
      await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
      await expectToast(page, 'Contraseña cambiada', 'Hemos cerrado la sesión en tus otros dispositivos.');
      await expect(page.getByLabel('Contraseña actual')).toHaveValue('');
    });

    await test.step('sign out, and sign in with the new password', async () => {
      await dashboardMenu(page).click();
      await page.getByRole('main').getByRole('button', { name: 'Cerrar Sesión' }).click();
      await expect(page).toHaveURL(/\/$/);
      await page.goto('/login');
      await signIn(page, email, TEST_PASSWORD);
      await expectToast(page, 'Error de autenticación', 'Email o contraseña incorrectos');
      await signIn(page, email, NEW_PASSWORD);
      await expect(page).toHaveURL(/\/dashboard$/);
      await dashboardMenu(page).click();
      await page.getByRole('main').getByRole('button', { name: 'Cerrar Sesión' }).click();
      await expect(page).toHaveURL(/\/$/);
    });

    await test.step('reset a forgotten password from the e-mail', async () => {
      await page.goto('/login');
      await page.getByRole('link', { name: 'Olvidé mi contraseña' }).click();
      await expect(page).toHaveURL(/\/recuperar-contrasena$/);
      await expectNoSeriousA11yViolations(page);
      await expect(page.getByRole('button', { name: 'Enviar enlace' })).toBeEnabled();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Enviar enlace' }).click();
      await expect(page.getByText('Revisa tu email')).toBeVisible();
      await page.goto(await mailedLink(email, '/api/auth/reset-password/'));
      await expect(page).toHaveURL(/\/restablecer-contrasena\?token=/);
      await expect(page.getByRole('button', { name: 'Guardar contraseña' })).toBeEnabled();
      await expectNoSeriousA11yViolations(page);
      await page.getByLabel('Nueva contraseña', { exact: true }).fill(RESET_PASSWORD);
      await page.getByLabel('Confirmar nueva contraseña').fill('otra-distinta');
      await page.getByRole('button', { name: 'Guardar contraseña' }).click();
      await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
      await page.getByLabel('Confirmar nueva contraseña').fill(RESET_PASSWORD);
      await page.getByRole('button', { name: 'Guardar contraseña' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expectToast(page, 'Contraseña cambiada');
      await signIn(page, email, RESET_PASSWORD);
      await expect(page).toHaveURL(/\/dashboard$/);
      // The link worked once.
      await page.goto(await mailedLink(email, '/api/auth/reset-password/'));
      await expect(page.getByRole('alert')).toContainText('El enlace no es válido o ha caducado.');
    });

    await test.step('download the data export and check it', async () => {
      await page.goto('/dashboard/profile');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Descargar mis datos' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^mis-datos-brujula-ia-\d{4}-\d{2}-\d{2}\.json$/);
      const data = JSON.parse(await readFile(await download.path(), 'utf8'));
      expect(data.profile).toMatchObject({
        name: 'Marta Ruiz Gil',
        email,
        bio: 'Pruebo herramientas de imagen.',
        avatarUrl: expect.stringMatching(/\/media\/avatars\//),
      });
      expect(data.savedTools.map((tool: { title: string }) => tool.title)).toEqual([saved[0]]);
      expect(data.images.map((image: { prompt: string }) => image.prompt).sort()).toEqual([
        'un barco de vela en el mar',
        'un faro en un acantilado al atardecer',
      ]);
      expect(data.posts).toEqual([]);
      expect(data.stories).toEqual([]);
      expect(JSON.stringify(data)).not.toMatch(/password|token/i);
    });

    await test.step('delete the account; the e-mail can register again', async () => {
      await page.goto('/dashboard/profile');
      await page.getByLabel('Tu contraseña').fill(RESET_PASSWORD);
      await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
      await confirmDialog(page, '¿Eliminar tu cuenta?').getByRole('button', { name: 'Eliminar mi cuenta' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expectToast(page, 'Cuenta eliminada');
      await expect(page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
      await registerAndSignIn(page, email, 'Marta Otra Vez');
      await expect(page.getByRole('heading', { level: 1, name: 'Hola, Marta Otra Vez' })).toBeVisible();
      await expect(stat(page, 'Imágenes IA').getByText('0', { exact: true })).toBeVisible();
    });
  });

  test('Mis publicaciones: status, rejection reason, edit links and deleting one’s own', async ({ page }) => {
    test.slow();
    const email = uniqueEmail('autora');
    await registerAndSignIn(page, email, 'Ana Autora');
    const titles = { published: `Publicada ${Date.now()}`, pending: `Pendiente ${Date.now()}`, rejected: `Rechazada ${Date.now()}` };
    // Rows written straight to the database (no page creates them in this branch). session_replication_role keeps the
    // content-version triggers quiet: the published one never reaches a rebuild, so other tests see the seeded site.
    const ids = await withSiteDatabase(async (client) => {
      await client.query('SET session_replication_role = replica');
      const { rows: user } = await client.query<{ id: string }>('SELECT id FROM profiles WHERE email = $1', [email]);
      const stamp = Date.now();
      const { rows } = await client.query<{ id: string; status: string }>(
        `INSERT INTO posts (title, slug, description, status, user_id, review_note, is_verified, created_at) VALUES
           ($1, $4, 'Una herramienta publicada.', 'published', $7, NULL, true, '2001-01-01T10:00:00Z'),
           ($2, $5, 'Una herramienta en revisión.', 'pending', $7, NULL, false, '2001-01-02T10:00:00Z'),
           ($3, $6, 'Una herramienta rechazada.', 'rejected', $7, 'No encontramos la web oficial.', false, '2001-01-03T10:00:00Z')
         RETURNING id, status`,
        [titles.published, titles.pending, titles.rejected, `prueba-publicada-${stamp}`, `prueba-pendiente-${stamp}`, `prueba-rechazada-${stamp}`, user[0]!.id],
      );
      const { rows: others } = await client.query<{ id: string }>(`SELECT id FROM posts WHERE slug = 'chatgpt'`);
      return { ...Object.fromEntries(rows.map((row) => [row.status, row.id])), others: others[0]!.id } as Record<string, string>;
    });
    const removePublished = () =>
      withSiteDatabase(async (client) => {
        await client.query('SET session_replication_role = replica');
        await client.query('DELETE FROM posts WHERE id = $1', [ids.published]);
      });

    try {
      await page.goto('/dashboard');
      await expect(stat(page, 'Publicaciones')).toContainText('1 publicada · 1 pendiente');
      await page.goto('/dashboard/posts');
      await expect(page.getByText('3 publicaciones')).toBeVisible();
      const cards = page.getByRole('main').getByRole('article');
      await expect(cards.getByRole('heading')).toHaveText([titles.rejected, titles.pending, titles.published]);
      const rejected = page.getByRole('article', { name: titles.rejected });
      await expect(rejected.getByText('Rechazado', { exact: true })).toBeVisible();
      await expect(rejected).toContainText('Motivo del rechazo: No encontramos la web oficial.');
      await expect(rejected.getByRole('link', { name: /^Editar/ })).toHaveAttribute('href', `/editar/${ids.rejected}`);
      await expect(page.getByRole('article', { name: titles.pending }).getByRole('link', { name: /^Editar/ })).toHaveAttribute(
        'href',
        `/editar/${ids.pending}`,
      );
      const published = page.getByRole('article', { name: titles.published });
      await expect(published.getByText('Publicado', { exact: true })).toBeVisible();
      await expect(published.getByText('Verificado')).toBeVisible();
      await expect(published.getByRole('link', { name: /^Editar/ })).toHaveCount(0);
      await expect(published.getByText('Ya publicada: para cambiarla, escribe al equipo.')).toBeVisible();
      await expect(published.getByRole('link', { name: /^Visitar/ })).toHaveAttribute('target', '_blank');
      await expectNoSeriousA11yViolations(page);

      await rejected.getByRole('button', { name: /^Eliminar/ }).click();
      await confirmDialog(page, '¿Eliminar publicación?').getByRole('button', { name: 'Cancelar' }).click();
      await expect(cards).toHaveCount(3);
      await rejected.getByRole('button', { name: /^Eliminar/ }).click();
      await expect(confirmDialog(page, '¿Eliminar publicación?')).toContainText('No se puede deshacer.');
      await confirmDialog(page, '¿Eliminar publicación?').getByRole('button', { name: 'Eliminar' }).click();
      await expectToast(page, 'Publicación eliminada');
      await expect(cards).toHaveCount(2);
      await expect(page.getByText('2 publicaciones')).toBeVisible();
      await page.reload();
      await expect(cards).toHaveCount(2);

      // Someone else's tool cannot be deleted from here, whatever id is sent.
      const refused = await page.evaluate((id) => fetch(`/api/dashboard/posts/${id}`, { method: 'DELETE' }).then((response) => response.status), ids.others!);
      expect(refused).toBe(404);
      const chatgpt = await page.request.get('/chatgpt');
      expect(chatgpt.status()).toBe(200);
    } finally {
      await removePublished();
    }
  });

  test('Historias: read, copy, download and delete', async ({ page }) => {
    test.slow();
    await registerAndSignIn(page, uniqueEmail('cuentista'), 'Cuca Cuentista');
    await page.goto('/generar-historia');
    await expect(page.locator('astro-island[opts*=\'"name":"StoryGenerator"\']')).not.toHaveAttribute('ssr');
    await page.getByLabel('Idea para tu historia').fill('un faro que cuenta estrellas');
    await page.getByRole('button', { name: 'Generar historia' }).click();
    await expect(page.getByTestId('historia')).toContainText('Fin.', { timeout: 30_000 });

    await page.goto('/dashboard/historias');
    await expect(page.getByText('1 historia')).toBeVisible();
    const story = page.getByRole('main').getByRole('article');
    const title = (await story.getByRole('heading').textContent())!.trim();
    await expect(story).toContainText('Idea: un faro que cuenta estrellas');
    await story.getByText('Leer la historia').click();
    await expect(story.getByText(/un faro que cuenta estrellas/).last()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await story.getByRole('button', { name: /^Copiar/ }).click();
    await expectToast(page, 'Texto copiado');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(title);
    const [download] = await Promise.all([page.waitForEvent('download'), story.getByRole('button', { name: /^Descargar/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.txt$/);
    expect(await readFile(await download.path(), 'utf8')).toContain(title);

    await story.getByRole('button', { name: /^Eliminar/ }).click();
    await confirmDialog(page, '¿Eliminar historia?').getByRole('button', { name: 'Eliminar' }).click();
    await expectToast(page, 'Eliminado correctamente');
    await expect(page.getByText('Aún no has escrito ninguna historia')).toBeVisible();
  });

  test('Descripciones in the dashboard is the same island as /mis-descripciones', async ({ page }) => {
    await registerAndSignIn(page, uniqueEmail('descripciones'), 'Dora Descripción');
    await page.goto('/dashboard/mis-descripciones');
    await expect(page.getByRole('heading', { level: 1, name: 'Descripciones' })).toBeVisible();
    await expect(page.getByText('Aún no has guardado ninguna descripción')).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Menú del panel' }).getByRole('link', { name: 'Descripciones' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoSeriousA11yViolations(page);
    await page.goto('/mis-descripciones');
    await expect(page.getByText('Aún no has guardado ninguna descripción')).toBeVisible();
  });

  test('a guest who pressed Guardar on a card has the tool saved once signed in from the dialog', async ({ page }) => {
    test.slow();
    const email = uniqueEmail('invitada');
    await registerAndSignIn(page, email, 'Inés Invitada');
    await page.getByRole('main').getByRole('button', { name: 'Menú de cuenta de Inés Invitada' }).click();
    await page.getByRole('main').getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL(/\/$/);

    // A dismissed dialog forgets the tool.
    await homeCards(page)
      .nth(1)
      .getByRole('button', { name: /^Guardar / })
      .click();
    const dialog = page.getByRole('dialog', { name: '¡Únete a nosotros!' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    const card = homeCards(page).first();
    const title = (await card.getByRole('heading').textContent())!.trim();
    await card.getByRole('button', { name: /^Guardar / }).click();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Contraseña', { exact: true }).fill(TEST_PASSWORD);
    await dialog.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(dialog).toHaveCount(0);
    await expectToast(page, 'Publicación guardada', 'La publicación ha sido guardada exitosamente.');
    await expect(card.getByRole('button', { name: /^Guardado / })).toBeVisible();

    await page.goto('/dashboard/saved');
    await expect(page.getByRole('main').getByRole('article').getByRole('heading')).toHaveText([title]);
  });

  test('the login page sends the verification e-mail again', async ({ page }) => {
    const email = uniqueEmail('sin-verificar');
    await page.goto('/register');
    await expect(page.getByRole('button', { name: 'Crear cuenta' })).toBeEnabled();
    await page.getByLabel('Nombre').fill('Sofía Sinverificar');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel('Confirmar contraseña').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
    const first = await verificationLink(email);

    await signIn(page, email, TEST_PASSWORD);
    await expectToast(page, 'Error de autenticación', 'Por favor, verifica tu email antes de continuar');
    await page.getByRole('button', { name: 'Reenviar email de verificación' }).click();
    await expect(page.getByRole('button', { name: 'Enlace enviado' })).toBeDisabled();
    await expectToast(page, 'Email enviado');
    await expect.poll(() => verificationLink(email)).not.toBe(first);
    await page.goto(await verificationLink(email));
    await expect(page.getByText('Email verificado. Ya puedes iniciar sesión.')).toBeVisible();
    await signIn(page, email, TEST_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('user dashboard on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar is a sheet, and the overview, saved tools and profile fit and pass axe', async ({ page }) => {
    test.slow();
    await registerAndSignIn(page, uniqueEmail('movil'), 'Mónica Móvil');
    await expect(page.getByRole('complementary', { name: 'Menú del panel' })).toBeHidden();
    await expectNoSeriousA11yViolations(page);

    const trigger = page.getByRole('button', { name: 'Menú del panel' });
    await trigger.click();
    const sheet = page.getByRole('dialog', { name: 'Menú del panel' });
    await expect(sheet).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect((await sheet.boundingBox())!.width).toBeCloseTo(288, 0);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(trigger).toBeFocused();

    await page.keyboard.press('Control+b');
    await expect(sheet).toBeVisible();
    await sheet.getByRole('link', { name: 'Guardados' }).click();
    await expect(page).toHaveURL(/\/dashboard\/saved$/);
    await expect(page.getByRole('dialog', { name: 'Menú del panel' })).toBeHidden();
    await expect(page.getByText('Aún no has guardado ninguna herramienta')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/dashboard/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Perfil' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The search form of the dashboard's bar goes to /buscar, and sends nothing when blank.
    await page.getByRole('searchbox', { name: 'Buscar herramientas' }).fill('   ');
    await page.getByRole('searchbox', { name: 'Buscar herramientas' }).press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/profile$/);
    await page.getByRole('searchbox', { name: 'Buscar herramientas' }).fill(' chatgpt ');
    await page.getByRole('searchbox', { name: 'Buscar herramientas' }).press('Enter');
    await expect(page).toHaveURL(/\/buscar\?q=chatgpt$/);
  });
});
