import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { registerAndSignIn } from './accounts.ts';

const PORT = Number(process.env.E2E_PORT ?? 4399);
// The fake Pollinations (playwright.config.ts) serves JPEGs on loopback; SAFE_FETCH_ALLOW_HOSTS lets the site fetch them.
const FAKE_AI_PORT = Number(process.env.E2E_FAKE_AI_PORT ?? 20_000 + (PORT % 1000) * 3);
const fixtureImageUrl = (name: string, width = 320, height = 200) => `http://127.0.0.1:${FAKE_AI_PORT}/prompt/${name}?width=${width}&height=${height}`;
// Chromium logs every 4xx/5xx answer of fetch as a console error; these tests expect some on purpose.
const refusedRequest = /the server responded with a status of (4\d\d|5\d\d)/;

const pngFile = async (width: number, height: number) => ({
  name: 'foto.png',
  mimeType: 'image/png',
  buffer: await sharp({ create: { width, height, channels: 3, background: '#4a8' } })
    .png()
    .toBuffer(),
});

async function openGenerator(page: Page) {
  await page.goto('/descripcion-de-imagenes');
  await expect(page.getByRole('button', { name: 'Generar descripción' })).toBeEnabled();
}

async function expectToast(page: Page, title: string, description?: string) {
  const region = page.getByRole('status');
  await expect(region).toContainText(title);
  if (description) await expect(region).toContainText(description);
  await page.getByRole('button', { name: 'Cerrar notificación' }).click();
}

/** Drops a file on the zone the way a browser does: a DataTransfer holding one file, built inside the page. */
async function dropFile(page: Page, file: { name: string; mimeType: string; text?: string; size?: number }) {
  const dataTransfer = await page.evaluateHandle(({ name, mimeType, text, size }) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text ?? new Uint8Array(size ?? 0)], name, { type: mimeType }));
    return transfer;
  }, file);
  await page.getByTestId('zona-imagen').dispatchEvent('drop', { dataTransfer });
}

