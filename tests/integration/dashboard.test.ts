/**
 * The dashboard's queries and endpoints against a real database: every read and change is the session user's,
 * and another user's id answers 404 (never their data), as does an id that does not exist.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import sharp from 'sharp';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { removeAvatarEndpoint, uploadAvatarEndpoint } from '../../src/features/dashboard/avatar.server.ts';
import { deleteToolEndpoint, deleteStoryEndpoint, savedToolsEndpoint } from '../../src/features/dashboard/dashboard.server.ts';
import { exportDataEndpoint } from '../../src/features/dashboard/export.server.ts';
import { listMyTools, listMyStories, overviewStats, profileDetails } from '../../src/features/dashboard/queries.server.ts';
import type { SavedToolsPage } from '../../src/lib/dashboard.ts';
import { galleryEndpoint } from '../../src/features/image-generator/images.server.ts';
import { listGallery } from '../../src/features/image-generator/queries.server.ts';
import { ERROR_TABLE } from '../../src/lib/error-table.ts';
import { closeDb } from '../../src/server/db/client.ts';
import * as schema from '../../src/server/db/schema.ts';
import { LocalStorage } from '../../src/server/storage/local.ts';
import { useMigratedDatabase } from './helpers/db.ts';
import { callRoute } from './helpers/endpoint.ts';
import { createAccount, type TestAccount } from './helpers/fixtures.ts';

const pool = await useMigratedDatabase();
const db = drizzle(pool, { schema });
// The endpoints reach the database and the storage through the environment, as the site does.
const root = await mkdtemp(path.join(tmpdir(), 'brujula-panel-'));
process.env.DATABASE_URL = inject('databaseUrl');
process.env.DATA_DIR = root;
process.env.STORAGE_DRIVER = 'local';
afterAll(async () => {
  await closeDb();
  await rm(root, { recursive: true, force: true });
});
const storage = new LocalStorage(path.join(root, 'uploads'));
const storedFiles = async () =>
  (await readdir(path.join(root, 'uploads'), { recursive: true }).catch(() => [] as string[])).filter((file) => file.endsWith('.jpg'));

const { rows: categoryRows } = await pool.query<{ id: string }>(
  `INSERT INTO categories (name, slug, icon, color) VALUES ('Imagen', 'imagen', 'image', '#ff0000') RETURNING id`,
);
const categoryId = categoryRows[0]!.id;

async function insertTool(values: { title: string; status: string; userId: string | null; views?: number; imageUrl?: string | null; createdAt?: string }) {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO posts (title, slug, description, status, user_id, views, image_url, category_id, created_at, review_note)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9::timestamptz, now()), $10) RETURNING id`,
    [
      values.title,
      `${values.title.toLowerCase().replaceAll(' ', '-')}-${randomUUID().slice(0, 8)}`,
      `Descripción de ${values.title}.`,
      values.status,
      values.userId,
      values.views ?? 0,
      values.imageUrl ?? null,
      categoryId,
      values.createdAt ?? null,
      values.status === 'rejected' ? 'Falta la URL oficial.' : null,
    ],
  );
  return rows[0]!.id;
}

const jpeg = async () =>
  new Uint8Array(
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#22aa66' } })
      .jpeg()
      .toBuffer(),
  );

/** A generated image's storage key, new for every row. */
const generatedKey = () => `generated/2026-11/${randomUUID()}.jpg`;

/**
 * What each test starts from, its own: Ana (with a password, a Google sign-in and a session, whose secrets must
 * never leave) with a published, a pending and a rejected tool, and Bruno with a published one.
 */
