/**
 * «Redactar con IA» in the admin editor, against the fake text provider and the fake tool website: a thin
 * tool gets a draft beside its current article, the admin edits and accepts it and the tool page shows the new
 * article; a provider that cannot be reached leaves the Spanish message and changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { TEST_PASSWORD, uniqueEmail } from './accounts.ts';
import { createAccount, waitForRebuilds, withSiteDatabase } from './database.ts';
import { expect, test } from './fixtures.ts';

const fakeSite = () => test.info().config.metadata.fakeToolSite as string;
const TEMPLATE = '<h2>¿Qué es?</h2><p>Plantilla breve de prueba.</p>';

/** A published tool with the seed's template article, on the fake tool site. */
async function createThinTool(description: string): Promise<{ id: string; slug: string; title: string }> {
  const suffix = randomUUID().slice(0, 8);
  const tool = { slug: `escriba-veloz-${suffix}`, title: `Escriba Veloz ${suffix}` };
  const id = await withSiteDatabase(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO posts (title, slug, description, status, url, content, article_is_template, published_date)
       VALUES ($1, $2, $3, 'published', $4, $5, true, now()) RETURNING id`,
      [tool.title, tool.slug, description, `${fakeSite()}/redactable`, TEMPLATE],
    );
    return rows[0]!.id;
  });
  return { id, ...tool };
}

const toolState = (id: string) =>
  withSiteDatabase(async (db) => {
    const { rows } = await db.query<{ content: string; drafts: number; checked_by: string | null }>(
      `SELECT content, facts_checked_by AS checked_by, (SELECT count(*)::int FROM article_drafts WHERE post_id = $1) AS drafts FROM posts WHERE id = $1`,
      [id],
    );
    return rows[0]!;
  });

// The failing provider's 502 is the answer under test; the browser logs it as a failed resource.
test.use({ allowedConsoleErrors: [/status of 502.*\/api\/admin\/drafts/] });

const created: string[] = [];
test.afterAll(async () => {
  if (created.length === 0) return;
  test.setTimeout(6 * 60_000);
  await withSiteDatabase((db) => db.query('DELETE FROM posts WHERE id = ANY($1::uuid[])', [created]));
  await waitForRebuilds();
});

// Signed in through the auth endpoint (the login page has its own specs): the page's context keeps the cookie.
test.beforeEach(async ({ page, baseURL }) => {
  const email = uniqueEmail('redactora');
  await createAccount({ email, name: 'Ada Redactora', password: TEST_PASSWORD, role: 'admin' });
  const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email, password: TEST_PASSWORD }, headers: { origin: baseURL! } });
  expect(signIn.status()).toBe(200);
});

test('an admin drafts a thin tool with AI, edits the draft and accepts it: the tool page shows the new article', async ({ page }) => {
  test.setTimeout(90_000);
  const tool = await createThinTool('Textos de marketing con IA.');
  created.push(tool.id);
  await page.goto(`/admin/edit/${tool.id}`);
  const panel = page.getByRole('region', { name: 'Redactar con IA' });
  await panel.getByRole('button', { name: 'Redactar con IA' }).click();

  const draft = panel.getByRole('textbox', { name: 'Borrador (puedes editarlo)' });
  await expect(draft).toContainText(`¿Qué es ${tool.title}?`, { timeout: 20_000 });
  await expect(panel.getByTestId('articulo-actual')).toContainText('Plantilla breve de prueba.');
  const facts = panel.getByRole('table', { name: 'Datos: actuales y propuestos' });
  await expect(facts.getByRole('row', { name: /Precio/ })).toContainText('Desde 12 €/mes');
  await expect(facts.getByRole('row', { name: /Interfaz en español/ })).toContainText('Sin confirmar');
  // Nothing is written before the admin accepts.
  expect(await toolState(tool.id)).toMatchObject({ content: TEMPLATE, checked_by: null });

  await draft.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Revisado a mano por Ada.');
  await panel.getByRole('button', { name: 'Aceptar borrador' }).click();
  await expect(page.getByText('Borrador aceptado')).toBeVisible();

  const state = await toolState(tool.id);
  expect(state.content).toContain('Revisado a mano por Ada.');
  expect(state.checked_by).not.toBeNull();
  await page.goto(`/${tool.slug}`);
  await expect(page.getByRole('heading', { name: `¿Qué es ${tool.title}?` })).toBeVisible();
  await expect(page.getByText('Revisado a mano por Ada.')).toBeVisible();
  await expect(page.getByText('Plantilla breve de prueba.')).toHaveCount(0);
});

test('a provider that cannot be reached shows the Spanish AI message and changes nothing', async ({ page }) => {
  const tool = await createThinTool('Una herramienta cuyo proveedor cae [fallo:conexion]');
  created.push(tool.id);
  await page.goto(`/admin/edit/${tool.id}`);
  const panel = page.getByRole('region', { name: 'Redactar con IA' });
  await panel.getByRole('button', { name: 'Redactar con IA' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Error de conexión con el servicio de IA. Inténtalo de nuevo.', { timeout: 20_000 });
  await expect(panel.getByRole('button', { name: 'Aceptar borrador' })).toHaveCount(0);
  expect(await toolState(tool.id)).toEqual({ content: TEMPLATE, checked_by: null, drafts: 0 });
});
