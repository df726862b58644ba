/**
 * The publish form on a phone and while it loads: nothing shifts while the editor arrives after the
 * form, the toolbar is one row at 390 px with the rest behind «Más opciones de formato», the page never scrolls
 * sideways, and a field's error goes as soon as the field is fixed.
 */
import type { Page } from '@playwright/test';
import { signInWithGoogle } from './accounts.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

const run = Date.now().toString(36);

test.use({ viewport: { width: 390, height: 844 } });

/** Layout shifts not caused by the visitor's own input, summed as Chromium reports them (CLS without windows). */
function watchLayoutShifts(page: Page) {
  return page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

test('on a phone the form loads without shifting, fits the screen and keeps the toolbar to one row', async ({ page }) => {
  test.slow();
  await signInWithGoogle(page, { email: `formulario-${run}@gmail.test`, name: 'Autora Móvil' });
  await watchLayoutShifts(page);
  await page.goto('/publicar');
  await expect(page.getByRole('heading', { level: 1, name: 'Publicar una herramienta' })).toBeVisible();
  const toolbar = page.getByRole('toolbar', { name: 'Formato del contenido' });
  await expect(toolbar).toBeVisible();

  const shifted = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0));
  expect(shifted).toBeLessThan(0.1);
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);

  // One row of everyday tools: a 36 px button plus the toolbar's padding.
  expect((await toolbar.boundingBox())!.height).toBeLessThan(60);
  await expect(toolbar.getByRole('button', { name: 'Negrita' })).toBeVisible();
  await expect(toolbar.getByRole('button', { name: 'Tachado' })).toBeHidden();
  const more = toolbar.getByRole('button', { name: 'Más opciones de formato' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(toolbar.getByRole('button', { name: 'Tachado' })).toBeVisible();
  await expect(toolbar.getByRole('combobox', { name: 'Encabezado' })).toBeVisible();
  await expect(more).toBeFocused();
  await expectNoSeriousA11yViolations(page);
});

test('a field fixed after a failed submit loses its error at once, and the others keep theirs', async ({ page }) => {
  await signInWithGoogle(page, { email: `formulario-${run}@gmail.test`, name: 'Autora Móvil' });
  await page.goto('/publicar');
  await page.getByRole('button', { name: 'Publicar con Múltiples Categorías' }).click();
  await expect(page.getByText('La descripción es obligatoria')).toBeVisible();
  await expect(page.getByText('Debes seleccionar al menos una categoría')).toBeVisible();
  const title = page.getByLabel('Título', { exact: true });
  await expect(title).toHaveAttribute('aria-invalid', 'true');

  await title.fill('Herramienta corregida');
  await expect(title).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Descripción', { exact: true }).fill('Resume documentos largos en español y responde preguntas sobre ellos.');
  await expect(page.getByText('La descripción es obligatoria')).toBeHidden();
  await expect(page.getByText('Debes seleccionar al menos una categoría')).toBeVisible();
});
