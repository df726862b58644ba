/** The Supabase Storage driver against the fake Supabase Storage of tests/fixtures (real REST protocol, in memory). */
import sharp from 'sharp';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { StorageError, StoredFileExistsError } from './driver.ts';
import { SupabaseStorage } from './supabase.ts';
import { startFakeSupabaseStorage } from '../../../tests/fixtures/supabase-storage.ts';

const SERVICE_KEY = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.clave-de-pruebas';
const fake = await startFakeSupabaseStorage({ serviceKey: SERVICE_KEY, buckets: [{ id: 'privado', public: false }] });
afterAll(() => fake.close());
beforeEach(() => void fake.requests.splice(0));

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2266aa' } })
    .jpeg()
    .toBuffer()
    .then((buffer) => new Uint8Array(buffer));

const driver = (options: { bucket?: string; serviceKey?: string; transformations?: boolean; url?: string } = {}) =>
  new SupabaseStorage({ url: options.url ?? fake.url, serviceKey: options.serviceKey ?? SERVICE_KEY, ...options });

describe('Supabase Storage driver', () => {
  const storage = driver();
  const key = 'generated/2026-11/0b6f3a2e-1c1d-4f7e-9d51-2b8f6f0c9a11.jpg';

  it('creates the public bucket on the first upload and uploads without overwrite, cached an hour', async () => {
    const bytes = await jpeg(1000, 500);
    await storage.put(key, bytes, 'image/jpeg');

    expect(fake.buckets.get('uploads')).toMatchObject({
      public: true,
      allowedMimeTypes: ['image/webp', 'image/png', 'image/jpeg'],
      fileSizeLimit: 10 * 1024 * 1024,
    });
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /storage/v1/bucket/uploads',
      'POST /storage/v1/bucket',
      `POST /storage/v1/object/uploads/${key}`,
    ]);
    const upload = fake.requests[2]!.headers;
    expect(upload).toMatchObject({
      'x-upsert': 'false',
      'cache-control': 'max-age=3600',
      'content-type': 'image/jpeg',
      authorization: `Bearer ${SERVICE_KEY}`,
      apikey: SERVICE_KEY,
    });
    expect(Buffer.from(fake.objects.get(`uploads/${key}`)!.bytes).equals(Buffer.from(bytes))).toBe(true);

    // The bucket is checked once per process, not before every upload.
    await storage.put('generated/2026-11/otra.jpg', bytes, 'image/jpeg');
    expect(fake.requests.slice(3).map((request) => request.method)).toEqual(['POST']);
  });

  it('gives the public URL, and the image transformation URL at a served width and quality 85', async () => {
    const url = storage.url(key);
    expect(url).toBe(`${fake.url}/storage/v1/object/public/uploads/${key}`);
    const original = await fetch(url);
    expect(original.status).toBe(200);
    expect(original.headers.get('cache-control')).toBe('max-age=3600');
    expect((await sharp(Buffer.from(await original.arrayBuffer())).metadata()).width).toBe(1000);

    const narrow = storage.url(key, { width: 600 });
    expect(narrow).toBe(`${fake.url}/storage/v1/render/image/public/uploads/${key}?width=600&quality=85`);
    const resized = await fetch(narrow, { headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(resized.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await resized.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 600, height: 300 });
    // Never enlarged.
    const wide = await fetch(storage.url(key, { width: 1600 }));
    expect(await sharp(Buffer.from(await wide.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 1000 });
  });

  it('without image transformations (Supabase free plan) every width is the original file', () => {
    expect(driver({ transformations: false }).url(key, { width: 900 })).toBe(`${fake.url}/storage/v1/object/public/uploads/${key}`);
  });

  it('refuses to overwrite a stored file', async () => {
    const before = fake.objects.get(`uploads/${key}`)!.bytes;
    await expect(storage.put(key, await jpeg(10, 10), 'image/jpeg')).rejects.toBeInstanceOf(StoredFileExistsError);
    expect(fake.objects.get(`uploads/${key}`)!.bytes).toBe(before);
  });

  it('deletes a file, and deleting it again is not an error', async () => {
    await storage.delete(key);
    expect(fake.objects.has(`uploads/${key}`)).toBe(false);
    expect(fake.requests[0]).toMatchObject({ method: 'DELETE', path: '/storage/v1/object/uploads' });
    await storage.delete(key);
    // What a browser gets for a deleted file: Supabase answers 400 with the real status in the body.
    const gone = await fetch(storage.url(key));
    expect(gone.status).toBe(400);
    expect(await gone.json()).toEqual({ statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: 'Object not found' });
  });

  it('refuses a content type that does not match the key before calling Supabase', async () => {
    await expect(storage.put('generated/2026-11/tres.jpg', await jpeg(10, 10), 'image/png')).rejects.toThrow(/no corresponde/);
    await expect(storage.put('../fuera.jpg', await jpeg(10, 10), 'image/jpeg')).rejects.toThrow(/no válida/);
    expect(fake.requests).toEqual([]);
  });

  it('a wrong service key fails with a sentence naming the variable, and stores nothing', async () => {
    const wrong = driver({ serviceKey: 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.otra-firma', bucket: 'otro' });
    const failure = wrong.put('generated/2026-11/cuatro.jpg', await jpeg(10, 10), 'image/jpeg');
    await expect(failure).rejects.toBeInstanceOf(StorageError);
    await expect(failure).rejects.toThrow(/^Supabase Storage rechazó SUPABASE_SERVICE_ROLE_KEY al leer el bucket otro \(signature verification failed\)/);
    await expect(driver({ serviceKey: 'no-es-un-jwt' }).delete('generated/2026-11/otra.jpg')).rejects.toThrow(
      /rechazó SUPABASE_SERVICE_ROLE_KEY al borrar generated\/2026-11\/otra\.jpg \(Invalid Compact JWS\)/,
    );
    expect(fake.buckets.has('otro')).toBe(false);
    expect(fake.objects.has('uploads/generated/2026-11/otra.jpg')).toBe(true);
  });

  it('refuses a private bucket instead of changing it', async () => {
    await expect(driver({ bucket: 'privado' }).put('generated/2026-11/cinco.jpg', await jpeg(10, 10), 'image/jpeg')).rejects.toThrow(
      /El bucket «privado» de Supabase Storage es privado/,
    );
    expect(fake.buckets.get('privado')!.public).toBe(false);
  });

  it('an unreachable project is a clear error, not a hang', async () => {
    const closed = await startFakeSupabaseStorage({ serviceKey: SERVICE_KEY });
    await closed.close();
    await expect(driver({ url: closed.url }).put('generated/2026-11/seis.jpg', await jpeg(10, 10), 'image/jpeg')).rejects.toThrow(
      /^No se pudo conectar con Supabase Storage en http:\/\/127\.0\.0\.1:\d+ para leer el bucket uploads/,
    );
  });
});
