/**
 * The one rule for stored files (src/server/storage/file-owners.ts) against a real database and real files: a
 * publication may name only its author's uploads and generated images (an admin's, any file), whatever form the
 * name takes; a file goes only when nothing references it any more; a curated logo never goes by anyone's action.
 */
import { randomUUID } from 'node:crypto';
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

const { publishEndpoint, editEndpoint, loadToolEndpoint } = await import('../../src/features/publish/publish.server.ts');
const { deleteToolEndpoint } = await import('../../src/features/dashboard/dashboard.server.ts');
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

const { rows: categoryRows } = await pool.query<{ id: string }>(`INSERT INTO categories (slug, name) VALUES ('imagen', 'Imagen') RETURNING id`);
const categoryId = categoryRows[0]!.id;
const admin = { id: 'admin', name: 'Alba', role: 'admin' as const };
await pool.query(`INSERT INTO profiles (id, name, email, role) VALUES ('admin', 'Alba', 'alba@ejemplo.es', 'admin')`);

const jpeg = async (colour: string) =>
  new Uint8Array(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: colour } })
      .jpeg()
      .toBuffer(),
  );

// Upload keys are `<segment>/<timestamp>.jpg`: a new timestamp for every key keeps every test's files apart.
let timestamp = 1764000000000;
const uploadKey = (segment: string) => `${segment}/${timestamp++}.jpg`;
const generatedKey = () => `generated/2026-11/${randomUUID()}.jpg`;

/** A user with a mixed-case id, as better-auth makes them; their uploads live under its lower-case segment. */
async function person(name: string) {
  const suffix = randomUUID().slice(0, 8);
  const id = `${name}Victima${suffix}`;
  await pool.query(`INSERT INTO profiles (id, name, email, role) VALUES ($1, $2, $3, 'user')`, [id, name, `${id.toLowerCase()}@ejemplo.es`]);
  return { id, name, segment: id.toLowerCase() };
}

/**
 * Each test's own Ana and Bruno and Ana's files, as the site stores them: an upload under her segment, a generated
 * image with its row, an avatar; Bruno's upload; and a catalogue tool with its curated logo.
 */
async function anasFiles() {
  const ana = await person('Ana');
  const bruno = await person('Bruno');
  const logoSlug = `chatgpt-${randomUUID().slice(0, 8)}`;
  const keys = {
    upload: uploadKey(ana.segment),
    generated: generatedKey(),
    avatar: `avatars/2026-11/${randomUUID()}.jpg`,
    logo: `logos/${logoSlug}-48ceb11103b3.png`,
    brunoUpload: uploadKey(bruno.segment),
  };
  for (const [name, key] of Object.entries(keys)) {
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
    [ana.id, keys.generated],
  );
  await pool.query('UPDATE profiles SET avatar_url = $2 WHERE id = $1', [ana.id, keys.avatar]);
  // The seeded catalogue's tool with its curated logo.
  await pool.query(
    `INSERT INTO posts (title, slug, description, status, category_id, logo_url, logo_source) VALUES ('ChatGPT', $3, 'Asistente.', 'published', $1, $2, 'curated')`,
    [categoryId, keys.logo, logoSlug],
  );
  return { ana, bruno, keys, anasGeneratedId: generatedRows[0]!.id, logoSlug };
}
type Keys = Awaited<ReturnType<typeof anasFiles>>['keys'];

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
  const loaded = (await (await callRoute(loadToolEndpoint, { path: `/api/posts/${id}`, user, params: { id } })).json()) as { post: Record<string, unknown> };
  const { post: tool } = loaded;
  const body = {
    title: tool.title,
    description: tool.description,
    categoryIds: tool.categoryIds,
    imageUrl: tool.imageUrl,
    logoUrl: tool.logoUrl,
    content: tool.content,
    version: tool.version,
    ...changes,
  };
  return callRoute(editEndpoint, { method: 'PUT', path: `/api/posts/${id}`, body, user, params: { id } });
}
const deleteOwn = (user: Caller, id: string) => callRoute(deleteToolEndpoint, { method: 'DELETE', path: `/api/dashboard/posts/${id}`, user, params: { id } });
const toolCount = async () => Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM posts')).rows[0]!.n);

async function expectRefused(response: Response) {
  expect(response.status).toBe(403);
  expect(await response.json()).toMatchObject({ code: 'file_not_yours', error: ERROR_TABLE.file_not_yours.message });
}

