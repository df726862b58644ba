import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { AiProviderError, type ImageGenerator, type ImageRequest } from '../../src/server/ai/types.ts';
import * as schema from '../../src/server/db/schema.ts';
import { deleteOwnedImage, listGallery, toggleSavedImage } from '../../src/features/image-generator/queries.server.ts';
import { generateImages } from '../../src/features/image-generator/generate-images.server.ts';
import { keyOf, type StorageDriver } from '../../src/server/storage/driver.ts';
import { LocalStorage } from '../../src/server/storage/local.ts';
import { SupabaseStorage } from '../../src/server/storage/supabase.ts';
import { startFakeSupabaseStorage } from '../fixtures/supabase-storage.ts';
import { useMigratedDatabase } from './helpers/db.ts';
import { createAccount } from './helpers/fixtures.ts';

const pool = await useMigratedDatabase();
const db = drizzle(pool, { schema });
const root = await mkdtemp(path.join(tmpdir(), 'brujula-images-'));
afterAll(() => rm(root, { recursive: true, force: true }));
const storage = new LocalStorage(path.join(root, 'uploads'));

/** A signed-in owner of the test's own. */
const account = async () => ({ userId: (await createAccount(pool)).id });
/** An anonymous visitor's session of the test's own, in the form the site gives them. */
const session = () => ({ sessionId: `session_1700000000000_${randomUUID().replaceAll('-', '').slice(0, 9)}` });

/** A provider that paints a small PNG and remembers what it was asked. */
function fakeGenerator(fail?: (request: ImageRequest, call: number) => AiProviderError | undefined): ImageGenerator & { requests: ImageRequest[] } {
  const requests: ImageRequest[] = [];
  return {
    provider: 'prueba',
    requests,
    async generate(request) {
      requests.push(request);
      const failure = fail?.(request, requests.length);
      if (failure) throw failure;
      const bytes = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#ff8800' } })
        .png()
        .toBuffer();
      return { bytes: new Uint8Array(bytes), contentType: 'image/png' };
    },
  };
}

const generate = (owner: { userId: string } | { sessionId: string }, count: number, generator = fakeGenerator(), using: StorageDriver = storage) =>
  generateImages(
    { generator, storage: using, db },
    {
      input: { prompt: 'un faro al atardecer', model: 'flux', size: '1024x768', count },
      owner,
      visitorType: 'userId' in owner ? 'registered' : 'unregistered',
    },
  );

describe('generating images', () => {
  it('stores each image re-encoded, with its own seed and one history row per image', async () => {
    const ana = await account();
    const generator = fakeGenerator();
    const result = await generate(ana, 4, generator);
    expect(result.failure).toBeNull();
    expect(result.images).toHaveLength(4);
    expect(generator.requests.map((request) => [request.width, request.height, request.prompt])).toEqual(
      Array(4).fill([1024, 768, 'un faro al atardecer, high quality, detailed, professional photography, 8k resolution']),
    );
    for (const image of result.images) {
      expect(image.imageUrl).toMatch(/^\/media\/generated\/\d{4}-\d{2}\/[0-9a-f-]{36}\.jpg$/);
      expect(image.resizedUrls).toEqual({
        600: `${image.imageUrl}?w=600`,
        900: `${image.imageUrl}?w=900`,
        1200: `${image.imageUrl}?w=1200`,
        1600: `${image.imageUrl}?w=1600`,
      });
      const stored = await storage.read(keyOf(image.imageUrl)!);
      expect((await sharp(stored!.bytes).metadata()).format).toBe('jpeg');
    }
    const { rows } = await pool.query(
      `SELECT user_id, session_id, enhanced_prompt, model_used, provider, visitor_type, seed, width, height, is_saved, image_url FROM image_generation_history WHERE user_id = $1`,
      [ana.userId],
    );
    // The database keeps the storage key, not a URL.
    expect(rows.map((row) => row.image_url).sort()).toEqual(result.images.map((image) => keyOf(image.imageUrl)).sort());
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({
      user_id: ana.userId,
      session_id: null,
      model_used: 'flux',
      provider: 'prueba',
      visitor_type: 'registered',
      width: 32,
      height: 24,
      is_saved: false,
    });
    for (const row of rows) expect(row.seed).toBeGreaterThanOrEqual(0);
    expect(rows.every((row) => row.seed <= 1_000_000)).toBe(true);
  });

  it('keeps what succeeded when a later image fails, and stops on a failure every image would hit', async () => {
    const partial = await generate(
      session(),
      3,
      fakeGenerator((_, call) => (call === 2 ? new AiProviderError('timeout', 'lento') : undefined)),
    );
    expect(partial.images).toHaveLength(2);
    expect(partial.failure?.kind).toBe('timeout');

    const refusing = fakeGenerator(() => new AiProviderError('content_refused', 'no'));
    const refused = await generateImages(
      { generator: refusing, storage, db },
      { input: { prompt: 'x', model: 'flux', size: '512x512', count: 9 }, owner: session(), visitorType: 'unregistered', concurrency: 1 },
    );
    expect(refused.images).toEqual([]);
    expect(refusing.requests).toHaveLength(1);
  });
});

