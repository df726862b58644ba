/**
 * The one rule for stored files (src/server/storage/file-owners.ts) against a real database and real files: a
 * publication may name only its author's uploads and generated images (an admin's, any file), whatever form the
 * name takes; a file goes only when nothing references it any more; a curated logo never goes by anyone's action.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { useMigratedDatabase } from './helpers/db.ts';
import { callRoute } from './helpers/endpoint.ts';

const dataDir = await mkdtemp(path.join(tmpdir(), 'brujula-duenos-'));
process.env.DATA_DIR = dataDir;
process.env.STORAGE_DRIVER = 'local';

const { publishEndpoint, editEndpoint, loadPostEndpoint } = await import('../../src/features/publish/publish.server.ts');
const { deletePostEndpoint } = await import('../../src/features/dashboard/dashboard.server.ts');
const { removeAvatarEndpoint } = await import('../../src/features/dashboard/avatar.server.ts');
const { deleteImageEndpoint } = await import('../../src/features/image-generator/images.server.ts');
const { deleteAccountFiles, deleteAccountRows } = await import('../../src/server/auth/account-deletion.ts');
const { deleteTools } = await import('../../src/features/admin/tools.server.ts');
const { deleteGenerated } = await import('../../src/features/admin/generated.server.ts');
const { assertMayReference, deleteUnreferencedFiles } = await import('../../src/server/storage/file-owners.ts');
const { LocalStorage } = await import('../../src/server/storage/local.ts');
const { ERROR_TABLE } = await import('../../src/lib/error-table.ts');
const { closeDb } = await import('../../src/server/db/client.ts');

const pool = await useMigratedDatabase();
process.env.DATABASE_URL = inject('databaseUrl');
afterAll(async () => {
  await closeDb();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(() => pool.query('DELETE FROM rate_limit_buckets'));

const storage = new LocalStorage(path.join(dataDir, 'uploads'));
const SITE = 'http://localhost:4321';

await pool.query(`INSERT INTO profiles (id, name, email, role) VALUES
  ('AnaVictima1', 'Ana', 'ana@ejemplo.es', 'user'), ('bruno', 'Bruno', 'bruno@ejemplo.es', 'user'), ('admin', 'Alba', 'alba@ejemplo.es', 'admin')`);
const { rows: categoryRows } = await pool.query<{ id: string }>(`INSERT INTO categories (slug, name) VALUES ('imagen', 'Imagen') RETURNING id`);
const categoryId = categoryRows[0]!.id;

const ana = { id: 'AnaVictima1', name: 'Ana' };
const bruno = { id: 'bruno', name: 'Bruno' };
const admin = { id: 'admin', name: 'Alba', role: 'admin' as const };

const jpeg = async (colour: string) =>
  new Uint8Array(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: colour } })
      .jpeg()
      .toBuffer(),
  );

/** Ana's files, as the site stores them: an upload under her segment, a generated image with its row, an avatar. */
const KEYS = {
  upload: 'anavictima1/1764000000000.jpg',
  generated: 'generated/2026-11/11111111-1111-4111-8111-111111111111.jpg',
  avatar: 'avatars/2026-11/22222222-2222-4222-8222-222222222222.jpg',
  logo: 'logos/chatgpt-48ceb11103b3.png',
  brunoUpload: 'bruno/1764000000001.jpg',
};
for (const [name, key] of Object.entries(KEYS)) {
  if (key.endsWith('.png'))
    await storage.put(
      key,
      new Uint8Array(
        await sharp({ create: { width: 8, height: 8, channels: 4, background: '#ffffff00' } })
          .png()
          .toBuffer(),
      ),
      'image/png',
    );
  else await storage.put(key, await jpeg(name === 'upload' ? '#aa0000' : '#00aa00'), 'image/jpeg');
}
const { rows: generatedRows } = await pool.query<{ id: string }>(
  `INSERT INTO image_generation_history (user_id, prompt, model_used, image_url, width, height) VALUES ($1, 'un faro', 'flux', $2, 8, 8) RETURNING id`,
  [ana.id, KEYS.generated],
);
const anasGeneratedId = generatedRows[0]!.id;
await pool.query('UPDATE profiles SET avatar_url = $2 WHERE id = $1', [ana.id, KEYS.avatar]);
// The seeded catalogue's tool with its curated logo.
await pool.query(
  `INSERT INTO posts (title, slug, description, status, category_id, logo_url, logo_source) VALUES ('ChatGPT', 'chatgpt', 'Asistente.', 'published', $1, $2, 'curated')`,
  [categoryId, KEYS.logo],
);

