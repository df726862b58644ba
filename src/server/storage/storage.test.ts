import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { InvalidImageError, reencodeImage, resizeImage } from './images.ts';
import { isValidKey, keyOf, servedImage, StoredFileExistsError } from './driver.ts';
import { LocalStorage } from './local.ts';
import { createStorage } from './storage.ts';
import { SupabaseStorage } from './supabase.ts';

const root = await mkdtemp(path.join(tmpdir(), 'brujula-storage-'));
afterAll(() => rm(root, { recursive: true, force: true }));

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();

describe('storage keys', () => {
  it('accepts our own keys and nothing that could leave the folder', () => {
    expect(isValidKey('generated/2026-11/0b6f3a2e-1c1d-4f7e-9d51-2b8f6f0c9a11.webp')).toBe(true);
    for (const key of [
      '../secreto.webp',
      'generated/../../x.webp',
      '/etc/passwd',
      'a\\b.webp',
      'a/.hidden.webp',
      'A.webp',
      'x.svg',
      'x.webp.tmp',
      'a//b.webp',
      '',
    ]) {
      expect(isValidKey(key), key).toBe(false);
    }
  });

  it('reads a stored reference back to its key: a bare key, or a /media/ URL from rows written before keys', () => {
    expect(keyOf('generated/2026-11/uno.jpg')).toBe('generated/2026-11/uno.jpg');
    expect(keyOf('/media/generated/2026-11/uno.jpg')).toBe('generated/2026-11/uno.jpg');
    for (const reference of ['https://otro.sitio/media/x.jpg', '/media/../fuera.jpg', 'media/x.jpg?w=600', '/media/', '']) {
      expect(keyOf(reference), reference).toBeNull();
    }
  });
});

describe('choosing a driver', () => {
  const base = { DATA_DIR: root, SUPABASE_STORAGE_BUCKET: 'uploads', SUPABASE_IMAGE_TRANSFORMATIONS: true };

  it('is local by default and Supabase when asked', () => {
    expect(createStorage({ ...base, STORAGE_DRIVER: 'local' })).toBeInstanceOf(LocalStorage);
    const supabase = createStorage({ ...base, STORAGE_DRIVER: 'supabase', SUPABASE_URL: 'https://abcdefgh.supabase.co', SUPABASE_SERVICE_ROLE_KEY: 'clave' });
    expect(supabase).toBeInstanceOf(SupabaseStorage);
    expect(supabase.url('generated/2026-11/uno.jpg')).toBe('https://abcdefgh.supabase.co/storage/v1/object/public/uploads/generated/2026-11/uno.jpg');
  });
});

describe('local storage driver', () => {
  const storage = new LocalStorage(path.join(root, 'uploads'));

  it('stores, serves, refuses to overwrite and deletes a file', async () => {
    await storage.put('generated/2026-11/uno.webp', new Uint8Array([1, 2, 3]), 'image/webp');
    expect(storage.url('generated/2026-11/uno.webp')).toBe('/media/generated/2026-11/uno.webp');
    expect(storage.url('generated/2026-11/uno.webp', { width: 900 })).toBe('/media/generated/2026-11/uno.webp?w=900');
    expect(servedImage(storage, 'generated/2026-11/uno.webp').widths).toEqual({
      600: '/media/generated/2026-11/uno.webp?w=600',
      900: '/media/generated/2026-11/uno.webp?w=900',
      1200: '/media/generated/2026-11/uno.webp?w=1200',
      1600: '/media/generated/2026-11/uno.webp?w=1600',
    });
    expect(await storage.read('generated/2026-11/uno.webp')).toEqual({ bytes: Buffer.from([1, 2, 3]), contentType: 'image/webp' });
    await expect(storage.put('generated/2026-11/uno.webp', new Uint8Array([9]), 'image/webp')).rejects.toBeInstanceOf(StoredFileExistsError);
    await expect(storage.put('generated/2026-11/dos.webp', new Uint8Array([9]), 'image/png')).rejects.toThrow(/no corresponde/);
    expect(await readdir(path.join(root, 'uploads', 'generated', '2026-11'))).toEqual(['uno.webp']);
    await storage.delete('generated/2026-11/uno.webp');
    await storage.delete('generated/2026-11/uno.webp');
    expect(await storage.read('generated/2026-11/uno.webp')).toBeNull();
  });

  it('never reads outside its folder', async () => {
    await writeFile(path.join(root, 'fuera.webp'), 'secreto');
    expect(await storage.read('../fuera.webp')).toBeNull();
    expect(await storage.read('generated')).toBeNull();
    expect(() => storage.url('../fuera.webp')).toThrow(/no válida/);
  });
});

describe('image re-encoding', () => {
  it('re-encodes a raster image to JPEG, transparency on white, and reports its size', async () => {
    const transparent = await sharp({ create: { width: 64, height: 32, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .webp()
      .toBuffer();
    const encoded = await reencodeImage(transparent);
    expect([encoded.contentType, encoded.extension, encoded.width, encoded.height]).toEqual(['image/jpeg', 'jpg', 64, 32]);
    expect([...encoded.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const { data } = await sharp(encoded.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(250);
  });

  it('refuses SVG and bytes that are not an image', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    await expect(reencodeImage(svg)).rejects.toBeInstanceOf(InvalidImageError);
    await expect(reencodeImage(Buffer.from('no soy una imagen'))).rejects.toBeInstanceOf(InvalidImageError);
  });

  it('resizes to a served width without enlarging', async () => {
    const source = await png(1000, 500);
    expect((await sharp(await resizeImage(source, 600, 'image/png')).metadata()).width).toBe(600);
    expect((await sharp(await resizeImage(await png(300, 300), 600, 'image/webp')).metadata()).width).toBe(300);
  });
});
