/**
 * A tool's facts in Chromium: an admin fills them in the editor, at phone width; a guest reads them in the
 * page's «Datos clave» box, first on the page rendered on demand and then on the rebuilt static one, and in its JSON-LD.
 */
import type { Page } from '@playwright/test';
import { signIn, TEST_PASSWORD, uniqueEmail } from './accounts.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { createAccount, waitForRebuilds, withSiteDatabase } from './database.ts';
import { expect, test } from './fixtures.ts';

// A seeded open-source tool with a written article that no other spec reads.
const SLUG = 'langfuse';
const SIGNED_OUT = { storageState: { cookies: [], origins: [] } };

const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function softwareApplication(page: Page): Promise<Record<string, unknown>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((block) => JSON.parse(block) as Record<string, unknown>).find((item) => item['@type'] === 'SoftwareApplication')!;
}

test('an admin fills a tool’s facts in the editor; the page shows them in «Datos clave» and in its JSON-LD', async ({ page, browser }) => {
  // Long: the rebuild it waits for at the end takes minutes on a busy machine.
  test.setTimeout(720_000);
  const email = uniqueEmail('datos-admin');
  await createAccount({ email, name: 'Dora Datos', password: TEST_PASSWORD, role: 'admin' });
  // The tool starts with nothing known, whatever an earlier run of this spec saved.
  const id = await withSiteDatabase(
    async (db) =>
      (
        await db.query<{ id: string }>(
          `UPDATE posts SET spanish_interface = 'unknown', spanish_output = 'unknown', spanish_voice = 'unknown', free_plan = 'unknown',
                  price_from_amount = NULL, price_from_currency = NULL, price_from_period = NULL, platforms = '{}', open_source = 'unknown',
                  license = NULL, company = NULL, company_country = NULL, launch_year = NULL, signup_required = 'unknown',
                  facts_checked_at = NULL, facts_checked_by = NULL
           WHERE slug = $1 RETURNING id`,
          [SLUG],
        )
      ).rows[0]!.id,
  );
  await signIn(page, email);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/edit/${id}`);
  const facts = page.getByRole('group', { name: 'Datos de la herramienta' });
  // The editor is a client-only island: on a busy machine it takes more than 5 s to replace «Cargando publicación...».
  await expect(facts).toBeVisible({ timeout: 30_000 });
  await expect(facts.getByLabel('Interfaz')).toHaveValue('unknown');
  expect(await horizontalOverflow(page)).toBe(0);

  await facts.getByLabel('Interfaz').selectOption({ label: 'No' });
  await facts.getByLabel('Respuestas').selectOption({ label: 'Sí' });
  await facts.getByLabel('Plan gratuito').selectOption({ label: 'Sí' });
  await facts.getByLabel('Precio desde (importe)').fill('29,5');
  await facts.getByLabel('Moneda').selectOption('USD');
  await facts.getByLabel('Periodo').selectOption({ label: 'al mes' });
  const platforms = facts.getByRole('group', { name: 'Plataformas' });
  for (const platform of ['Web', 'Linux', 'API', 'Autoalojable']) await platforms.getByLabel(platform, { exact: true }).check();
  await facts.getByLabel('Código abierto').selectOption({ label: 'Sí' });
  await facts.getByLabel('Licencia').fill('MIT');
  await facts.getByLabel('Empresa', { exact: true }).fill('Langfuse GmbH');
  await facts.getByLabel('País de la empresa').selectOption({ label: 'Alemania' });
  await facts.getByLabel('Requiere registro').selectOption({ label: 'No' });
  // A year the schema refuses: the form says why beside the field and nothing is sent.
  await facts.getByLabel('Año de lanzamiento').fill('1800');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(facts.getByText('Escribe un año de 1990 en adelante, con cuatro cifras.')).toBeVisible();
  await expect(facts.getByLabel('Año de lanzamiento')).toHaveAttribute('aria-invalid', 'true');
  await expect(facts.getByLabel('Año de lanzamiento')).toBeFocused();
  await facts.getByLabel('Año de lanzamiento').fill('2023');
  expect(await horizontalOverflow(page)).toBe(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page).toHaveURL(/\/admin$/, { timeout: 20_000 });

  // The editor shows them back, checked today by this admin.
  await page.goto(`/admin/edit/${id}`);
  await expect(facts.getByLabel('Empresa', { exact: true })).toHaveValue('Langfuse GmbH', { timeout: 30_000 });
  await expect(facts.getByLabel('Precio desde (importe)')).toHaveValue('29,5');
  await expect(facts).toContainText('Última comprobación:');

  const guestContext = await browser.newContext({ ...SIGNED_OUT, viewport: { width: 390, height: 844 } });
  const guest = await guestContext.newPage();
  const expectFactsBox = async () => {
    const box = guest.getByRole('region', { name: 'Datos clave' });
    await expect(box.locator('[data-fact="spanish"] dd')).toHaveText('Entiende y responde en español (interfaz en inglés)');
    await expect(box.locator('[data-fact="price"] dd')).toHaveText('Desde 29,50 US$/mes');
    await expect(box.locator('[data-fact="freePlan"] dd')).toHaveText('Sí');
    await expect(box.getByRole('list', { name: 'Plataformas' }).getByRole('listitem')).toHaveText(['Web', 'Linux', 'API', 'Autoalojable']);
    await expect(box.locator('[data-fact="openSource"] dd')).toHaveText('Sí, licencia MIT');
    await expect(box.locator('[data-fact="company"] dd')).toHaveText('Langfuse GmbH (Alemania)');
    await expect(box.locator('[data-fact="launchYear"] dd')).toHaveText('2023');
    await expect(box.locator('[data-fact="signup"] dd')).toHaveText('Se puede usar sin cuenta');
    const today = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Madrid' }).format(new Date());
    await expect(box).toContainText(`Última revisión: ${today}`);

    expect(await softwareApplication(guest)).toMatchObject({
      offers: [
        { '@type': 'Offer', price: '0', priceCurrency: 'EUR' },
        { '@type': 'Offer', price: '29.5', priceCurrency: 'USD', description: 'Desde 29,50 US$/mes' },
      ],
      operatingSystem: 'Web, Linux',
      inLanguage: 'es',
      isAccessibleForFree: true,
    });
    expect(await horizontalOverflow(guest)).toBe(0);
  };

  // Rendered on demand at once (the static page is older than the edit)...
  await guest.goto(`/${SLUG}`);
  await expectFactsBox();
  await expectNoSeriousA11yViolations(guest);

  // ...and by the rebuild, which later specs must not find running.
  await waitForRebuilds();
  await guest.reload();
  await expectFactsBox();
  await guest.setViewportSize({ width: 1280, height: 900 });
  await expectNoSeriousA11yViolations(guest);
  await guestContext.close();
});