describe('who may reference a stored file', () => {
  it('lets the owner name their upload, generated image and avatar, and nobody else', async () => {
    const { ana, bruno, keys } = await anasFiles();
    await expect(assertMayReference({ id: ana.id, role: 'user' }, [keys.upload, keys.generated, keys.avatar])).resolves.toBeUndefined();
    for (const key of [keys.upload, keys.generated, keys.avatar, keys.logo])
      await expect(assertMayReference({ id: bruno.id, role: 'user' }, [key])).rejects.toMatchObject({ kind: 'file_not_yours' });
    // The curated catalogue is the site's, not Ana's either.
    await expect(assertMayReference({ id: ana.id, role: 'user' }, [keys.logo])).rejects.toMatchObject({ kind: 'file_not_yours' });
    // What the row already names stays allowed; an admin may name anything.
    await expect(assertMayReference({ id: bruno.id, role: 'user' }, [keys.logo], { held: [keys.logo] })).resolves.toBeUndefined();
    await expect(assertMayReference({ id: admin.id, role: 'admin' }, Object.values(keys))).resolves.toBeUndefined();
  });

  it('accepts a submission naming the author’s own files, stored as keys', async () => {
    const { ana, keys } = await anasFiles();
    const response = await publish(ana, submission({ imageUrl: `${SITE}/media/${keys.generated}?w=900`, logoUrl: keys.upload }));
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    const { rows } = await pool.query('SELECT image_url, logo_url FROM posts WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ image_url: keys.generated, logo_url: keys.upload });
  });

  it.each([
    ['the attack as reported', (keys: Keys) => ({ imageUrl: keys.generated, logoUrl: keys.logo })],
    ['another user’s upload', (keys: Keys) => ({ imageUrl: keys.upload })],
    ['another user’s avatar', (keys: Keys) => ({ logoUrl: keys.avatar })],
    ['an absolute URL to our own /media/', (keys: Keys) => ({ imageUrl: `${SITE}/media/${keys.logo}` })],
    ['the other local origin', (keys: Keys) => ({ imageUrl: `http://127.0.0.1:4321/media/${keys.upload}?w=600` })],
    ['a dot-dot path', (keys: Keys) => ({ imageUrl: `${SITE}/media/bruno/../${keys.upload}` })],
    ['an encoded dot-dot path', (keys: Keys) => ({ logoUrl: `${SITE}/media/bruno/%2e%2e/${keys.logo}` })],
    ['an image in the article', (keys: Keys) => ({ content: `<p>Mira</p><img src="/media/${keys.generated}?w=900">` })],
    ['an absolute image in the article', (keys: Keys) => ({ content: `<img src="${SITE}/media/bruno/%2E%2E/${keys.upload}">` })],
  ])('refuses %s before writing anything', async (_name, fields) => {
    const { bruno, keys } = await anasFiles();
    const before = await toolCount();
    await expectRefused(await publish(bruno, submission(fields(keys))));
    expect(await toolCount()).toBe(before);
  });

  it.each([
    ['a key with ..', (_keys: Keys) => ({ imageUrl: 'generated/../logos/chatgpt-48ceb11103b3.png' }), 'invalid_input'],
    ['a legacy /media/ path', (keys: Keys) => ({ imageUrl: `/media/${keys.logo}` }), 'invalid_input'],
    ['a NUL byte', (keys: Keys) => ({ logoUrl: `${keys.logo}\u0000` }), 'invalid_text'],
  ])('refuses %s as invalid', async (_name, fields, code) => {
    const { bruno, keys } = await anasFiles();
    const response = await publish(bruno, submission(fields(keys)));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code });
  });

  it('applies to edits by the author, and lets an admin name any file', async () => {
    const { bruno, keys } = await anasFiles();
    const { id } = (await (await publish(bruno, submission({ logoUrl: keys.brunoUpload }))).json()) as { id: string };
    await expectRefused(await edit(bruno, id, { imageUrl: keys.generated }));
    await expectRefused(await edit(bruno, id, { content: `<img src="/media/${keys.upload}">` }));
    expect((await edit(admin, id, { imageUrl: keys.upload, logoUrl: keys.logo })).status).toBe(200);
    // The author may keep what the admin chose, and save other changes around it.
    expect((await edit(bruno, id, { description: 'Otra descripción del autor.' })).status).toBe(200);
    const { rows } = await pool.query('SELECT image_url, logo_url, description FROM posts WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ image_url: keys.upload, logo_url: keys.logo, description: 'Otra descripción del autor.' });
    // Deleting it takes none of those files: Ana's upload and the curated logo are not Bruno's.
    expect((await deleteOwn(bruno, id)).status).toBe(204);
    expect(await stored(keys.upload)).toBe(true);
    expect(await stored(keys.logo)).toBe(true);
    expect(await stored(keys.brunoUpload)).toBe(true);
  });
});

