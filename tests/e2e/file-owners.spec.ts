/**
 * The attack an audit reproduced, over HTTP against the running site: a signed-in user named another user's
 * generated image and a curated catalogue logo in a submission, deleted the submission, and the files were gone.
 * Now the submission is refused, and no deletion a user can trigger (a submission, an avatar, a gallery image, the
 * whole account) takes a file that is not theirs or that something else still shows, even from rows written
 * before the rule (set up here straight in the database).
 */
import type { APIRequestContext, Browser } from '@playwright/test';
import sharp from 'sharp';
import { TEST_PASSWORD, uniqueEmail } from './accounts.ts';
import { createAccount, withSiteDatabase } from './database.ts';
import { expect, test } from './fixtures.ts';

const FILE_NOT_YOURS = 'Esa imagen no es tuya: solo puedes usar imágenes que hayas subido o generado tú.';

/** A signed-in API client for a new account; the origin header is what a browser on the site sends. */
async function signedIn(browser: Browser, baseURL: string, label: string) {
  const email = uniqueEmail(label);
  await createAccount({ email, name: label, password: TEST_PASSWORD, role: 'user' });
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const signIn = await context.request.post('/api/auth/sign-in/email', { data: { email, password: TEST_PASSWORD } });
  expect(signIn.status()).toBe(200);
  const { user } = (await signIn.json()) as { user: { id: string } };
  return { email, id: user.id, request: context.request, close: () => context.close() };
}

async function upload(request: APIRequestContext, colour: string): Promise<string> {
  const buffer = await sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const response = await request.post('/api/uploads', { multipart: { file: { name: 'foto.jpg', mimeType: 'image/jpeg', buffer } } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { key: string }).key;
}

const served = async (request: APIRequestContext, key: string) => (await request.get(`/media/${key}`)).status();

test('another user’s files can be neither referenced nor deleted, whatever path the request takes', async ({ browser, baseURL }) => {
  test.slow();
  const victim = await signedIn(browser, baseURL!, 'victima');
  const attacker = await signedIn(browser, baseURL!, 'atacante');
  const { logo, category } = await withSiteDatabase(async (db) => {
    const { rows } = await db.query<{ logo_url: string; category_id: string }>("SELECT logo_url, category_id FROM posts WHERE slug = 'chatgpt'");
    return { logo: rows[0]!.logo_url, category: rows[0]!.category_id };
  });
  expect(logo).toMatch(/^logos\/chatgpt-[0-9a-f]{12}\.png$/);

  // The victim's files: a generated image (in their gallery), an upload their submission shows, one only uploaded.
  const generation = await victim.request.post('/api/ai/images', { data: { prompt: 'Un faro al amanecer', count: 1, size: '512x512' } });
  expect(generation.status()).toBe(200);
  const imageId = ((await generation.json()) as { images: { id: string }[] }).images[0]!.id;
  const generated = await withSiteDatabase(
    async (db) => (await db.query<{ image_url: string }>('SELECT image_url FROM image_generation_history WHERE id = $1', [imageId])).rows[0]!.image_url,
  );
  const shownUpload = await upload(victim.request, '#aa3300');
  const loneUpload = await upload(victim.request, '#0033aa');
  const submission = (fields: Record<string, unknown>) => ({
    title: `Herramienta ${Math.random().toString(36).slice(2, 8)}`,
    description: 'Una herramienta de prueba con su descripción.',
    categoryIds: [category],
    ...fields,
  });
  expect((await victim.request.post('/api/posts', { data: submission({ imageUrl: shownUpload }) })).status()).toBe(200);
  const victimFiles = [generated, shownUpload, loneUpload, logo];
  for (const key of victimFiles) expect(await served(attacker.request, key)).toBe(200);

  // The attack as reported, and its variants: refused before anything is stored.
  for (const fields of [
    { imageUrl: generated, logoUrl: logo },
    { imageUrl: shownUpload },
    { imageUrl: `${baseURL}/media/${loneUpload}?w=900` },
    { logoUrl: `${baseURL}/media/generated/%2e%2e/${logo}` },
    { content: `<p>Mira</p><img src="/media/${generated}?w=900">` },
  ]) {
    const refused = await attacker.request.post('/api/posts', { data: submission(fields) });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'file_not_yours', error: FILE_NOT_YOURS });
  }
  for (const imageUrl of [`generated/../${logo}`, `${logo}\u0000`]) {
    expect((await attacker.request.post('/api/posts', { data: submission({ imageUrl }) })).status()).toBe(400);
  }

  // Rows from before the rule: the attacker's draft naming the victim's files, and an avatar that is the victim's image.
  const published = await attacker.request.post('/api/posts', { data: submission({}) });
  expect(published.status()).toBe(200);
  const draftId = ((await published.json()) as { id: string }).id;
  await withSiteDatabase(async (db) => {
    await db.query('UPDATE posts SET image_url = $2, logo_url = $3, content = $4 WHERE id = $1', [
      draftId,
      loneUpload,
      logo,
      `<img src="/media/${generated}">`,
    ]);
    await db.query('UPDATE profiles SET avatar_url = $2 WHERE id = $1', [attacker.id, generated]);
  });
  expect((await attacker.request.delete(`/api/dashboard/posts/${draftId}`)).status()).toBe(204);
  expect((await attacker.request.delete('/api/me/avatar')).status()).toBe(204);
  // The victim's gallery image is not the attacker's to delete.
  expect((await attacker.request.delete(`/api/images/${imageId}`, { data: {} })).status()).toBe(404);
  for (const key of victimFiles) expect(await served(attacker.request, key)).toBe(200);

  // A new account cannot start with one of our files as its avatar either.
  const signUp = await attacker.request.post('/api/auth/sign-up/email', {
    data: { name: 'Otra', email: uniqueEmail('registro'), password: TEST_PASSWORD, image: logo },
  });
  expect(signUp.status()).toBe(403);
  expect(await signUp.json()).toMatchObject({ message: FILE_NOT_YOURS });

  // Deleting the whole account, with old rows naming every one of the victim's files (and a draft of its own).
  const ownUpload = await upload(attacker.request, '#33aa00');
  await withSiteDatabase(async (db) => {
    await db.query(
      `INSERT INTO posts (title, slug, description, status, user_id, category_id, image_url, logo_url, content)
       VALUES ('Borrador viejo', $1, 'Borrador.', 'pending', $2, $3, $4, $5, $6), ('Borrador propio', $7, 'Borrador.', 'pending', $2, $3, $8, NULL, '')`,
      [`borrador-viejo-${Date.now()}`, attacker.id, category, shownUpload, logo, `<img src="/media/${generated}">`, `borrador-propio-${Date.now()}`, ownUpload],
    );
    await db.query('UPDATE profiles SET avatar_url = $2 WHERE id = $1', [attacker.id, loneUpload]);
  });
  expect((await attacker.request.post('/api/auth/delete-user', { data: { password: TEST_PASSWORD } })).status()).toBe(200);
  for (const key of victimFiles) expect(await served(victim.request, key)).toBe(200);
  // The rule is not a refusal to delete anything: the attacker's own upload, referenced by nothing else, went.
  expect(await served(victim.request, ownUpload)).toBe(404);

  // The victim's gallery still lists the image.
  const gallery = await victim.request.get('/api/images?tab=all');
  expect(((await gallery.json()) as { items: { id: string }[] }).items.map((item) => item.id)).toContain(imageId);
  await victim.close();
  await attacker.close();
});
