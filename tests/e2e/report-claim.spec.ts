/**
 * «Informar de un problema» and «¿Es tu herramienta?» in Chromium against the built site: a guest reports
 * a problem on /chatgpt and the admin finds it in /admin/informes with the tool's count; a user claims a tool by an
 * address at its domain (the link read from the outbox), its page shows «Verificada por su creador», the maker
 * proposes a new description, the admin approves it and the tool page shows it.
 */
import type { Page } from '@playwright/test';
import { signIn, TEST_PASSWORD, uniqueEmail } from './accounts.ts';
import { createAccount, withSiteDatabase } from './database.ts';
import { expect, test } from './fixtures.ts';
import { mailedLink } from './mail.ts';

/** A context of its own, signed out. */
const SIGNED_OUT = { storageState: { cookies: [], origins: [] } };

// Each flow signs in two accounts and, for the claim, waits for an on-demand page while the site rebuilds.
test.describe.configure({ timeout: 180_000 });

async function signInAsNew(page: Page, label: string, role: 'user' | 'admin'): Promise<string> {
  const email = uniqueEmail(label);
  await createAccount({ email, name: role === 'admin' ? 'Alicia Admin' : 'Marta Creadora', password: TEST_PASSWORD, role });
  await signIn(page, email);
  return email;
}

const openReports = (slug: string) =>
  withSiteDatabase(async (db) => {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM tool_reports r JOIN posts p ON p.id = r.post_id WHERE p.slug = $1 AND r.status = 'open'`,
      [slug],
    );
    return rows[0]!.n;
  });

test.describe('informar de un problema', () => {
  test.use(SIGNED_OUT);

  test('a guest reports a problem on /chatgpt and it reaches /admin/informes with its count', async ({ page, browser }) => {
    const before = await openReports('chatgpt');
    await page.goto('/chatgpt');
    await page.getByText('Informar de un problema').click();
    await page.getByLabel('Enlace roto').check();
    await page.getByLabel('Detalles').fill('La página de precios da error 404.');
    await page.getByRole('button', { name: 'Enviar aviso' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Gracias: hemos recibido tu aviso' }).last()).toBeVisible();
    expect(await openReports('chatgpt')).toBe(before + 1);

    const adminContext = await browser.newContext(SIGNED_OUT);
    const admin = await adminContext.newPage();
    await signInAsNew(admin, 'admin-informes', 'admin');
    await admin.goto('/admin/informes');
    const card = admin.locator('[data-reported-tool="chatgpt"]');
    await expect(card.locator('[data-report-count]')).toHaveText(before + 1 === 1 ? '1 aviso' : `${before + 1} avisos`);
    await expect(card.getByText('La página de precios da error 404.').first()).toBeVisible();
    await expect(admin.getByRole('link', { name: /Informes y reclamaciones/ })).toContainText(/\d/);
    await adminContext.close();
  });
});

test.describe('¿es tu herramienta?', () => {
  // Chromium logs the refused address (422) as a console error: that refusal is what the test checks.
  test.use({ ...SIGNED_OUT, allowedConsoleErrors: [/the server responded with a status of 422/] });

  test('a maker claims a tool by a domain e-mail, gets the badge, and the admin approves a proposed description', async ({ page, browser }) => {
    // The e2e site's database is seeded afresh for each run, so a seeded tool can be claimed once per run; writing a
    // new tool instead would start a rebuild that slows the sign-ins below on a loaded machine.
    const { slug, domain, title } = await withSiteDatabase(async (db) => {
      const { rows } = await db.query<{ slug: string; domain: string; title: string }>(
        `SELECT slug, domain, title FROM posts
          WHERE status = 'published' AND discontinued_at IS NULL AND domain LIKE '%.%' AND slug <> 'chatgpt'
            AND NOT EXISTS (SELECT 1 FROM tool_claims c WHERE c.post_id = posts.id)
          ORDER BY slug DESC LIMIT 1`,
      );
      return rows[0]!;
    });

    // A guest is sent to sign in first.
    await page.goto(`/${slug}`);
    await page.getByRole('link', { name: '¿Es tu herramienta?' }).click();
    await expect(page).toHaveURL(/\/login\?next=/);
    await signInAsNew(page, 'creadora', 'user');
    await page.goto(`/reclamar/${slug}`);

    await page.getByLabel(`Correo en ${domain}`).fill('marta@gmail.com');
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(page.getByText(`Usa una dirección de ${domain}.`)).toBeVisible();
    const address = `marta@${domain}`;
    await page.getByLabel(`Correo en ${domain}`).fill(address);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    // The form reloads the page to show this: opening the link before then had the reload abort it.
    await expect(page.getByText('Te hemos enviado el enlace de verificación')).toBeVisible();
    await page.goto(await mailedLink(address, '/reclamar/verificar'));
    await expect(page.getByText(`Listo: has verificado que ${title} es tuya.`)).toBeVisible();

    await page.goto(`/${slug}`);
    await expect(page.getByText('Verificada por su creador')).toBeVisible({ timeout: 10_000 });

    await page.goto(`/reclamar/${slug}`);
    const description = 'Descripción nueva escrita por su creadora, con datos al día.';
    await page.getByLabel('Descripción').fill(description);
    await page.getByRole('button', { name: 'Enviar propuesta' }).click();
    await expect(page.getByText('Propuesta enviada')).toBeVisible();

    const adminContext = await browser.newContext(SIGNED_OUT);
    const admin = await adminContext.newPage();
    await signInAsNew(admin, 'admin-propuestas', 'admin');
    await admin.goto('/admin/informes');
    const proposal = admin.locator(`[data-proposal="${slug}"]`);
    await expect(proposal.getByRole('row', { name: /Descripción/ })).toContainText(description);
    await proposal.getByRole('button', { name: 'Aprobar' }).click();
    await expect(admin.locator(`[data-proposal="${slug}"]`)).toHaveCount(0);
    await adminContext.close();

    await expect(async () => {
      await page.goto(`/${slug}`);
      await expect(page.getByText(description).first()).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  });
});