async function anaAndBruno() {
  const ana: TestAccount = await createAccount(pool, { name: 'Ana Martín' });
  const bruno: TestAccount = await createAccount(pool, { name: 'Bruno' });
  await pool.query(
    `INSERT INTO accounts (id, account_id, provider_id, user_id, password, access_token) VALUES
       ($1 || '-clave', $1, 'credential', $1, 'hash-secreto-de-ana', NULL), ($1 || '-google', 'g-' || $1, 'google', $1, NULL, 'token-de-google-secreto')`,
    [ana.id],
  );
  await pool.query(
    `INSERT INTO sessions (id, token, user_id, expires_at, ip_address, user_agent) VALUES
       ('sesion-' || $1, 'token-de-sesion-secreto-' || $1, $1, now() + interval '1 day', '203.0.113.9', 'Navegador de prueba')`,
    [ana.id],
  );
  return {
    ana,
    bruno,
    anaPublished: await insertTool({ title: 'Ana publicada', status: 'published', userId: ana.id, views: 40, createdAt: '2026-11-01T10:00:00Z' }),
    anaPending: await insertTool({ title: 'Ana pendiente', status: 'pending', userId: ana.id, views: 0, createdAt: '2026-11-02T10:00:00Z' }),
    anaRejected: await insertTool({ title: 'Ana rechazada', status: 'rejected', userId: ana.id, views: 2, createdAt: '2026-11-03T10:00:00Z' }),
    brunoPublished: await insertTool({ title: 'Bruno publicada', status: 'published', userId: bruno.id, views: 1000 }),
  };
}

/** One saved image for Ana and an unsaved one for Bruno. */
async function generateImages(ana: TestAccount, bruno: TestAccount) {
  await pool.query(
    `INSERT INTO image_generation_history (user_id, prompt, model_used, image_url, width, height, is_saved) VALUES
       ($1, 'Un faro', 'flux', $3, 8, 8, true), ($2, 'Otro faro', 'flux', $4, 8, 8, false)`,
    [ana.id, bruno.id, generatedKey(), generatedKey()],
  );
  await pool.query(`INSERT INTO saved_generated_images (user_id, image_history_id) SELECT user_id, id FROM image_generation_history WHERE user_id = $1`, [
    ana.id,
  ]);
}

const writeStories = (ana: TestAccount, bruno: TestAccount) =>
  pool.query(`INSERT INTO generated_stories (user_id, title, prompt, content) VALUES ($1, 'Cuento', 'idea', 'Texto'), ($2, 'Otro', 'idea', 'Texto')`, [
    ana.id,
    bruno.id,
  ]);

describe('overview and lists', () => {
  it('counts the user’s own posts, views, images and stories in SQL', async () => {
    const { ana, bruno } = await anaAndBruno();
    await generateImages(ana, bruno);
    await writeStories(ana, bruno);
    expect(await overviewStats(ana.id)).toEqual({
      posts: { total: 3, published: 1, pending: 1, rejected: 1 },
      views: 42,
      images: { total: 1, saved: 1 },
      stories: 1,
      savedTools: 0,
    });
    expect(await overviewStats('nadie')).toEqual({
      posts: { total: 0, published: 0, pending: 0, rejected: 0 },
      views: 0,
      images: { total: 0, saved: 0 },
      stories: 0,
      savedTools: 0,
    });
  });

  it('lists only the user’s posts, newest first, with the rejection note', async () => {
    const { ana, bruno, anaRejected } = await anaAndBruno();
    await writeStories(ana, bruno);
    const tools = await listMyTools(ana.id);
    expect(tools.map((tool) => [tool.title, tool.status])).toEqual([
      ['Ana rechazada', 'rejected'],
      ['Ana pendiente', 'pending'],
      ['Ana publicada', 'published'],
    ]);
    expect(tools[0]).toMatchObject({ reviewNote: 'Falta la URL oficial.', category: { name: 'Imagen', slug: 'imagen' } });
    expect((await listMyTools(ana.id, 1)).map((tool) => tool.id)).toEqual([anaRejected]);
    expect(await listMyStories(bruno.id)).toHaveLength(1);
  });
});