describe('stored references', () => {
  it('rows from before keys (image_url = /media/<key>) still get their URLs and can be deleted with their file', async () => {
    const LEGACY = session();
    const key = `generated/2025-06/${randomUUID()}.jpg`;
    await storage.put(
      key,
      new Uint8Array(
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
          .jpeg()
          .toBuffer(),
      ),
      'image/jpeg',
    );
    await pool.query(
      `INSERT INTO image_generation_history (session_id, prompt, enhanced_prompt, model_used, provider, image_url, image_count, width, height, seed, visitor_type)
       VALUES ($1, 'antigua', 'antigua', 'flux', 'pollinations', $2, 1, 8, 8, 1, 'unregistered')`,
      [LEGACY.sessionId, `/media/${key}`],
    );
    const [image] = (await listGallery(LEGACY, 'all', 1, db, storage)).items;
    expect([image!.imageUrl, image!.resizedUrls[900]]).toEqual([`/media/${key}`, `/media/${key}?w=900`]);
    expect(keyOf((await deleteOwnedImage(LEGACY, image!.id, db))!)).toBe(key);
  });

  it('with Supabase Storage the file goes to the bucket and the gallery gets its public and render URLs', async () => {
    const serviceKey = 'clave-de-servicio-de-pruebas';
    const fake = await startFakeSupabaseStorage({ serviceKey });
    try {
      const supabase = new SupabaseStorage({ url: fake.url, serviceKey });
      const visitor = session();
      const result = await generate(visitor, 2, fakeGenerator(), supabase);
      expect(result.images).toHaveLength(2);
      const [image] = (await listGallery(visitor, 'all', 1, db, supabase)).items;
      const key = keyOf((await pool.query('SELECT image_url FROM image_generation_history WHERE id = $1', [image!.id])).rows[0].image_url)!;
      expect(image!.imageUrl).toBe(`${fake.url}/storage/v1/object/public/uploads/${key}`);
      expect(image!.resizedUrls[600]).toBe(`${fake.url}/storage/v1/render/image/public/uploads/${key}?width=600&quality=85`);
      expect(fake.objects.get(`uploads/${key}`)?.contentType).toBe('image/jpeg');
      expect((await fetch(image!.resizedUrls[600])).status).toBe(200);
    } finally {
      await fake.close();
    }
  });
});

