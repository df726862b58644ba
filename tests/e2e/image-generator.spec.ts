import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { registerAndSignIn, uniqueEmail } from './accounts.ts';
import { siteUnderTest } from './site-under-test.ts';

const PATH = '/generador-de-imagenes';
// Chromium logs every failed fetch as a console error; several tests expect refusals on purpose.
const refusedRequest = /the server responded with a status of (4\d\d|5\d\d)/;

test.use({ viewport: { width: 1280, height: 900 }, allowedConsoleErrors: [refusedRequest], permissions: ['clipboard-read', 'clipboard-write'] });

/** Opens the generator once its island is live and the gallery has loaded. */
async function openGenerator(page: Page) {
  await page.goto(PATH);
  // The gallery waits for the session answer; the first requests to a fresh server are slower.
  await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
}

const promptBox = (page: Page) => page.getByLabel('Describe la imagen');
const toast = (page: Page) => page.getByRole('status');
const tab = (page: Page, name: 'Todas' | 'Guardadas' | 'Recientes') => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const cards = (page: Page) => page.getByRole('tabpanel').getByRole('article');

async function generate(page: Page, prompt: string, options: { count?: number; size?: string; model?: string } = {}) {
  await promptBox(page).fill(prompt);
  if (options.model) await page.getByLabel('Modelo').selectOption(options.model);
  if (options.size) await page.getByLabel('Tamaño').selectOption(options.size);
  await page.getByLabel('Cantidad').selectOption(String(options.count ?? 1));
  await page.getByRole('button', { name: 'Generar' }).click();
}

async function expectTabCounts(page: Page, counts: { all: number; saved: number; recent: number }) {
  await expect(tab(page, 'Todas')).toHaveAccessibleName(`Todas ${counts.all}`);
  await expect(tab(page, 'Guardadas')).toHaveAccessibleName(`Guardadas ${counts.saved}`);
  await expect(tab(page, 'Recientes')).toHaveAccessibleName(`Recientes ${counts.recent}`);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The address a stored image must be loaded from, by the project's storage driver: the site's /media/ route
 * (local) or the fake Supabase Storage's public object and image transformation URLs (supabase).
 */
function storedImageUrl(size: 'original' | 'resized'): RegExp {
  const file = 'generated/\\d{4}-\\d{2}/[0-9a-f-]{36}\\.jpg';
  const site = siteUnderTest();
  if (site.storage === 'supabase') {
    const base = `${escapeRegExp(site.storageUrl!)}/storage/v1`;
    return new RegExp(
      size === 'original' ? `^${base}/object/public/uploads/${file}$` : `^${base}/render/image/public/uploads/${file}\\?width=(600|900|1200|1600)&quality=85$`,
    );
  }
  return new RegExp(`^http://127\\.0\\.0\\.1:\\d+/media/${file}${size === 'original' ? '' : '\\?w=(600|900|1200|1600)'}$`);
}

/** A deleted file is gone from the storage (Supabase answers a missing object with 400 and the real status in the body). */
async function expectFileGone(page: Page, url: string) {
  const response = await page.request.get(url);
  if (siteUnderTest().storage === 'supabase') {
    expect(response.status()).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '404', error: 'not_found' });
  } else {
    expect(response.status()).toBe(404);
  }
}

function magicOf(bytes: Buffer): string {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return 'desconocido';
}

async function downloadAs(page: Page, card: Locator, label: 'PNG' | 'JPG' | 'WebP') {
  await card.getByRole('button', { name: 'Descargar' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: `Descargar en ${label}` }).click()]);
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