describe('deleting a post', () => {
  const remove = (user: { id: string } | null, id: string, headers?: Record<string, string>) =>
    callRoute(deleteToolEndpoint, { method: 'DELETE', path: `/api/dashboard/posts/${id}`, params: { id }, user, headers });

  it('refuses guests, other sites, other users’ posts and malformed ids, changing nothing', async () => {
    const { ana, anaPending, brunoPublished } = await anaAndBruno();
    const countTools = async () => (await pool.query('SELECT count(*)::int AS posts FROM posts')).rows[0].posts as number;
    const before = await countTools();
    expect((await remove(null, anaPending)).status).toBe(401);
    expect((await remove(ana, anaPending, { origin: 'https://malicioso.example' })).status).toBe(403);
    for (const id of [brunoPublished, '00000000-0000-4000-8000-000000000000', 'no-es-un-id', "1' OR '1'='1"]) {
      const answer = await remove(ana, id);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ error: ERROR_TABLE.post_not_found.message, code: 'post_not_found' });
    }
    expect(await countTools()).toBe(before);
  });

  it('deletes the author’s own unpublished posts and their stored image; a published one must be withdrawn', async () => {
    const { ana, anaPublished, anaPending, anaRejected } = await anaAndBruno();
    const key = `uploads/2026-11/${randomUUID()}.jpg`;
    await storage.put(key, await jpeg(), 'image/jpeg');
    const draft = await insertTool({ title: 'Borrador con imagen', status: 'pending', userId: ana.id, imageUrl: key });
    expect((await remove(ana, draft)).status).toBe(204);
    expect(await storedFiles()).not.toContain(key);

    const version = async () => Number((await pool.query('SELECT last_value FROM content_version_seq')).rows[0].last_value);
    const before = await version();
    expect((await remove(ana, anaRejected)).status).toBe(204);
    expect(await version()).toBe(before);
    const refused = await remove(ana, anaPublished);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: ERROR_TABLE.published_delete.message, code: 'published_delete' });
    expect(await version()).toBe(before);
    expect((await listMyTools(ana.id)).map((tool) => tool.id)).toEqual([anaPending, anaPublished]);
    expect((await remove(ana, anaRejected)).status).toBe(404);
  });
});

describe('saved tools', () => {
  it('pages the user’s saved published tools by 24, with author names, and nobody else’s', async () => {
    const { ana, bruno } = await anaAndBruno();
    const ids: string[] = [];
    for (let index = 0; index < 30; index += 1) {
      ids.push(await insertTool({ title: `Guardable ${String(index).padStart(2, '0')}`, status: 'published', userId: index % 2 ? bruno.id : null }));
    }
    const hidden = await insertTool({ title: 'Guardada y retirada', status: 'pending', userId: null });
    // Saved oldest first, so the newest save (the last id) comes first.
    for (const [index, id] of [...ids, hidden].entries()) {
      await pool.query(`INSERT INTO saved_posts (user_id, post_id, created_at) VALUES ($1, $2, now() - make_interval(mins => $3))`, [ana.id, id, 100 - index]);
    }
    await pool.query(`INSERT INTO saved_posts (user_id, post_id) VALUES ($1, $2)`, [bruno.id, ids[0]]);

    const page = async (user: { id: string } | null, number: number) => callRoute(savedToolsEndpoint, { path: `/api/dashboard/saved?page=${number}`, user });
    const first = (await (await page(ana, 1)).json()) as SavedToolsPage;
    expect(first).toMatchObject({ total: 30, page: 1, hasMore: true });
    expect(first.items).toHaveLength(24);
    expect(first.items[0]).toMatchObject({ id: ids[29], author: 'Bruno', category: { name: 'Imagen', icon: 'image', color: '#ff0000' } });
    expect(first.items[1]).toMatchObject({ id: ids[28], author: 'Redacción de Brújula IA' });
    const second = (await (await page(ana, 2)).json()) as SavedToolsPage;
    expect(second).toMatchObject({ total: 30, hasMore: false });
    expect(second.items.map((item) => item.id)).toEqual(ids.slice(0, 6).reverse());
    expect(((await (await page(ana, 9)).json()) as SavedToolsPage).items).toEqual([]);
    expect(((await (await page(bruno, 1)).json()) as SavedToolsPage).items.map((item) => item.id)).toEqual([ids[0]]);
    expect((await page(null, 1)).status).toBe(401);
    expect((await overviewStats(ana.id)).savedTools).toBe(30);
  });
});

describe('stories', () => {
  it('deletes only the user’s own story', async () => {
    const { ana, bruno } = await anaAndBruno();
    await writeStories(ana, bruno);
    const [anaStory] = await listMyStories(ana.id);
    const [brunoStory] = await listMyStories(bruno.id);
    const remove = (user: { id: string } | null, id: string) => callRoute(deleteStoryEndpoint, { method: 'DELETE', params: { id }, user });
    expect((await remove(ana, brunoStory!.id)).status).toBe(404);
    expect((await remove(ana, 'x')).status).toBe(404);
    expect((await remove(null, anaStory!.id)).status).toBe(401);
    expect((await remove(ana, anaStory!.id)).status).toBe(204);
    expect(await listMyStories(ana.id)).toEqual([]);
    expect(await listMyStories(bruno.id)).toHaveLength(1);
  });
});