describe('when a file is deleted', () => {
  it('keeps a file shared by two references until the last one goes', async () => {
    const { ana } = await anasFiles();
    const key = uploadKey(ana.segment);
    await storage.put(key, await jpeg('#123456'), 'image/jpeg');
    const first = (await (await publish(ana, submission({ imageUrl: key }))).json()) as { id: string };
    const second = (await (await publish(ana, submission({ logoUrl: key }))).json()) as { id: string };
    expect((await deleteOwn(ana, first.id)).status).toBe(204);
    expect(await stored(key)).toBe(true);
    expect((await deleteOwn(ana, second.id)).status).toBe(204);
    expect(await stored(key)).toBe(false);
  });

  it('counts an image in an article as a reference', async () => {
    const { ana } = await anasFiles();
    const key = uploadKey(ana.segment);
    await storage.put(key, await jpeg('#123456'), 'image/jpeg');
    const featured = (await (await publish(ana, submission({ imageUrl: key }))).json()) as { id: string };
    expect((await publish(ana, submission({ content: `<p>Otra</p><img src="/media/${key}?w=900">` }))).status).toBe(200);
    expect((await deleteOwn(ana, featured.id)).status).toBe(204);
    expect(await stored(key)).toBe(true);
  });

  it('does not let an article that only spells a key out keep another user’s file', async () => {
    const { ana, bruno } = await anasFiles();
    const key = uploadKey(ana.segment);
    await storage.put(key, await jpeg('#654321'), 'image/jpeg');
    const featured = (await (await publish(ana, submission({ imageUrl: key }))).json()) as { id: string };
    // Text and links are not images: the ownership rule lets anyone write them, so they cannot pin the file.
    const mention = `<p>La foto de Ana: ${key}</p><p><a href="/media/${key}">/media/${key}</a></p>`;
    expect((await publish(bruno, submission({ content: mention }))).status).toBe(200);
    expect((await deleteOwn(ana, featured.id)).status).toBe(204);
    expect(await stored(key)).toBe(false);
  });

  it('keeps a generated image a publication shows when its gallery entry goes, and the other way round', async () => {
    const { ana, keys, anasGeneratedId } = await anasFiles();
    const { id } = (await (await publish(ana, submission({ imageUrl: keys.generated }))).json()) as { id: string };
    const gallery = await callRoute(deleteImageEndpoint, { method: 'DELETE', body: {}, user: ana, params: { id: anasGeneratedId } });
    expect(gallery.status).toBe(200);
    expect(await stored(keys.generated)).toBe(true);
    expect((await deleteOwn(ana, id)).status).toBe(204);
    expect(await stored(keys.generated)).toBe(false);
  });

  it('never deletes a curated logo, whoever deletes what named it', async () => {
    const { bruno, keys, logoSlug } = await anasFiles();
    const { id } = (await (await publish(bruno, submission())).json()) as { id: string };
    // A row from before the rule, naming the logo as its own.
    await pool.query('UPDATE posts SET logo_url = $2, image_url = $3 WHERE id = $1', [id, keys.logo, keys.upload]);
    await pool.query(`DELETE FROM posts WHERE slug = $1`, [logoSlug]);
    expect((await deleteOwn(bruno, id)).status).toBe(204);
    expect(await stored(keys.logo)).toBe(true);
    // Nothing references Ana's upload now, but Bruno's action never deletes Ana's file.
    expect(await stored(keys.upload)).toBe(true);

    // Nor the admin's deletions, nor an avatar pointing at it.
    const tool = (await (await publish(admin, submission({ logoUrl: keys.logo }))).json()) as { id: string };
    expect(await deleteTools(admin, [tool.id], { gone: '410', to: '' })).toBe(1);
    await pool.query('UPDATE profiles SET avatar_url = $2 WHERE id = $1', [bruno.id, keys.logo]);
    expect((await callRoute(removeAvatarEndpoint, { method: 'DELETE', user: bruno })).status).toBe(204);
    expect(await stored(keys.logo)).toBe(true);
    expect(await deleteUnreferencedFiles([keys.logo], { storage, what: 'prueba' })).toEqual([]);
  });

  it('deletes an account’s own unreferenced files and nobody else’s', async () => {
    const { keys } = await anasFiles();
    const carla = await person('Carla');
    const carlaUpload = uploadKey(carla.segment);
    const carlaGenerated = generatedKey();
    for (const key of [carlaUpload, carlaGenerated]) await storage.put(key, await jpeg('#654321'), 'image/jpeg');
    await pool.query(`INSERT INTO image_generation_history (user_id, prompt, model_used, image_url, width, height) VALUES ($2, 'luz', 'flux', $1, 8, 8)`, [
      carlaGenerated,
      carla.id,
    ]);
    // Carla's pending draft names her upload; a row from before the rule names Ana's avatar and the curated logo.
    await pool.query(
      `INSERT INTO posts (title, slug, description, status, user_id, category_id, image_url, logo_url) VALUES
         ('Borrador de Carla', 'borrador-de-' || $5, 'Borrador.', 'pending', $5, $1, $2, NULL),
         ('Borrador viejo', 'borrador-viejo-' || $5, 'Borrador.', 'pending', $5, $1, $3, $4)`,
      [categoryId, carlaUpload, keys.avatar, keys.logo, carla.id],
    );
    await pool.query('UPDATE profiles SET avatar_url = $2 WHERE id = $1', [carla.id, keys.upload]);
    const references = await deleteAccountRows(pool, carla.id);
    await deleteAccountFiles(pool, storage, carla.id, references);
    expect(await stored(carlaUpload)).toBe(false);
    expect(await stored(carlaGenerated)).toBe(false);
    expect(await stored(keys.avatar)).toBe(true);
    expect(await stored(keys.logo)).toBe(true);
    expect(await stored(keys.upload)).toBe(true);
  });

  it('lets an admin delete a generated image whose file nothing else shows, and keeps one a publication shows', async () => {
    const { ana } = await anasFiles();
    const shown = generatedKey();
    const alone = generatedKey();
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
