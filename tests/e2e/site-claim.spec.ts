/**
 * «¿Es tu herramienta?» by the tool's own site, in Chromium against the built site and the fake tool
 * website: /reclamar/{slug} shows the user's code, «Comprobar» says in Spanish when the site does not carry it, and
 * once the home page has the meta tag the same button (pressed with the keyboard) makes the user its verified maker.
 */
import { signIn, TEST_PASSWORD, uniqueEmail } from './accounts.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { createAccount, withSiteDatabase } from './database.ts';
import { expect, test } from './fixtures.ts';

const fakeSite = () => test.info().config.metadata.fakeToolSite as string;

test.describe.configure({ timeout: 120_000 });
// Chromium logs the refusal (422) as a console error: that refusal is what the test checks.
test.use({ storageState: { cookies: [], origins: [] }, allowedConsoleErrors: [/the server responded with a status of 422/] });

test('a maker proves a tool is theirs with a meta tag on its site', async ({ page }) => {
  const email = uniqueEmail('web');
  await createAccount({ email, name: 'Marta Web', password: TEST_PASSWORD, role: 'user' });
  // An unclaimed seeded tool whose site is the fake one (another order than the other claim specs, so they never meet).
  const { slug, title } = await withSiteDatabase(async (db) => {
    const { rows } = await db.query<{ slug: string; title: string }>(
      `UPDATE posts SET url = $1 WHERE id = (
         SELECT id FROM posts WHERE status = 'published' AND slug NOT IN ('chatgpt', 'meshy')
            AND NOT EXISTS (SELECT 1 FROM tool_claims c WHERE c.post_id = posts.id) ORDER BY md5(slug) LIMIT 1)
       RETURNING slug, title`,
      [`${fakeSite()}/reclamable`],
    );
    return rows[0]!;
  });

  await page.setViewportSize({ width: 768, height: 1000 });
  await signIn(page, email);
  await page.goto(`/reclamar/${slug}`);
  const section = page.locator('[data-site-claim]');
  const code = (await section.locator('[data-site-code]').textContent())!.trim();
  expect(code).toMatch(/^brujula-ia-[0-9a-f-]{36}$/);
  await expect(section).toContainText(`<meta name="brujula-ia-verificacion" content="${code}">`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoSeriousA11yViolations(page);

  await section.getByRole('button', { name: 'Comprobar' }).click();
  await expect(section.getByText('No encontramos el código en la web')).toBeVisible();

  const put = await page.request.put(`${fakeSite()}/reclamable/codigo`, { data: code });
  expect(put.status()).toBe(204);
  await section.getByRole('button', { name: 'Comprobar' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Has verificado que ${title} es tuya.`)).toBeVisible();
  await expect(page.locator('[data-site-claim]')).toHaveCount(0);
});