describe('avatar', () => {
  const upload = (user: { id: string } | null, bytes: Uint8Array | string, type = 'image/png') => {
    const form = new FormData();
    form.append('avatar', new File([bytes as BlobPart], 'foto', { type }));
    return callRoute(uploadAvatarEndpoint, { method: 'POST', body: form, user });
  };

  it('re-encodes an upload as a 256 px square JPEG, replaces the previous file and removes it on request', async () => {
    const ana = await createAccount(pool);
    const png = new Uint8Array(
      await sharp({ create: { width: 900, height: 500, channels: 4, background: '#ff000080' } })
        .png()
        .toBuffer(),
    );
    const first = await upload(ana, png);
    expect(first.status).toBe(200);
    const { avatarUrl } = (await first.json()) as { avatarUrl: string };
    expect(avatarUrl).toMatch(/^\/media\/avatars\/\d{4}-\d{2}\/[0-9a-f-]{36}\.jpg$/);
    const key = avatarUrl.slice('/media/'.length);
    expect((await profileDetails(ana.id))?.avatarReference).toBe(key);
    const metadata = await sharp(path.join(root, 'uploads', key)).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 256, 256]);

    const second = (await (await upload(ana, png)).json()) as { avatarUrl: string };
    const files = await storedFiles();
    expect(files).toContain(second.avatarUrl.slice('/media/'.length));
    expect(files).not.toContain(key);

    expect((await callRoute(removeAvatarEndpoint, { method: 'DELETE', user: ana })).status).toBe(204);
    expect((await profileDetails(ana.id))?.avatarReference).toBeNull();
    expect((await storedFiles()).filter((file) => file.startsWith('avatars/'))).toEqual([]);
  });

  it('refuses what is not a raster image, what is too large, and guests', async () => {
    const ana = await createAccount(pool);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    for (const [bytes, type] of [
      [svg, 'image/svg+xml'],
      ['no soy una imagen', 'image/png'],
    ] as const) {
      const refused = await upload(ana, bytes, type);
      expect(refused.status).toBe(415);
      expect(await refused.json()).toMatchObject({ error: 'Por favor selecciona un archivo de imagen válido', code: 'invalid_image' });
    }
    const huge = await upload(ana, new Uint8Array(5 * 1024 * 1024 + 1));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: 'La imagen es demasiado grande. Máximo 5MB' });
    expect((await upload(null, await jpeg(), 'image/jpeg')).status).toBe(401);
    expect((await profileDetails(ana.id))?.avatarReference).toBeNull();
  });
});