const stored = async (key: string) =>
  stat(path.join(dataDir, 'uploads', key)).then(
    () => true,
    () => false,
  );

const submission = (overrides: Record<string, unknown> = {}) => ({
  title: `Herramienta ${Math.random().toString(36).slice(2, 8)}`,
  description: 'Una herramienta de prueba con su descripción.',
  categoryIds: [categoryId],
  ...overrides,
});

type Caller = { id: string; name?: string; role?: 'user' | 'admin' };
const publish = (user: Caller, body: unknown) => callRoute(publishEndpoint, { path: '/api/posts', body, user });
async function edit(user: Caller, id: string, changes: Record<string, unknown>) {
  const loaded = (await (await callRoute(loadPostEndpoint, { path: `/api/posts/${id}`, user, params: { id } })).json()) as { post: Record<string, unknown> };
  const { post } = loaded;
  const body = {
    title: post.title,
    description: post.description,
    categoryIds: post.categoryIds,
    imageUrl: post.imageUrl,
    logoUrl: post.logoUrl,
    content: post.content,
    version: post.version,
    ...changes,
  };
  return callRoute(editEndpoint, { method: 'PUT', path: `/api/posts/${id}`, body, user, params: { id } });
}
const deleteOwn = (user: Caller, id: string) => callRoute(deletePostEndpoint, { method: 'DELETE', path: `/api/dashboard/posts/${id}`, user, params: { id } });
const postCount = async () => Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM posts')).rows[0]!.n);

async function expectRefused(response: Response) {
  expect(response.status).toBe(403);
  expect(await response.json()).toMatchObject({ code: 'file_not_yours', error: ERROR_TABLE.file_not_yours.message });
}

describe('who may reference a stored file', () => {
  it('lets the owner name their upload, generated image and avatar, and nobody else', async () => {
    await expect(assertMayReference({ id: ana.id, role: 'user' }, [KEYS.upload, KEYS.generated, KEYS.avatar])).resolves.toBeUndefined();
    for (const key of [KEYS.upload, KEYS.generated, KEYS.avatar, KEYS.logo])
      await expect(assertMayReference({ id: bruno.id, role: 'user' }, [key])).rejects.toMatchObject({ kind: 'file_not_yours' });
    // The curated catalogue is the site's, not Ana's either.
    await expect(assertMayReference({ id: ana.id, role: 'user' }, [KEYS.logo])).rejects.toMatchObject({ kind: 'file_not_yours' });
    // What the row already names stays allowed; an admin may name anything.
    await expect(assertMayReference({ id: bruno.id, role: 'user' }, [KEYS.logo], { held: [KEYS.logo] })).resolves.toBeUndefined();
    await expect(assertMayReference({ id: admin.id, role: 'admin' }, Object.values(KEYS))).resolves.toBeUndefined();
  });

  it('accepts a submission naming the author’s own files, stored as keys', async () => {
    const response = await publish(ana, submission({ imageUrl: `${SITE}/media/${KEYS.generated}?w=900`, logoUrl: KEYS.upload }));
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    const { rows } = await pool.query('SELECT image_url, logo_url FROM posts WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ image_url: KEYS.generated, logo_url: KEYS.upload });
  });

  it.each([
    ['the attack as reported', { imageUrl: KEYS.generated, logoUrl: KEYS.logo }],
    ['another user’s upload', { imageUrl: KEYS.upload }],
    ['another user’s avatar', { logoUrl: KEYS.avatar }],
    ['an absolute URL to our own /media/', { imageUrl: `${SITE}/media/${KEYS.logo}` }],
    ['the other local origin', { imageUrl: `http://127.0.0.1:4321/media/${KEYS.upload}?w=600` }],
    ['a dot-dot path', { imageUrl: `${SITE}/media/bruno/../${KEYS.upload}` }],
    ['an encoded dot-dot path', { logoUrl: `${SITE}/media/bruno/%2e%2e/${KEYS.logo}` }],
    ['an image in the article', { content: `<p>Mira</p><img src="/media/${KEYS.generated}?w=900">` }],
    ['an absolute image in the article', { content: `<img src="${SITE}/media/bruno/%2E%2E/${KEYS.upload}">` }],
  ])('refuses %s before writing anything', async (_name, fields) => {
    const before = await postCount();
    await expectRefused(await publish(bruno, submission(fields)));
    expect(await postCount()).toBe(before);
  });

  it.each([
    ['a key with ..', { imageUrl: 'generated/../logos/chatgpt-48ceb11103b3.png' }, 'invalid_input'],
    ['a legacy /media/ path', { imageUrl: `/media/${KEYS.logo}` }, 'invalid_input'],
    ['a NUL byte', { logoUrl: `${KEYS.logo}\u0000` }, 'invalid_text'],
  ])('refuses %s as invalid', async (_name, fields, code) => {
    const response = await publish(bruno, submission(fields));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code });
  });

  it('applies to edits by the author, and lets an admin name any file', async () => {
    const { id } = (await (await publish(bruno, submission({ logoUrl: KEYS.brunoUpload }))).json()) as { id: string };
    await expectRefused(await edit(bruno, id, { imageUrl: KEYS.generated }));
    await expectRefused(await edit(bruno, id, { content: `<img src="/media/${KEYS.upload}">` }));
    expect((await edit(admin, id, { imageUrl: KEYS.upload, logoUrl: KEYS.logo })).status).toBe(200);
    // The author may keep what the admin chose, and save other changes around it.
    expect((await edit(bruno, id, { description: 'Otra descripción del autor.' })).status).toBe(200);
    const { rows } = await pool.query('SELECT image_url, logo_url, description FROM posts WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ image_url: KEYS.upload, logo_url: KEYS.logo, description: 'Otra descripción del autor.' });
    // Deleting it takes none of those files: Ana's upload and the curated logo are not Bruno's.
    expect((await deleteOwn(bruno, id)).status).toBe(204);
    expect(await stored(KEYS.upload)).toBe(true);
    expect(await stored(KEYS.logo)).toBe(true);
    expect(await stored(KEYS.brunoUpload)).toBe(true);
  });
});

