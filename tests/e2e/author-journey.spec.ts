/**
 * A tool's whole journey, keyboard only, at 1280 and 390 px: an author writes a tool with an image, leaves and
 * comes back to its draft, previews it and submits it; the admin is told by e-mail (the local outbox), approves it
 * in bulk with another pending tool after a confirmation, and the author then withdraws the published listing.
 * The pieces have their own specs (drafts, bulk-moderation, listing-lifecycle); this one checks they join up.
 */
import type { Locator, Page } from '@playwright/test';
import { fakeImages } from '../fixtures/fake-tool-site.ts';
import { signIn as signInWithPassword, signInWithGoogle, TEST_PASSWORD, uniqueEmail } from './accounts.ts';
import { createAccount, waitForRebuilds, withSiteDatabase } from './database.ts';
import { expect as baseExpect, test } from './fixtures.ts';
import { mailedMessage } from './mail.ts';

// Rendering on demand, autosaves and e-mails on a busy two-core machine.
const expect = baseExpect.configure({ timeout: 20_000 });
const run = Date.now().toString(36);

/** Moves the focus with Tab (or Shift+Tab) until `target` has it: keyboard only, no clicks. */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 150 } = {}) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error('El foco no llegó al elemento con el teclado.');
}

/** Fails naming what sticks out when the page is wider than the screen. */
async function expectFits(page: Page) {
  const wider = await page.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth) return [];
    return [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map(
        (element) => `${element.tagName.toLowerCase()}.${element.className.toString().slice(0, 80)} (${Math.round(element.getBoundingClientRect().right)} px)`,
      );
  });
  expect(wider).toEqual([]);
}

/** The tools this spec made, removed at its end: specs after it expect the seeded catalogue on the home. */
const created: string[] = [];

/** Another pending tool of the same author, so that the approval is a real batch of two. */
async function anotherPendingTool(email: string, title: string): Promise<void> {
  await withSiteDatabase((db) =>
    db.query(
      `INSERT INTO posts (title, slug, description, status, user_id)
       SELECT $1, $2, 'Otra herramienta de la misma autora, pendiente de revisión.', 'pending', id FROM profiles WHERE email = $3`,
      [title, `otra-${run}-${Math.floor(Math.random() * 1e6)}`, email],
    ),
  );
}