describe('data export', () => {
  it('downloads the user’s own data as JSON, without secrets or anyone else’s rows', async () => {
    const { ana, bruno, anaRejected } = await anaAndBruno();
    await generateImages(ana, bruno);
    await pool.query(`INSERT INTO generated_stories (user_id, title, prompt, content) VALUES ($1, 'Otro', 'idea', 'Texto')`, [bruno.id]);
    await pool.query(
      `INSERT INTO generated_image_descriptions (user_id, image_url, generated_description) VALUES
         ($1, 'upload://archivo-subido', '<p>Una playa</p>'), ($2, 'https://ejemplo.es/b.jpg', '<p>De Bruno</p>')`,
      [ana.id, bruno.id],
    );
    // A deleted post leaves the export; a saved tool stays in it even when it is no longer published.
    expect((await callRoute(deleteToolEndpoint, { method: 'DELETE', params: { id: anaRejected }, user: ana })).status).toBe(204);
    const saved = await insertTool({ title: 'Guardable', status: 'published', userId: null });
    const withdrawn = await insertTool({ title: 'Guardada y retirada', status: 'pending', userId: null });
    for (const id of [saved, withdrawn]) await pool.query('INSERT INTO saved_posts (user_id, post_id) VALUES ($1, $2)', [ana.id, id]);
    const answer = await callRoute(exportDataEndpoint, { path: '/api/me/export', user: ana });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="mis-datos-brujula-ia-\d{4}-\d{2}-\d{2}\.json"$/);
    const text = await answer.text();
    for (const secret of [
      'hash-secreto-de-ana',
      'token-de-google-secreto',
      'token-de-sesion-secreto',
      'Bruno publicada',
      'De Bruno',
      'Otro faro',
      bruno.email,
    ]) {
      expect(text).not.toContain(secret);
    }
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({ id: ana.id, name: 'Ana Martín', email: ana.email });
    expect(data.signInMethods.map((method: { provider: string }) => method.provider)).toEqual(['email', 'google']);
    expect(data.sessions).toEqual([expect.objectContaining({ ipAddress: '203.0.113.9', userAgent: 'Navegador de prueba' })]);
    expect(data.posts.map((tool: { title: string }) => tool.title)).toEqual(['Ana pendiente', 'Ana publicada']);
    expect(data.savedTools).toHaveLength(2);
    expect(data.images).toEqual([expect.objectContaining({ prompt: 'Un faro', saved: true, imageUrl: expect.stringMatching(/^\/media\/generated\//) })]);
    expect(data.descriptions).toEqual([expect.objectContaining({ description: '<p>Una playa</p>', imageUrl: null, saved: false })]);
    expect(data.stories).toEqual([]);
    expect((await callRoute(exportDataEndpoint, { path: '/api/me/export', user: null })).status).toBe(401);
  });
});

describe('image gallery search and order', () => {
  it('finds prompts ignoring case and accents, orders them, and never shows another user’s images', async () => {
    const ana = await createAccount(pool);
    const bruno = await createAccount(pool);
    // 'Otro faro' is the newest of Bruno's images: it has no date of its own.
    await generateImages(ana, bruno);
    await pool.query(
      `INSERT INTO image_generation_history (user_id, prompt, model_used, image_url, width, height, created_at) VALUES
         ($1, 'Árbol en la MONTAÑA', 'flux', $3, 8, 8, '2026-11-10T10:00:00Z'),
         ($1, 'barco en el mar', 'flux', $4, 8, 8, '2026-11-11T10:00:00Z'),
         ($1, 'casa en la montana 50% roja', 'flux', $5, 8, 8, '2026-11-12T10:00:00Z'),
         ($2, 'montaña de Ana', 'flux', $6, 8, 8, '2026-11-13T10:00:00Z')`,
      [bruno.id, ana.id, generatedKey(), generatedKey(), generatedKey(), generatedKey()],
    );
    const prompts = async (listing: Parameters<typeof listGallery>[2]) =>
      (await listGallery({ userId: bruno.id }, 'all', listing, db)).items.map((item) => item.prompt);
    expect(await prompts({ page: 1, search: 'montaña' })).toEqual(['casa en la montana 50% roja', 'Árbol en la MONTAÑA']);
    expect(await prompts({ page: 1, search: '50%' })).toEqual(['casa en la montana 50% roja']);
    expect(await prompts({ page: 1, search: '%' })).toEqual(['casa en la montana 50% roja']);
    expect(await prompts({ page: 1, sort: 'oldest' })).toEqual(['Árbol en la MONTAÑA', 'barco en el mar', 'casa en la montana 50% roja', 'Otro faro']);
    expect(await prompts({ page: 1, sort: 'prompt' })).toEqual(['Árbol en la MONTAÑA', 'barco en el mar', 'casa en la montana 50% roja', 'Otro faro']);
    const counts = (await listGallery({ userId: bruno.id }, 'all', { page: 1, search: 'barco' }, db)).counts;
    expect(counts.all).toBe(4);

    const viaEndpoint = await callRoute(galleryEndpoint, { path: '/api/images?tab=all&q=monta%C3%B1a&sort=oldest', user: bruno });
    expect(((await viaEndpoint.json()) as { items: { prompt: string }[] }).items.map((item) => item.prompt)).toEqual([
      'Árbol en la MONTAÑA',
      'casa en la montana 50% roja',
    ]);
    const otherUser = await callRoute(galleryEndpoint, { path: '/api/images?tab=all&q=monta%C3%B1a', user: ana });
    expect(((await otherUser.json()) as { items: { prompt: string }[] }).items.map((item) => item.prompt)).toEqual(['montaña de Ana']);
  });
});