test.describe('description generator', () => {
  test.use({ viewport: { width: 1280, height: 900 }, allowedConsoleErrors: [refusedRequest] });

  test('shows the info card, passes axe, and checks every source rule with SPEC texts', async ({ page }, testInfo) => {
    await openGenerator(page);
    await expect(page.getByRole('heading', { name: 'Cómo funciona' })).toBeVisible();
    await expect(page.getByText('JPG, PNG, GIF, WebP (máx. 10MB)')).toBeVisible();
    await expect(page.getByLabel('Idioma de la descripción')).toHaveValue('es');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Generar descripción' }).click();
    await expectToast(page, 'Imagen requerida', 'Por favor selecciona una imagen o proporciona una URL');

    await page.getByLabel('O pega la URL de una imagen').fill('foto-sin-dominio.jpg');
    await page.getByRole('button', { name: 'Generar descripción' }).click();
    await expectToast(page, 'Error', 'URL de imagen no válida');

    await dropFile(page, { name: 'notas.txt', mimeType: 'text/plain', text: 'hola' });
    await expectToast(page, 'Formato no válido', 'Por favor selecciona una imagen válida');

    await dropFile(page, { name: 'enorme.png', mimeType: 'image/png', size: 10_485_761 });
    await expectToast(page, 'Archivo muy grande', 'El archivo debe ser menor a 10MB.');
    // The picker is held to the same limit (SPEC leaves it unchecked; the server would refuse it anyway).
    // From disk: Chromium reads a local path itself, where 10 MB sent as a buffer crawls through the protocol.
    const hugePath = testInfo.outputPath('enorme.png');
    await writeFile(hugePath, Buffer.alloc(10_485_761));
    await page.getByLabel('Seleccionar imagen').setInputFiles(hugePath);
    await expectToast(page, 'Archivo muy grande', 'El archivo debe ser menor a 10MB.');
  });

  test('describes an uploaded file in English, copies text and HTML, and «Nueva imagen» resets everything', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openGenerator(page);
    await page.getByLabel('O pega la URL de una imagen').fill('https://ejemplo.es/otra.jpg');
    // A chosen file clears the URL.
    await page.getByLabel('Seleccionar imagen').setInputFiles(await pngFile(640, 480));
    await expect(page.getByLabel('O pega la URL de una imagen')).toHaveValue('');
    await expect(page.getByRole('img', { name: 'Vista previa de la imagen elegida' })).toBeVisible();
    await page.getByLabel('Idioma de la descripción').selectOption('en');
    await page.getByLabel('Instrucciones personalizadas (opcional)').fill('  Fíjate en los colores  ');
    await page.getByRole('button', { name: 'Generar descripción' }).click();

    const result = page.getByRole('region', { name: 'Descripción generada' });
    await expect(result.getByRole('heading', { name: 'Descripción en Inglés' })).toBeVisible();
    // Sent re-encoded as JPEG, within the size the server allows.
    await expect(result).toContainText('Imagen JPEG de 640×480 píxeles');
    await expect(result).toContainText('Indicaciones seguidas: Fíjate en los colores');
    await expect(result.getByRole('listitem')).toHaveCount(2);
    await expectToast(page, '¡Descripción única generada!');
    // Guests cannot save; they are told how.
    await expect(page.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
    await expect(result.getByRole('link', { name: 'Inicia sesión' })).toBeVisible();

    await page.getByRole('button', { name: 'Copiar texto' }).click();
    await expectToast(page, 'Texto copiado');
    const text = await page.evaluate(() => navigator.clipboard.readText());
    expect(text).toContain('Descripción en Inglés');
    expect(text).not.toContain('<');
    await page.getByRole('button', { name: 'Copiar HTML' }).click();
    await expectToast(page, 'HTML copiado');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^<h3>Descripción en Inglés<\/h3><p>Imagen JPEG/);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Nueva imagen' }).click();
    await expect(page.getByRole('heading', { name: 'Cómo funciona' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Vista previa de la imagen elegida' })).toHaveCount(0);
    await expect(page.getByLabel('Instrucciones personalizadas (opcional)')).toHaveValue('');
    await expect(page.getByLabel('O pega la URL de una imagen')).toHaveValue('');
  });

  test('refuses a loopback URL that the test-only allowance does not name, with the image error', async ({ page }) => {
    await openGenerator(page);
    // The site itself on 127.0.0.1: public-looking to nobody, and not in SAFE_FETCH_ALLOW_HOSTS.
    await page.getByLabel('O pega la URL de una imagen').fill(`http://127.0.0.1:${PORT}/logo-512.png`);
    await page.getByRole('button', { name: 'Generar descripción' }).click();
    await expectToast(page, 'Error', 'Error con la imagen. Verifica que sea válida y accesible.');
    await expect(page.getByRole('heading', { name: 'Cómo funciona' })).toBeVisible();
  });

  test("shows the provider's failure as its Spanish message", async ({ page }) => {
    await openGenerator(page);
    await page.getByLabel('Seleccionar imagen').setInputFiles(await pngFile(64, 64));
    await page.getByLabel('Instrucciones personalizadas (opcional)').fill('[fallo:401]');
    await page.getByRole('button', { name: 'Generar descripción' }).click();
    await expectToast(page, 'Error', 'El servicio de IA no aceptó la clave configurada. Avisa al equipo del sitio.');
    await expect(page.getByRole('button', { name: 'Generar descripción' })).toBeEnabled();
  });
});

test.describe('saved descriptions', () => {
  test.use({ viewport: { width: 1280, height: 900 }, allowedConsoleErrors: [refusedRequest] });

  test('a guest sees a prompt to sign in', async ({ page }) => {
    await page.goto('/mis-descripciones');
    await expect(page.getByRole('heading', { name: 'Inicia sesión para ver tus descripciones' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('a user describes by URL and by file, saves both, filters them and deletes one', async ({ page, context }) => {
    test.slow();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const email = `descripciones-${Date.now()}@brujula.test`;
    await registerAndSignIn(page, email);

    await page.goto('/mis-descripciones');
    await expect(page.getByRole('heading', { name: 'Aún no has guardado ninguna descripción' })).toBeVisible();

    // By URL, in French: the fake describes the 320×200 JPEG it was given, fetched through the SSRF guard.
    await openGenerator(page);
    await page.getByLabel('Seleccionar imagen').setInputFiles(await pngFile(50, 50));
    // A valid URL clears the chosen file.
    await page.getByLabel('O pega la URL de una imagen').fill(fixtureImageUrl('paisaje'));
    await expect(page.getByRole('img', { name: 'Vista previa de la imagen elegida' })).toHaveCount(0);
    await page.getByLabel('Idioma de la descripción').selectOption('fr');
    await page.getByRole('button', { name: 'Generar descripción' }).click();
    const result = page.getByRole('region', { name: 'Descripción generada' });
    await expect(result).toContainText('Descripción en Francés');
    await expect(result).toContainText('Imagen JPEG de 320×200 píxeles');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('button', { name: 'Guardado' })).toHaveAttribute('aria-pressed', 'true');

    // By file, in Spanish, with instructions long enough to pass 300 characters.
    await page.getByRole('button', { name: 'Nueva imagen' }).click();
    await page.getByLabel('Seleccionar imagen').setInputFiles(await pngFile(800, 600));
    // «Nueva imagen» keeps the language (SPEC resets file, URL, result and instructions only).
    await expect(page.getByLabel('Idioma de la descripción')).toHaveValue('fr');
    await page.getByLabel('Idioma de la descripción').selectOption('es');
    await page.getByLabel('Instrucciones personalizadas (opcional)').fill(`Describe el cielo con detalle. ${'Nubes y luz de tarde. '.repeat(12)}`);
    await page.getByRole('button', { name: 'Generar descripción' }).click();
    await expect(result).toContainText('Descripción en Español');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('button', { name: 'Guardado' })).toBeVisible();

    await page.goto('/mis-descripciones');
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(2);
    // Newest first.
    await expect(cards.first()).toContainText('Español');
    await expect(cards.first().getByRole('button', { name: 'Ver más' })).toBeVisible();
    await cards.first().getByRole('button', { name: 'Ver más' }).click();
    await expect(cards.first().getByRole('heading', { name: 'Descripción en Español' })).toBeVisible();
    await cards.first().getByRole('button', { name: 'Ver menos' }).click();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Idioma', { exact: true }).selectOption('fr');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Descripción en Francés');
    await page.getByLabel('Idioma', { exact: true }).selectOption('');
    await page.getByLabel('Buscar en mis descripciones').fill('cielo');
    await expect(cards).toHaveCount(1);
    await page.getByLabel('Buscar en mis descripciones').fill('');
    // New descriptions are 'unique_detailed', which the type filter does not list.
    await page.getByLabel('Tipo', { exact: true }).selectOption('detailed');
    await expect(page.getByRole('heading', { name: 'Ninguna descripción coincide con los filtros' })).toBeVisible();
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await expect(cards).toHaveCount(2);

    await cards.last().getByRole('button', { name: 'Copiar' }).click();
    await expectToast(page, 'Texto copiado');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('Descripción en Francés');

    await cards.first().getByRole('button', { name: 'Eliminar' }).click();
    await expectToast(page, 'Eliminado correctamente');
    await expect(cards).toHaveCount(1);
    await page.reload();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Descripción en Francés');
  });
});
