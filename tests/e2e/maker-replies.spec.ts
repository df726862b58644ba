/**
 * A tool's verified maker on its page, in Chromium against the built site: no form to rate their own
 * tool but the Spanish reason, «Responder» under a review reached with the keyboard, the reply shown to guests as
 * plain text under «Respuesta del fabricante» (also at the 768 px breakpoint), edited, and only one per review.
 */
import { randomUUID } from 'node:crypto';
import { signIn, TEST_PASSWORD, uniqueEmail } from './accounts.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { createAccount, withSiteDatabase } from './database.ts';
import { expect, test } from './fixtures.ts';

const SIGNED_OUT = { storageState: { cookies: [], origins: [] } };

test.describe.configure({ timeout: 120_000 });
test.use(SIGNED_OUT);

test('the verified maker cannot rate their tool but replies once to a review, which guests see as text', async ({ page, browser }) => {
  const makerEmail = uniqueEmail('fabricante');
  const readerEmail = uniqueEmail('lectora');
  await createAccount({ email: makerEmail, name: 'Marta Fabricante', password: TEST_PASSWORD, role: 'user' });
  await createAccount({ email: readerEmail, name: 'Lola Lectora', password: TEST_PASSWORD, role: 'user' });
  const reviewTitle = `Le falta exportar ${Date.now()}`;
  // An unclaimed seeded tool: its maker is made verified and a reader's review written straight in the database, as
  // the claim and review flows (tested in report-claim.spec.ts and reviews.spec.ts) would leave them.
  const slug = await withSiteDatabase(async (db) => {
    const { rows } = await db.query<{ id: string; slug: string }>(
      `SELECT id, slug FROM posts WHERE status = 'published' AND slug NOT IN ('chatgpt', 'meshy')
          AND NOT EXISTS (SELECT 1 FROM tool_claims c WHERE c.post_id = posts.id) ORDER BY slug LIMIT 1`,
    );
    const tool = rows[0]!;
    await db.query(
      `INSERT INTO tool_claims (post_id, user_id, method, email, token_hash, status, expires_at, used_at, verified_at)
       SELECT $1, id, 'email', email, $3, 'verified', now(), now(), now() FROM profiles WHERE email = $2`,
      [tool.id, makerEmail, randomUUID()],
    );
    await db.query(
      `INSERT INTO reviews (post_id, user_id, rating, title, body) SELECT $1, id, 3, $3, 'Funciona, pero no exporta a PDF.' FROM profiles WHERE email = $2`,
      [tool.id, readerEmail, reviewTitle],
    );
    return tool.slug;
  });

  await signIn(page, makerEmail);
  await page.goto(`/${slug}`);
  const section = page.locator('#valoraciones');
  await expect(section.getByText('No puedes valorar tu propia herramienta: eres su creador verificado.')).toBeVisible();
  await expect(section.locator('form[data-review-form]')).toBeHidden();

  const review = section.getByRole('listitem').filter({ hasText: reviewTitle });
  const respond = review.getByRole('button', { name: 'Responder' });
  await respond.focus();
  await page.keyboard.press('Enter');
  const answer = review.getByLabel('Tu respuesta como fabricante');
  await expect(answer).toBeFocused();
  await page.keyboard.type('Gracias: ya exporta a <b>PDF</b>.');
  await expectNoSeriousA11yViolations(page);
  await review.getByRole('button', { name: 'Publicar respuesta' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Respuesta publicada' })).toBeVisible();
  const reply = section.getByRole('listitem').filter({ hasText: reviewTitle }).locator('[data-slot="reply"]');
  await expect(reply).toContainText('Respuesta del fabricante');
  await expect(reply).toContainText('Creador verificado');
  await expect(reply).toContainText('Gracias: ya exporta a <b>PDF</b>.');
  // One reply per review: no second «Responder».
  await expect(section.getByRole('listitem').filter({ hasText: reviewTitle }).getByRole('button', { name: 'Responder' })).toBeHidden();

  await reply.getByRole('button', { name: 'Editar respuesta' }).click();
  await answer.fill('Gracias: desde la versión 2 exporta a PDF.');
  await review.getByRole('button', { name: 'Publicar respuesta' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Respuesta actualizada' })).toBeVisible();
  await expect(reply).toContainText('Gracias: desde la versión 2 exporta a PDF.');

  // A guest at the 768 px breakpoint sees the reply under the review, with nothing wider than the screen.
  const guest = await (await browser.newContext({ ...SIGNED_OUT, viewport: { width: 768, height: 1000 } })).newPage();
  await guest.goto(`/${slug}`);
  const guestReply = guest.locator('#valoraciones').getByRole('listitem').filter({ hasText: reviewTitle }).locator('[data-slot="reply"]');
  await expect(guestReply).toContainText('Gracias: desde la versión 2 exporta a PDF.');
  await expect(guestReply.getByRole('button', { name: 'Editar respuesta' })).toBeHidden();
  await expect(guest.locator('#valoraciones').getByRole('button', { name: 'Responder' })).toHaveCount(0);
  expect(await guest.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoSeriousA11yViolations(guest);
  await guest.context().close();
});