describe('gallery ownership', () => {
  /** Ana with four images, one anonymous session with two (the third failed) and another with one; Bruno with none. */
  async function fourVisitors() {
    const [ANA, BRUNO, SESSION_A, SESSION_B] = [await account(), await account(), session(), session()];
    await generate(ANA, 4);
    await generate(
      SESSION_A,
      3,
      fakeGenerator((_, call) => (call === 2 ? new AiProviderError('timeout', 'lento') : undefined)),
    );
    await generate(SESSION_B, 1);
    return { ANA, BRUNO, SESSION_A, SESSION_B };
  }

  it('shows each visitor only their own images, anonymous sessions apart from each other and from accounts', async () => {
    const { ANA, BRUNO, SESSION_A, SESSION_B } = await fourVisitors();
    const ana = await listGallery(ANA, 'all', 1, db);
    const sessionA = await listGallery(SESSION_A, 'all', 1, db);
    const sessionB = await listGallery(SESSION_B, 'all', 1, db);
    expect(ana.counts).toEqual({ all: 4, saved: 0, recent: 4 });
    expect(sessionA.items).toHaveLength(2);
    expect(sessionB.items).toHaveLength(1);
    expect(new Set([...ana.items, ...sessionA.items, ...sessionB.items].map((image) => image.id)).size).toBe(7);
    expect((await listGallery(BRUNO, 'all', 1, db)).items).toEqual([]);
    expect(await listGallery(SESSION_A, 'saved', 1, db)).toMatchObject({ items: [], hasMore: false });
  });

  it('pages Todas by 16 and caps Recientes at 12', async () => {
    const BRUNO = await account();
    await generate(BRUNO, 9);
    await generate(BRUNO, 9);
    const first = await listGallery(BRUNO, 'all', 1, db);
    const second = await listGallery(BRUNO, 'all', 2, db);
    expect([first.items.length, first.hasMore, second.items.length, second.hasMore]).toEqual([16, true, 2, false]);
    expect(new Set([...first.items, ...second.items].map((image) => image.id)).size).toBe(18);
    const recent = await listGallery(BRUNO, 'recent', 1, db);
    expect(recent.items).toHaveLength(12);
    expect(recent.counts).toEqual({ all: 18, saved: 0, recent: 12 });
  });

  it('lets only the owner save; is_saved and saved_generated_images always agree', async () => {
    const { ANA, BRUNO } = await fourVisitors();
    const [image] = (await listGallery(ANA, 'all', 1, db)).items;
    expect(await toggleSavedImage(BRUNO.userId, image!.id, db)).toBeNull();
    expect(await toggleSavedImage(ANA.userId, '00000000-0000-4000-8000-000000000000', db)).toBeNull();

    const results = await Promise.all([
      toggleSavedImage(ANA.userId, image!.id, db),
      toggleSavedImage(ANA.userId, image!.id, db),
      toggleSavedImage(ANA.userId, image!.id, db),
    ]);
    expect(results.sort()).toEqual([false, true, true]);
    const consistency = async () =>
      (
        await pool.query(
          `SELECT h.is_saved, count(s.id)::int AS links FROM image_generation_history h LEFT JOIN saved_generated_images s ON s.image_history_id = h.id WHERE h.id = $1 GROUP BY h.is_saved`,
          [image!.id],
        )
      ).rows[0];
    expect(await consistency()).toEqual({ is_saved: true, links: 1 });
    const saved = await listGallery(ANA, 'saved', 1, db);
    expect(saved.items.map((item) => [item.id, item.isSaved])).toEqual([[image!.id, true]]);
    expect(saved.counts.saved).toBe(1);

    expect(await toggleSavedImage(ANA.userId, image!.id, db)).toBe(false);
    expect(await consistency()).toEqual({ is_saved: false, links: 0 });
  });

  it('lets a visitor delete only their own image, and the saved link goes with it', async () => {
    const { ANA, BRUNO, SESSION_A, SESSION_B } = await fourVisitors();
    const [image] = (await listGallery(ANA, 'all', 1, db)).items;
    await toggleSavedImage(ANA.userId, image!.id, db);
    expect(await deleteOwnedImage(BRUNO, image!.id, db)).toBeNull();
    expect(await deleteOwnedImage(SESSION_A, image!.id, db)).toBeNull();
    expect(await deleteOwnedImage(ANA, image!.id, db)).toBe(keyOf(image!.imageUrl));
    expect((await pool.query('SELECT count(*)::int AS n FROM saved_generated_images WHERE image_history_id = $1', [image!.id])).rows[0].n).toBe(0);

    const [anonymous] = (await listGallery(SESSION_A, 'all', 1, db)).items;
    expect(await deleteOwnedImage(SESSION_B, anonymous!.id, db)).toBeNull();
    expect(await deleteOwnedImage(ANA, anonymous!.id, db)).toBeNull();
    expect(await deleteOwnedImage(SESSION_A, anonymous!.id, db)).toBe(keyOf(anonymous!.imageUrl));
  });

  it('a session id never reaches rows that belong to an account', async () => {
    const { BRUNO, SESSION_B } = await fourVisitors();
    await generate(BRUNO, 2);
    // An account's rows have a null session_id, and an anonymous owner only matches rows without a user.
    await pool.query(`UPDATE image_generation_history SET session_id = $1 WHERE user_id = $2`, [SESSION_B.sessionId, BRUNO.userId]);
    const asSession = await listGallery(SESSION_B, 'all', 1, db);
    expect(asSession.counts.all).toBe(1);
  });
});

it('writes no stray temporary files', async () => {
  await generate(session(), 2);
  const files = await readdir(path.join(root, 'uploads'), { recursive: true });
  expect(files.filter((file) => String(file).endsWith('.tmp'))).toEqual([]);
});