test.describe('from the first draft to a withdrawn listing', () => {
  test.afterAll(async () => {
    // Approving and withdrawing moved the content version: that rebuild finishes here, not under later specs.
    test.setTimeout(7 * 60_000);
    await withSiteDatabase((db) => db.query('DELETE FROM posts WHERE title = ANY($1)', [created]));
    await waitForRebuilds();
  });

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`keyboard only at ${viewport.width} px`, async ({ page, browser }) => {
      test.setTimeout(300_000);
      await page.setViewportSize(viewport);
      const title = `Viaje Completo ${viewport.width} ${run}`;
      const other = `Compañera de Lote ${viewport.width} ${run}`;
      created.push(title, other);
      const authorEmail = `viaje-${viewport.width}-${run}@gmail.test`;
      const adminEmail = uniqueEmail(`admin-viaje-${viewport.width}`);
      await createAccount({ email: adminEmail, name: 'Álvaro Admin', password: TEST_PASSWORD, role: 'admin' });

      // 1. Write, with an image chosen from the keyboard, until the draft is saved on the server.
      await signInWithGoogle(page, { email: authorEmail, name: 'Vera Viaje' });
      await page.goto('/publicar');
      await expect(page.getByRole('heading', { level: 1, name: 'Publicar una herramienta' })).toBeVisible();
      await tabTo(page, page.getByLabel('Título', { exact: true }));
      await page.keyboard.type(title);
      await page.keyboard.press('Tab');
      await page.keyboard.type('Ordena las notas de un equipo pequeño y las convierte en documentos claros en segundos.');
      await tabTo(page, page.getByRole('searchbox', { name: 'Buscar categorías' }));
      await page.keyboard.type('Escrit');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      const picker = page.getByRole('group', { name: 'Imagen destacada' }).getByRole('button', { name: /elige una imagen/ });
      await tabTo(page, picker);
      const images = await fakeImages();
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
      await chooser.setFiles({ name: 'portada.jpg', mimeType: 'image/jpeg', buffer: images.jpeg });
      await expect(page.getByRole('img', { name: 'Vista previa: imagen destacada' })).toBeVisible();
      // Focus comes back to the picker, not to the page, once the upload ends.
      await expect(picker).toBeFocused();
      await expect(page.locator('[data-draft-status]')).toHaveText('Guardado');
      await expect(page).toHaveURL(/\/publicar\?borrador=[0-9a-f-]{36}$/);
      await expectFits(page);

      // 2. Leave, and come back to the draft from the dashboard.
      await page.goto('/dashboard/posts');
      const drafts = page.getByRole('region', { name: 'Borradores' });
      await tabTo(page, drafts.getByRole('link', { name: `Continuar ${title}` }));
      await page.keyboard.press('Enter');
      await expect(page.getByLabel('Título', { exact: true })).toHaveValue(title);
      await expect(page.getByRole('img', { name: 'Vista previa: imagen destacada' })).toBeVisible();

      // 3. Preview: the tool page's template with its image, in a new tab.
      await tabTo(page, page.getByRole('button', { name: 'Vista previa' }));
      const [preview] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Enter')]);
      await preview.setViewportSize(viewport);
      await expect(preview.getByText('Vista previa: así se verá tu herramienta')).toBeVisible();
      await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expectFits(preview);
      await preview.close();

      // 4. Submit.
      await tabTo(page, page.getByRole('button', { name: 'Publicar con Múltiples Categorías' }));
      await page.keyboard.press('Enter');
      await expect(page.getByText('Pendiente de revisión')).toBeVisible();
      await anotherPendingTool(authorEmail, other);

      // 5. The admin is told by e-mail, and approves both in one batch from the keyboard.
      const notice = await mailedMessage(adminEmail, `Nueva herramienta por revisar: «${title}»`);
      expect(notice).toContain('/admin/pendientes');
      const adminPage = await (await browser.newContext({ viewport, locale: 'es-ES' })).newPage();
      await signInWithPassword(adminPage, adminEmail);
      await adminPage.goto('/admin/pendientes');
      const badge = adminPage.locator('[data-admin-count="pending"]');
      const pendingBefore = Number((await badge.textContent())!.replace(/\D/g, ''));
      for (const name of [title, other]) {
        await tabTo(adminPage, adminPage.getByRole('checkbox', { name: `Seleccionar «${name}»` }));
        await adminPage.keyboard.press('Space');
      }
      await expect(adminPage.getByText('2 seleccionadas')).toBeVisible();
      await tabTo(adminPage, adminPage.getByRole('button', { name: 'Aprobar seleccionadas' }));
      await adminPage.keyboard.press('Enter');
      const dialog = adminPage.getByRole('alertdialog', { name: '¿Aprobar 2 herramientas?' });
      await expect(dialog).toBeVisible();
      await tabTo(adminPage, dialog.getByRole('button', { name: 'Aprobar 2 herramientas' }));
      await adminPage.keyboard.press('Enter');
      await expect(adminPage.locator('[data-bulk-result]')).toContainText('Aprobadas: 2 herramientas.');
      await expect(badge).toHaveText(new Intl.NumberFormat('es-ES').format(pendingBefore - 2));
      await expectFits(adminPage);
      await adminPage.context().close();

      // 6. The author withdraws the published listing from the dashboard.
      await page.goto('/dashboard/posts');
      const listing = page.getByRole('article', { name: title });
      await expect(listing.getByText('Publicado', { exact: true })).toBeVisible();
      await tabTo(page, listing.getByRole('button', { name: /^Retirar/ }));
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('alertdialog', { name: '¿Retirar la herramienta?' });
      await tabTo(page, confirm.getByRole('button', { name: 'Retirar' }));
      await page.keyboard.press('Enter');
      await expect(listing.getByText('Retirada', { exact: true })).toBeVisible();
      await mailedMessage(adminEmail, `Vera Viaje ha retirado «${title}»`);
      await expectFits(page);
    });
  }
});