test.describe('image generator, anonymous visitor', () => {
  test('the page has its static sections, scroll buttons, FAQ and sign-up call to action, and passes axe', async ({ page }) => {
    // Often the suite's first on-demand request: the fresh server loads its code and opens the database.
    test.slow();
    await openGenerator(page);
    await expect(page).toHaveTitle(/Generador de imágenes con IA gratis/);
    await expect(page.getByRole('heading', { level: 1, name: 'Generador de imágenes con IA gratis' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Empezar a crear' })).toHaveAttribute('href', '#generador');
    await page.getByRole('link', { name: 'Cómo funciona' }).click();
    await expect(page).toHaveURL(/#como-funciona$/);
    await expect(page.locator('#como-funciona ol > li')).toHaveCount(3);
    const faq = page.getByRole('region', { name: 'Preguntas frecuentes' });
    await expect(faq.locator('details')).toHaveCount(10);
    const question = faq.locator('details').first();
    await question.locator('summary').click();
    await expect(question).toHaveAttribute('open', '');
    await expect(page.getByRole('heading', { name: 'Guarda tus imágenes favoritas' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Crear cuenta gratis' })).toHaveAttribute('href', '/register');
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.some((text) => text.includes('"FAQPage"'))).toBe(true);
    await expectNoSeriousA11yViolations(page);
  });

  test('the prompt counter, badge and Generate button follow the text', async ({ page }) => {
    await openGenerator(page);
    const button = page.getByRole('button', { name: 'Generar' });
    await expect(button).toBeDisabled();
    await expect(page.getByText('0/1000')).toBeVisible();
    await promptBox(page).fill('   ');
    await expect(button).toBeDisabled();
    await promptBox(page).fill('un faro');
    await expect(button).toBeEnabled();
    await expect(page.getByText('Perfecto')).toBeVisible();
    await expect(page.getByText('7/1000')).toBeVisible();
    await promptBox(page).fill('a'.repeat(801));
    await expect(page.getByText('Muy largo')).toBeVisible();
    await expect(page.getByText('801/1000')).toBeVisible();
    await expect(page.getByLabel('Modelo').locator('option')).toHaveText(['Flux (recomendado)', 'Stable Diffusion']);
    await expect(page.getByLabel('Tamaño').locator('option')).toHaveCount(19);
    await expect(page.getByLabel('Tamaño').locator('optgroup')).toHaveCount(4);
    await expect(page.getByLabel('Cantidad').locator('option')).toHaveCount(9);
  });

  test('generates 1 then 4 images: spinner, toasts, cards and tab counts', async ({ page }) => {
    test.slow();
    await openGenerator(page);
    await expect(tab(page, 'Guardadas')).toBeDisabled();
    await expect(page.getByText('para guardar tus imágenes favoritas y verlas en Guardadas.')).toBeVisible();
    await expect(page.getByText('Todavía no has generado imágenes.', { exact: false })).toBeVisible();

    await generate(page, 'Un faro en un acantilado al atardecer [retraso:1500]');
    await expect(page.getByRole('button', { name: 'Generando...' })).toBeDisabled();
    await expect(page.getByText('Generando 1 imagen...', { exact: false })).toBeVisible();
    await expect(toast(page)).toContainText('¡Imágenes generadas!');
    await expect(toast(page)).toContainText('Se ha generado 1 imagen exitosamente.');
    await expect(cards(page)).toHaveCount(1);
    const first = cards(page).first();
    await expect(first.getByText('Flux', { exact: true })).toBeVisible();
    await expect(first.getByText('1024×1024')).toBeVisible();
    await expect(first.getByText(/^\d{1,2} [a-z]{3,5}\.?$/)).toBeVisible();
    await expect(first.getByRole('img')).toHaveJSProperty('complete', true);
    expect(await first.getByRole('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    // Loaded from where the storage driver serves it, at one of SPEC's widths.
    expect(await first.getByRole('img').evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(storedImageUrl('resized'));
    await expect(first.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
    await expectTabCounts(page, { all: 1, saved: 0, recent: 1 });

    await generate(page, 'Bosque nevado con un zorro rojo', { count: 4, size: '512x512', model: 'stable-diffusion' });
    await expect(toast(page)).toContainText('Se han generado 4 imágenes exitosamente.');
    await expect(cards(page)).toHaveCount(5);
    await expect(cards(page).getByText('Stable Diffusion', { exact: true })).toHaveCount(4);
    await expect(cards(page).getByText('512×512')).toHaveCount(4);
    await expectTabCounts(page, { all: 5, saved: 0, recent: 5 });
    for (const source of await cards(page)
      .getByRole('img')
      .evaluateAll((images: HTMLImageElement[]) => images.map((image) => image.src))) {
      expect(source).toMatch(storedImageUrl('resized'));
    }

    await tab(page, 'Recientes').click();
    await expect(tab(page, 'Recientes')).toHaveAttribute('aria-selected', 'true');
    await expect(cards(page)).toHaveCount(5);

    // The gallery belongs to this browser: it is still there after a reload.
    await openGenerator(page);
    await expect(cards(page)).toHaveCount(5);
    await expectNoSeriousA11yViolations(page);
  });

  test('preview, copy and remix', async ({ page }) => {
    await openGenerator(page);
    const prompt = 'Una ciudad flotante entre nubes, estilo acuarela';
    await generate(page, prompt);
    await expect(cards(page)).toHaveCount(1);
    await promptBox(page).fill('');

    await cards(page).first().getByRole('button', { name: 'Copiar' }).click();
    await expect(toast(page)).toContainText('Copiado');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(prompt);

    await cards(page).first().getByRole('button', { name: 'Ver en grande' }).click();
    const dialog = page.getByRole('dialog', { name: 'Vista previa de la imagen' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(prompt)).toBeVisible();
    await expect(dialog.getByText('1024×1024')).toBeVisible();
    await expect(dialog.getByText('Flux', { exact: true })).toBeVisible();
    const large = dialog.getByRole('img');
    await expect(large).toHaveJSProperty('complete', true);
    expect(await large.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.currentSrc])).toEqual([
      1024,
      expect.stringMatching(storedImageUrl('resized')),
    ]);
    await expect(dialog.getByRole('button', { name: 'Descargar' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Compartir' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await cards(page).first().getByRole('button', { name: 'Ver en grande' }).click();
    await dialog.getByRole('button', { name: 'Remix' }).click();
    await expect(dialog).toBeHidden();
    await expect(promptBox(page)).toHaveValue(prompt);
    await expect(promptBox(page)).toBeFocused();
    await expect(toast(page)).toContainText('Remix aplicado');
  });

  test('downloads in PNG, JPG and WebP with the prompt in the file name', async ({ page }) => {
    await openGenerator(page);
    await generate(page, '¡Señal de tráfico en la montaña!', { size: '512x512' });
    await expect(cards(page)).toHaveCount(1);
    const card = cards(page).first();
    for (const [label, extension] of [
      ['PNG', 'png'],
      ['JPG', 'jpg'],
      ['WebP', 'webp'],
    ] as const) {
      const file = await downloadAs(page, card, label);
      expect(file.name).toMatch(new RegExp(`^senal-de-trafico-en-la-montana-\\d{13}\\.${extension}$`));
      expect(magicOf(file.bytes)).toBe(extension);
      await expect(toast(page)).toContainText('¡Descarga completada!');
      await expect(toast(page)).toContainText(`Imagen descargada en formato ${label}.`);
    }
  });

  test('share copies the link when there is no share sheet', async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }));
    await openGenerator(page);
    await generate(page, 'Un barco de papel en un charco');
    await expect(cards(page)).toHaveCount(1);
    await cards(page).first().getByRole('button', { name: 'Compartir' }).click();
    await expect(toast(page)).toContainText('Enlace copiado');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(storedImageUrl('original'));
  });

  test('delete removes the card, the count and the stored file; nobody else can delete it', async ({ page, browser }) => {
    await openGenerator(page);
    await generate(page, 'Dos tazas de café sobre una mesa de madera', { count: 2 });
    await expect(cards(page)).toHaveCount(2);
    const shown = await cards(page)
      .first()
      .getByRole('img')
      .evaluate((image: HTMLImageElement) => image.src);
    const items = await page.evaluate(async () => {
      const sessionId = localStorage.getItem('anonymous_session_id')!;
      const answer = await (await fetch(`/api/images?sessionId=${sessionId}`)).json();
      return answer.items as { id: string; imageUrl: string; resizedUrls: Record<string, string> }[];
    });
    const ids = items.map((item) => item.id);
    const absolute = (url: string) => new URL(url, page.url()).href;
    const deleted = items.find((item) => Object.values(item.resizedUrls).map(absolute).includes(shown));
    const original = absolute(deleted!.imageUrl);
    expect(original).toMatch(storedImageUrl('original'));
    expect((await page.request.get(original)).status()).toBe(200);
    if (siteUnderTest().storage === 'supabase') {
      // /media/ serves the local driver's files only.
      expect((await page.request.get(`/media/${original.split('/public/uploads/')[1]}`)).status()).toBe(404);
    }

    const stranger = await browser.newContext();
    const strangerPage = await stranger.newPage();
    await strangerPage.goto(PATH);
    const refused = await strangerPage.evaluate(async (id) => {
      const sessionId = localStorage.getItem('anonymous_session_id') ?? 'session_1700000000000_zzzzzzzzz';
      const remove = await fetch(`/api/images/${id}`, {
        method: 'DELETE',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sessionId }),
      });
      const save = await fetch(`/api/images/${id}/save`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      return [remove.status, save.status];
    }, ids[0]!);
    expect(refused).toEqual([404, 401]);
    await stranger.close();

    await cards(page).first().getByRole('button', { name: 'Eliminar' }).click();
    await expect(toast(page)).toContainText('Imagen eliminada');
    await expect(cards(page)).toHaveCount(1);
    await expectTabCounts(page, { all: 1, saved: 0, recent: 1 });
    await expectFileGone(page, original);
    await expectFileGone(page, shown);
  });

  test('a provider failure shows its message, and the gallery stays as it was', async ({ page }) => {
    await openGenerator(page);
    await generate(page, 'Algo que el proveedor rechaza [fallo:contenido]');
    await expect(toast(page)).toContainText('Error');
    await expect(toast(page)).toContainText('El servicio de IA rechazó la solicitud por su política de contenido. Prueba con otra descripción.');
    await expect(page.getByRole('button', { name: 'Generar' })).toBeEnabled();
    await expect(cards(page)).toHaveCount(0);
  });

  test('too many generations in a row get the rate-limit message', async ({ page }) => {
    await openGenerator(page);
    const sessionId = await page.evaluate(() => localStorage.getItem('anonymous_session_id'));
    // playwright.config.ts lowers the per-visitor limit to 6 per 10 minutes.
    for (let i = 0; i < 6; i++) {
      const answer = await page.request.post('/api/ai/images', { data: { prompt: `Ráfaga ${i}`, count: 1, size: '512x512', sessionId } });
      expect(answer.status()).toBe(200);
    }
    await generate(page, 'Una más');
    await expect(toast(page)).toContainText('Has hecho muchas solicitudes seguidas. Espera un poco antes de generar de nuevo.');
  });

  test('/generador-de-imagenes-gratis leads to the generator', async ({ page }) => {
    const response = await page.request.get('/generador-de-imagenes-gratis', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe(PATH);
  });
});

test.describe('image generator, signed-in user', () => {
  test('saves and unsaves images; Guardadas lists them; the sign-up call to action is gone', async ({ page }) => {
    test.slow();
    const email = uniqueEmail('imagenes');
    await registerAndSignIn(page, email);

    await openGenerator(page);
    await expect(tab(page, 'Guardadas')).toBeEnabled();
    await expect(page.getByRole('heading', { name: 'Guarda tus imágenes favoritas' })).toHaveCount(0);
    await generate(page, 'Retrato de un gato con sombrero', { count: 2 });
    await expect(cards(page)).toHaveCount(2);

    const card = cards(page).first();
    await card.getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(page)).toContainText('Imagen guardada');
    await expect(card.getByRole('button', { name: 'Guardado' })).toBeVisible();
    await expect(card.getByText('Guardada', { exact: true })).toBeAttached();
    await expectTabCounts(page, { all: 2, saved: 1, recent: 2 });

    await tab(page, 'Guardadas').click();
    await expect(cards(page)).toHaveCount(1);
    await cards(page).first().getByRole('button', { name: 'Ver en grande' }).click();
    const dialog = page.getByRole('dialog', { name: 'Vista previa de la imagen' });
    await expect(dialog.getByRole('button', { name: 'Guardado' })).toBeVisible();
    await page.keyboard.press('Escape');

    // The saved state survives a reload: it lives on the server.
    await openGenerator(page);
    await expectTabCounts(page, { all: 2, saved: 1, recent: 2 });
    await tab(page, 'Guardadas').click();
    await expect(cards(page)).toHaveCount(1);
    await cards(page).first().getByRole('button', { name: 'Guardado' }).click();
    await expect(toast(page)).toContainText('Imagen removida');
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByText('Aún no has guardado ninguna imagen.', { exact: false })).toBeVisible();
    await expectTabCounts(page, { all: 2, saved: 0, recent: 2 });
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('image generator on a phone (390px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('generates and passes axe', async ({ page }) => {
    await openGenerator(page);
    await generate(page, 'Una bicicleta roja apoyada en una pared azul');
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first().getByRole('button', { name: 'Ver en grande' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