describe('when a file is deleted', () => {
  it('keeps a file shared by two references until the last one goes', async () => {
    const key = 'anavictima1/1764000000100.jpg';
    await storage.put(key, await jpeg('#123456'), 'image/jpeg');
    const first = (await (await publish(ana, submission({ imageUrl: key }))).json()) as { id: string };
    const second = (await (await publish(ana, submission({ logoUrl: key }))).json()) as { id: string };
    expect((await deleteOwn(ana, first.id)).status).toBe(204);
    expect(await stored(key)).toBe(true);
    expect((await deleteOwn(ana, second.id)).status).toBe(204);
    expect(await stored(key)).toBe(false);
  });

  it('counts an image in an article as a reference', async () => {
    const key = 'anavictima1/1764000000101.jpg';
    await storage.put(key, await jpeg('#123456'), 'image/jpeg');
    const featured = (await (await publish(ana, submission({ imageUrl: key }))).json()) as { id: string };
    expect((await publish(ana, submission({ content: `<p>Otra</p><img src="/media/${key}?w=900">` }))).status).toBe(200);
    expect((await deleteOwn(ana, featured.id)).status).toBe(204);
    expect(await stored(key)).toBe(true);
  });

  it('does not let an article that only spells a key out keep another user’s file', async () => {
    const key = 'anavictima1/1764000000102.jpg';
    await storage.put(key, await jpeg('#654321'), 'image/jpeg');
    const featured = (await (await publish(ana, submission({ imageUrl: key }))).json()) as { id: string };
    // Text and links are not images: the ownership rule lets anyone write them, so they cannot pin the file.
    const mention = `<p>La foto de Ana: ${key}</p><p><a href="/media/${key}">/media/${key}</a></p>`;
    expect((await publish(bruno, submission({ content: mention }))).status).toBe(200);
    expect((await deleteOwn(ana, featured.id)).status).toBe(204);
    expect(await stored(key)).toBe(false);
  });

  it('keeps a generated image a publication shows when its gallery entry goes, and the other way round', async () => {
    const { id } = (await (await publish(ana, submission({ imageUrl: KEYS.generated }))).json()) as { id: string };
    const gallery = await callRoute(deleteImageEndpoint, { method: 'DELETE', body: {}, user: ana, params: { id: anasGeneratedId } });
    expect(gallery.status).toBe(200);
    expect(await stored(KEYS.generated)).toBe(true);
    // The publication of the earlier test named it too; with both posts gone, the file goes with the last one.
    await pool.query('DELETE FROM posts WHERE image_url = $1 AND id <> $2', [KEYS.generated, id]);
    expect((await deleteOwn(ana, id)).status).toBe(204);
    expect(await stored(KEYS.generated)).toBe(false);
  });

  it('never deletes a curated logo, whoever deletes what named it', async () => {
    const { id } = (await (await publish(bruno, submission())).json()) as { id: string };
    // A row from before the rule, naming the logo as its own.
    await pool.query('UPDATE posts SET logo_url = $2, image_url = $3 WHERE id = $1', [id, KEYS.logo, KEYS.upload]);
    await pool.query(`DELETE FROM posts WHERE slug = 'chatgpt'`);
    expect((await deleteOwn(bruno, id)).status).toBe(204);
    expect(await stored(KEYS.logo)).toBe(true);
    // Nothing references Ana's upload now, but Bruno's action never deletes Ana's file.
    expect(await stored(KEYS.upload)).toBe(true);

    // Nor the admin's deletions, nor an avatar pointing at it.
    const tool = (await (await publish(admin, submission({ logoUrl: KEYS.logo }))).json()) as { id: string };
    expect(await deleteTools(admin, [tool.id], { gone: '410', to: '' })).toBe(1);
    await pool.query('UPDATE profiles SET avatar_url = $2 WHERE id = $1', [bruno.id, KEYS.logo]);
    expect((await callRoute(removeAvatarEndpoint, { method: 'DELETE', user: bruno })).status).toBe(204);
    expect(await stored(KEYS.logo)).toBe(true);
    expect(await deleteUnreferencedFiles([KEYS.logo], { storage, what: 'prueba' })).toEqual([]);
  });

  it('deletes an account’s own unreferenced files and nobody else’s', async () => {
    await pool.query(`INSERT INTO profiles (id, name, email) VALUES ('carla', 'Carla', 'carla@ejemplo.es')`);
    const carlaUpload = 'carla/1764000000200.jpg';
    const carlaGenerated = 'generated/2026-11/33333333-3333-4333-8333-333333333333.jpg';
    for (const key of [carlaUpload, carlaGenerated]) await storage.put(key, await jpeg('#654321'), 'image/jpeg');
    await pool.query(`INSERT INTO image_generation_history (user_id, prompt, model_used, image_url, width, height) VALUES ('carla', 'luz', 'flux', $1, 8, 8)`, [
      carlaGenerated,
    ]);
    // Carla's pending draft names her upload; a row from before the rule names Ana's avatar and the curated logo.
    await pool.query(
      `INSERT INTO posts (title, slug, description, status, user_id, category_id, image_url, logo_url) VALUES
         ('Borrador de Carla', 'borrador-de-carla', 'Borrador.', 'pending', 'carla', $1, $2, NULL),
         ('Borrador viejo', 'borrador-viejo', 'Borrador.', 'pending', 'carla', $1, $3, $4)`,
      [categoryId, carlaUpload, KEYS.avatar, KEYS.logo],
    );
    await pool.query('UPDATE profiles SET avatar_url = $2 WHERE id = $1', ['carla', KEYS.upload]);
    const references = await deleteAccountRows(pool, 'carla');
    await deleteAccountFiles(pool, storage, 'carla', references);
    expect(await stored(carlaUpload)).toBe(false);
    expect(await stored(carlaGenerated)).toBe(false);
    expect(await stored(KEYS.avatar)).toBe(true);
    expect(await stored(KEYS.logo)).toBe(true);
    expect(await stored(KEYS.upload)).toBe(true);
  });

  it('lets an admin delete a generated image whose file nothing else shows, and keeps one a publication shows', async () => {
    const shown = 'generated/2026-11/44444444-4444-4444-8444-444444444444.jpg';
    const alone = 'generated/2026-11/55555555-5555-4555-8555-555555555555.jpg';
    for (const key of [shown, alone]) await storage.put(key, await jpeg('#777777'), 'image/jpeg');
    const { rows } = await pool.query<{ id: string; image_url: string }>(
      `INSERT INTO image_generation_history (user_id, prompt, model_used, image_url, width, height)
       VALUES ($1, 'a', 'flux', $2, 8, 8), ($1, 'b', 'flux', $3, 8, 8) RETURNING id, image_url`,
      [ana.id, shown, alone],
    );
    await publish(ana, submission({ imageUrl: shown }));
    for (const row of rows) await deleteGenerated(admin, 'imagenes', row.id);
    expect(await stored(shown)).toBe(true);
    expect(await stored(alone)).toBe(false);
  });
});
