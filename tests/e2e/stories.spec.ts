/** The story generator against the fake AI providers (tests/fixtures/ai; magic words in the prompt pick failures). */
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect as baseExpect, test } from './fixtures.ts';
import { registerAndSignIn, uniqueEmail } from './accounts.ts';

// Chromium logs every non-2xx fetch answer as a console error; these tests cause some on purpose.
const refusedRequest = /the server responded with a status of (4\d\d|5\d\d)/;
// Must match AI_RATE_LIMIT_VISITOR in playwright.config.ts.
const VISITOR_LIMIT = 6;

// A freshly started server process answers its first AI request only after loading the AI SDK and the
// auth library: many seconds on a busy two-core machine.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 90_000 });

/** Opens the generator once its island is live (Astro drops the island's ssr attribute then): earlier typing would be lost. */
async function openGenerator(page: Page) {
  await page.goto('/generar-historia');
  await expect(page.locator('astro-island[opts*=\'"name":"StoryGenerator"\']')).not.toHaveAttribute('ssr');
}

async function generate(page: Page, prompt: string) {
  await page.getByLabel('Idea para tu historia').fill(prompt);
  await page.getByRole('button', { name: 'Generar historia' }).click();
}

const story = (page: Page) => page.getByTestId('historia');

test.describe('story generator', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a guest sees the story stream in, then copies, downloads and starts over', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openGenerator(page);
    await expect(page).toHaveTitle(/Generador de historias con IA gratis/);
    await expect(page.getByRole('heading', { level: 1, name: 'Generador de historias con IA' })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/generar-historia$/);
    await expect(page.getByRole('heading', { name: 'Guarda tus historias' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const generateButton = page.getByRole('button', { name: 'Generar historia' });
    await page.getByLabel('Idea para tu historia').fill('   ');
    await expect(generateButton).toBeDisabled();
    await page.getByLabel('Idea para tu historia').fill('un faro que se apaga [retraso:300]');
    await expect(page.getByText('34/1000 caracteres')).toBeVisible();
    await page.getByLabel('Género').selectOption({ label: 'Misterio' });
    await page.getByLabel('Público').selectOption({ label: 'Infantil' });
    await page.getByLabel('Idioma').selectOption({ label: 'Italiano' });
    await generateButton.click();

    // Part of the story is on screen while the rest is still being written (checked on every frame).
    await page.waitForFunction(
      () => {
        const text = document.querySelector('[data-testid="historia"]')?.textContent ?? '';
        return text.includes('El relato de un faro que se apaga') && !text.includes('Fin.');
      },
      undefined,
      { polling: 'raf', timeout: 30_000 },
    );
    await expect(page.getByRole('button', { name: 'Escribiendo…' })).toBeDisabled();
    await expect(story(page)).toContainText('Fin.');
    await expect(story(page)).toContainText('historia de misterio para público infantil, escrita en italiano');
    await expect(page.getByRole('button', { name: 'Generar historia' })).toBeEnabled();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Copiar' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Texto copiado' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('Todo empezó con una idea: un faro que se apaga');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar .txt' }).click();
    expect((await downloading).suggestedFilename()).toBe('el-relato-de-un-faro-que-se-apaga.txt');

    await page.getByRole('button', { name: 'Nueva historia' }).click();
    await expect(page.getByLabel('Idea para tu historia')).toHaveValue('');
    await expect(page.getByLabel('Idea para tu historia')).toBeFocused();
    await expect(story(page)).toHaveCount(0);
  });

  test('stopping a story frees the visitor to start another one at once', async ({ page }) => {
    await openGenerator(page);
    await generate(page, 'un tren nocturno [retraso:400]');
    await expect(story(page)).toContainText('El relato de un tren nocturno');
    await page.getByRole('button', { name: 'Detener' }).click();
    await expect(page.getByText('Has detenido la historia antes de que terminara.')).toBeVisible();
    await generate(page, 'un tren de día');
    await expect(story(page)).toContainText('Fin.');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('the old name redirects permanently', async ({ request }) => {
    const response = await request.get('/generador-de-historias', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe('/generar-historia');
  });

  test('the free tools hub names the provider of each utility', async ({ page }) => {
    await page.goto('/herramientas-ia-gratis');
    await expect(page.getByText('Funciona con Pollinations')).toHaveCount(3);
  });
});

test.describe('provider failures', () => {
  test.use({ viewport: { width: 390, height: 844 }, allowedConsoleErrors: [refusedRequest] });

  const cases: Array<[string, string]> = [
    ['[fallo:401]', 'El servicio de IA no aceptó la clave configurada. Avisa al equipo del sitio.'],
    ['[fallo:429]', 'El servicio de IA está saturado en este momento. Inténtalo de nuevo en unos minutos.'],
    ['[fallo:contenido]', 'El servicio de IA rechazó la solicitud por su política de contenido. Prueba con otra descripción.'],
    ['[fallo:conexion]', 'Error de conexión con el servicio de IA. Inténtalo de nuevo.'],
    ['[fallo:roto]', 'Error en el servicio de IA'],
  ];
  for (const [word, message] of cases) {
    test(`${word} shows its Spanish message`, async ({ page }) => {
      await openGenerator(page);
      await generate(page, `un gato ${word}`);
      await expect(page.getByRole('alert')).toHaveText(message);
      await expect(page.getByRole('status').filter({ hasText: message })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Generar historia' })).toBeEnabled();
    });
  }

  test('a provider that goes quiet mid-story ends with the timeout message, keeping what arrived', async ({ page }) => {
    await openGenerator(page);
    await generate(page, 'un gato [fallo:lento]');
    await expect(story(page)).toContainText('El relato de');
    await expect(page.getByRole('alert')).toHaveText('El servicio de IA tardó demasiado en responder. Inténtalo de nuevo.', { timeout: 10_000 });
    await expect(page.getByRole('button', { name: 'Copiar' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('too many stories in a row show the rate-limit message', async ({ page }) => {
    await openGenerator(page);
    const visitor = await page.evaluate(() => {
      const id = `session_${Date.now()}_${Math.random().toString(36).slice(2, 10)}`;
      localStorage.setItem('anonymous_session_id', id);
      return id;
    });
    const body = { genre: 'humor', audience: 'adult', length: 'short', language: 'es', anonymousSessionId: visitor };
    for (let call = 0; call < VISITOR_LIMIT; call++) {
      const response = await page.request.post('/api/ai/stories', { data: { ...body, prompt: `chiste ${call}` } });
      expect(response.status()).toBe(200);
      await response.body();
    }
    await generate(page, 'un chiste más');
    // The limit's message says when the visitor may try again.
    await expect(page.getByRole('alert')).toHaveText(
      /^Has hecho muchas solicitudes seguidas\. Espera un poco antes de generar de nuevo\. Podrás volver a intentarlo en (unos segundos|\d+ minutos?|\d+ horas?)\.$/,
    );
  });
});

test.describe('signed-in stories', () => {
  test.use({ viewport: { width: 1280, height: 900 }, allowedConsoleErrors: [refusedRequest] });

  test('a finished story is saved and listed newest first; a failed one is not', async ({ page }) => {
    test.slow();
    const email = uniqueEmail('historias');
    await registerAndSignIn(page, email);

    await openGenerator(page);
    const saved = page.getByRole('region', { name: 'Tus historias' });
    await expect(saved).toContainText('Aún no has generado ninguna historia.');
    await generate(page, 'una biblioteca submarina');
    await expect(story(page)).toContainText('Fin.');
    await expect(saved.getByText('El relato de una biblioteca submarina', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Nueva historia' }).click();
    await generate(page, 'un jardín en Marte');
    await expect(story(page)).toContainText('Fin.');
    await page.getByRole('button', { name: 'Nueva historia' }).click();
    await generate(page, 'un reloj sin agujas [fallo:roto]');
    await expect(page.getByRole('alert')).toHaveText('Error en el servicio de IA');

    await page.reload();
    const titles = saved.locator('summary > span:first-child');
    await expect(titles).toHaveText(['El relato de un jardín en Marte', 'El relato de una biblioteca submarina']);
    await saved.getByText('El relato de una biblioteca submarina', { exact: true }).click();
    await expect(saved.getByText('Idea: una biblioteca submarina', { exact: true })).toBeVisible();
    await expect(saved).toContainText('Todo empezó con una idea: una biblioteca submarina.');
    await expect(page.getByRole('heading', { name: 'Guarda tus historias' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });
});
