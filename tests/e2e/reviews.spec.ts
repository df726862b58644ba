/**
 * Ratings and reviews on the served site: a verified user rates and reviews a tool, a guest sees it on
 * the static page within 5 s, the JSON-LD gains aggregateRating, another user marks it useful, the author edits
 * and deletes it, and a second review by the same account is refused in Spanish.
 */
import type { Browser, Page } from '@playwright/test';
import { registerAndSignIn, uniqueEmail } from './accounts.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

const TOOL = '/meshy';

async function verifiedPage(browser: Browser, name: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await registerAndSignIn(page, uniqueEmail('valora'), name);
  return page;
}

const reviewsSection = (page: Page) => page.locator('#valoraciones');
const reviewItem = (page: Page, title: string) => reviewsSection(page).getByRole('listitem').filter({ hasText: title });

/** The SoftwareApplication JSON-LD of the tool page as the server answers it now. */
async function softwareApplication(page: Page): Promise<Record<string, unknown> | undefined> {
  const html = await (await page.request.get(TOOL)).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
  return blocks.find((block) => block['@type'] === 'SoftwareApplication');
}

test.describe('ratings and reviews', () => {
  test('a verified user reviews a tool; guests see it at once; others find it useful; the author edits and deletes it', async ({ browser }) => {
    test.slow();
    const author = await verifiedPage(browser, 'Lucía Valora');
    const title = `Muy buena para 3D ${Date.now()}`;

    await author.goto(TOOL);
    const form = reviewsSection(author).locator('form[data-review-form]');
    await expect(form.getByRole('heading', { name: 'Tu valoración' })).toBeVisible();
    // Stars are radio buttons: reachable and chosen with the keyboard.
    await form.getByRole('radio', { name: '3 estrellas' }).focus();
    await author.keyboard.press('ArrowRight');
    await expect(form.getByRole('radio', { name: '4 estrellas' })).toBeChecked();
    await form.getByLabel('Título').fill(title);
    await form.getByLabel('Tu experiencia').fill('Genera modelos <b>limpios</b> en minutos.');
    await form.getByLabel('Lo mejor').fill('Rápida');
    await expectNoSeriousA11yViolations(author);
    // The guest's browser is ready before the review goes out, so the clock below measures only the publication.
    const guest = await (await browser.newContext()).newPage();
    await Promise.all([
      author.waitForResponse((response) => response.url().endsWith('/api/reviews') && response.request().method() === 'POST' && response.ok()),
      form.getByRole('button', { name: 'Publicar valoración' }).click(),
    ]);
    const published = Date.now();

    // A guest on the static page, no rebuild: the stars, the count and the review, escaped as text. The review shows as
    // soon as the page's script has read /api/reviews, before every image of the page has loaded.
    await guest.goto(TOOL, { waitUntil: 'commit' });
    await expect(reviewItem(guest, title)).toBeVisible({ timeout: 5_000 });
    expect(Date.now() - published).toBeLessThan(5_000);
    await expect(author.getByRole('status').filter({ hasText: '¡Gracias! Tu valoración ya está publicada.' })).toBeVisible();
    await expect(reviewItem(author, title)).toContainText('Genera modelos <b>limpios</b> en minutos.');
    await expect(form.getByRole('heading', { name: 'Editar tu valoración' })).toBeVisible();
    await expect(reviewItem(guest, title).getByRole('img', { name: '4 de 5 estrellas' })).toBeVisible();
    await expect(reviewItem(guest, title)).toContainText('Genera modelos <b>limpios</b> en minutos.');
    await expect(reviewsSection(guest).locator('[data-reviews-summary]')).toContainText(/de 5 · \d+ valoraci(ón|ones)/);
    await expect(reviewsSection(guest).getByRole('button', { name: 'Inicia sesión para valorarla' })).toBeVisible();
    await expect(reviewsSection(guest).locator('form[data-review-form]')).toBeHidden();

    // The page's JSON-LD is rendered on demand once the review stamped it.
    await expect
      .poll(async () => (await softwareApplication(guest))?.aggregateRating, { timeout: 10_000 })
      .toMatchObject({ '@type': 'AggregateRating', bestRating: 5, worstRating: 1 });
    const review = (await softwareApplication(guest))!.review as { name?: string; reviewRating: { ratingValue: number } }[];
    expect(review.find((entry) => entry.name === title)?.reviewRating.ratingValue).toBe(4);

    // Another user finds it useful, once.
    const reader = await verifiedPage(browser, 'Pablo Lector');
    await reader.goto(TOOL);
    const useful = reviewItem(reader, title).getByRole('button', { name: '¿Te ha sido útil?' });
    await useful.click();
    await expect(reviewItem(reader, title).getByRole('button', { name: 'Te ha sido útil' })).toBeDisabled();
    await expect(reviewItem(reader, title)).toContainText('A 1 persona le ha sido útil');
    // The author cannot vote on their own review.
    await author.reload();
    await expect(reviewItem(author, title).getByRole('button', { name: '¿Te ha sido útil?' })).toBeHidden();

    // A second review by the same account is refused in Spanish.
    const toolId = await reviewsSection(author).getAttribute('data-reviews');
    const second = await author.request.post('/api/reviews', { data: { toolId, rating: 1 } });
    expect(second.status()).toBe(409);
    expect(await second.json()).toMatchObject({ error: 'Ya has valorado esta herramienta. Puedes editar tu valoración.', code: 'review_exists' });

    // The author edits it...
    await expect(form.getByRole('radio', { name: '4 estrellas' })).toBeChecked();
    // The radio itself is visually hidden: a pointer picks the star, its label.
    await form.locator('label', { hasText: '5 estrellas' }).click();
    await expect(form.getByRole('radio', { name: '5 estrellas' })).toBeChecked();
    await form.getByLabel('Tu experiencia').fill('Editada: ahora con texturas.');
    await form.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(author.getByRole('status').filter({ hasText: 'Valoración actualizada' })).toBeVisible();
    await expect(reviewItem(author, title)).toContainText('Editada: ahora con texturas.');
    await expect(reviewItem(author, title).getByRole('img', { name: '5 de 5 estrellas' })).toBeVisible();
    await guest.reload();
    await expect(reviewItem(guest, title)).toContainText('Editada: ahora con texturas.');

    // ...and deletes it.
    author.once('dialog', (dialog) => void dialog.accept());
    await form.getByRole('button', { name: 'Borrar mi valoración' }).click();
    await expect(author.getByRole('status').filter({ hasText: 'Valoración borrada' })).toBeVisible();
    await expect(reviewItem(author, title)).toHaveCount(0);
    await expect(form.getByRole('heading', { name: 'Tu valoración' })).toBeVisible();
    await Promise.all([guest.waitForResponse((response) => response.url().includes('/api/reviews?')), guest.reload()]);
    await expect(reviewItem(guest, title)).toHaveCount(0);
  });
});
