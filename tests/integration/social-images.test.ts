/**
 * Social images on demand (issue 21, docs/decisions/015): /og/{slug}.png is drawn on its first request from the real
 * database, kept on disk by the hash of its SVG and read from there afterwards; a slug that is not a published tool
 * gets no image and costs no drawing, and simultaneous first requests draw once.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { closeDb } from '../../src/server/db/client.ts';
import { PngCache } from '../../src/server/og/render.ts';
import { SOCIAL_IMAGE_CACHE_CONTROL, toolImageResponse } from '../../src/server/og/tool-image.ts';
import { createTool } from './helpers/fixtures.ts';
import { useMigratedDatabase } from './helpers/db.ts';

const pool = await useMigratedDatabase();
process.env.DATABASE_URL = inject('databaseUrl');
const cacheDir = await mkdtemp(path.join(tmpdir(), 'brujula-og-'));
afterAll(async () => {
  await closeDb();
  await rm(cacheDir, { recursive: true, force: true });
});

const { rows: categories } = await pool.query<{ id: string }>(
  `INSERT INTO categories (slug, name, color, icon) VALUES ('imagen-og', 'Imagen', '#EC4899', 'image') RETURNING id`,
);

/** A published tool in a category, as the image shows it. */
async function publishedTool(title: string): Promise<string> {
  const tool = await createTool(pool, { title });
  await pool.query(`UPDATE posts SET category_id = $2, pricing = 'freemium' WHERE id = $1`, [tool.id, categories[0]!.id]);
  await pool.query(`INSERT INTO post_categories (post_id, category_id) VALUES ($1, $2)`, [tool.id, categories[0]!.id]);
  return tool.slug;
}

/** Each test's own cache folder, so the files it counts are its own. */
const newCacheDir = () => mkdtemp(path.join(cacheDir, 'prueba-'));
const filesOnDisk = async (dir: string) => (await readdir(dir, { recursive: true })).filter((file) => file.endsWith('.png'));
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('a tool social image on demand', () => {
  it('draws on the first request, keeps it on disk, and serves the same bytes and ETag from there', async () => {
    const slug = await publishedTool('Pintor Nocturno');
    const dir = await newCacheDir();
    const cache = new PngCache(dir);
    const first = (await toolImageResponse(slug, undefined, cache))!;
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('cache-control')).toBe(SOCIAL_IMAGE_CACHE_CONTROL);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const png = await bytes(first);
    const metadata = await sharp(png).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 1200, 630]);
    expect(cache.drawn).toBe(1);
    expect(await filesOnDisk(dir)).toHaveLength(1);

    // Another process (a fresh cache object on the same folder) reads it from disk without drawing.
    const other = new PngCache(dir);
    const second = (await toolImageResponse(slug, undefined, other))!;
    expect(second.headers.get('etag')).toBe(etag);
    expect((await bytes(second)).equals(png)).toBe(true);
    expect(other.drawn).toBe(0);

    // A client that has it gets a 304 with no body, and nothing is read or drawn.
    const revalidated = (await toolImageResponse(slug, etag, other))!;
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(etag);
    expect(revalidated.body).toBeNull();
  });

  it('draws an edited tool again under a new key, and the old ETag no longer matches', async () => {
    const slug = await publishedTool('Editor Antes');
    const cache = new PngCache(await newCacheDir());
    const before = (await toolImageResponse(slug, undefined, cache))!;
    await pool.query(`UPDATE posts SET title = 'Editor Después' WHERE slug = $1`, [slug]);
    const after = (await toolImageResponse(slug, before.headers.get('etag'), cache))!;
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect((await bytes(after)).equals(await bytes(before))).toBe(false);
    expect(cache.drawn).toBe(2);
  });

  it('answers nothing, and draws nothing, for a slug that is not a published tool', async () => {
    const dir = await newCacheDir();
    const cache = new PngCache(dir);
    const pending = await createTool(pool, { status: 'pending' });
    const withdrawn = await createTool(pool, { status: 'withdrawn' });
    for (const slug of [pending.slug, withdrawn.slug, 'no-existe']) expect(await toolImageResponse(slug, undefined, cache), slug).toBeNull();
    expect(cache.drawn).toBe(0);
    expect(await filesOnDisk(dir)).toHaveLength(0);
  });

  it('draws once for simultaneous first requests, and each image of a burst once', async () => {
    const slug = await publishedTool('Muchos a la Vez');
    const cache = new PngCache(await newCacheDir(), 1);
    const answers = await Promise.all(Array.from({ length: 8 }, () => toolImageResponse(slug, undefined, cache)));
    expect(cache.drawn).toBe(1);
    const images = await Promise.all(answers.map((answer) => bytes(answer!)));
    expect(images.every((image) => image.equals(images[0]!))).toBe(true);

    const burst = await Promise.all(['Ráfaga Uno', 'Ráfaga Dos', 'Ráfaga Tres'].map(publishedTool));
    const drawn = await Promise.all(burst.map((other) => toolImageResponse(other, undefined, cache)));
    expect(drawn.map((answer) => answer!.status)).toEqual([200, 200, 200]);
    expect(cache.drawn).toBe(4);
  });
});
