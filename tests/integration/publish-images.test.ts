/** Uploads of publication images and "fill from the URL", against the fake tool website (tests/fixtures). */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { FAKE_SITE_TEXT, fakeImages, startFakeToolSite } from '../fixtures/fake-tool-site.ts';
import { useMigratedDatabase } from './helpers/db.ts';
import { callRoute } from './helpers/endpoint.ts';

const site = await startFakeToolSite();
// A second loopback server the allowlist does not name: what any other private address looks like.
const hidden = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<title>Interna</title>'));
await new Promise<void>((resolve) => hidden.listen(0, '127.0.0.1', resolve));
const hiddenUrl = `http://127.0.0.1:${(hidden.address() as AddressInfo).port}/`;

const dataDir = await mkdtemp(path.join(tmpdir(), 'brujula-uploads-'));
process.env.DATA_DIR = dataDir;
process.env.STORAGE_DRIVER = 'local';
// TEST ONLY, as in the e2e config: the fake site on loopback may be fetched; nothing else private may.
process.env.SAFE_FETCH_ALLOW_HOSTS = site.hostPort;

const { uploadImageEndpoint } = await import('../../src/features/publish/images.server.ts');
const { pageMetadataEndpoint } = await import('../../src/features/publish/publish.server.ts');
const { closeDb } = await import('../../src/server/db/client.ts');

const pool = await useMigratedDatabase();
process.env.DATABASE_URL = inject('databaseUrl');
await pool.query(`INSERT INTO profiles (id, name, email) VALUES ('AnaMixedCase1', 'Ana', 'ana@ejemplo.es')`);
beforeEach(() => pool.query('DELETE FROM rate_limit_buckets'));
afterAll(async () => {
  await closeDb();
  await site.close();
  hidden.closeAllConnections();
  await new Promise((resolve) => hidden.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

const ana = { id: 'AnaMixedCase1' };
const images = await fakeImages();

async function upload(user: { id: string } | null, file: { bytes: Buffer; name: string; type: string } | { url: string }) {
  const form = new FormData();
  if ('url' in file) form.set('url', file.url);
  else form.set('file', new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  // Encoded up front, as a browser sends it: undici's own FormData stream throws if the server stops reading early.
  const encoded = new Response(form);
  const body = new Uint8Array(await encoded.arrayBuffer());
  return callRoute(uploadImageEndpoint, { path: '/api/uploads', body, user, headers: { 'content-type': encoded.headers.get('content-type')! } });
}

const storedFile = (key: string) => path.join(dataDir, 'uploads', key);

describe('uploading publication images', () => {
  it('re-encodes and stores a JPEG at {userId}/{timestamp}.jpg and a transparent logo as PNG', async () => {
    const response = await upload(ana, { bytes: images.jpeg, name: 'portada.jpg', type: 'image/jpeg' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { key: string; url: string; width: number; height: number };
    expect(body.key).toMatch(/^anamixedcase1\/\d{13}\.jpg$/);
    expect(body).toMatchObject({ url: `/media/${body.key}?w=900`, width: 1200, height: 630 });
    const stored = await readFile(storedFile(body.key));
    expect(stored.equals(images.jpeg)).toBe(false);
    expect((await sharp(stored).metadata()).format).toBe('jpeg');

    const logo = (await (await upload(ana, { bytes: images.transparentPng, name: 'logo.png', type: 'image/png' })).json()) as { key: string };
    expect(logo.key).toMatch(/\.png$/);
    expect((await sharp(await readFile(storedFile(logo.key))).metadata()).hasAlpha).toBe(true);
  });

  it.each([
    ['an SVG', () => ({ bytes: images.svg, name: 'logo.svg', type: 'image/svg+xml' }), 415, 'Por favor selecciona un archivo de imagen válido'],
    ['an SVG named .png', () => ({ bytes: images.svg, name: 'logo.png', type: 'image/png' }), 415, 'Por favor selecciona un archivo de imagen válido'],
    ['a PNG with an HTML tail', () => ({ bytes: images.polyglot, name: 'foto.png', type: 'image/png' }), 415, /no son de imagen/],
    ['a 6 MB file', () => ({ bytes: images.big, name: 'grande.jpg', type: 'image/jpeg' }), 413, 'La imagen es demasiado grande. Máximo 5MB'],
    [
      'a file that is not an image',
      () => ({ bytes: Buffer.from('hola'), name: 'nota.txt', type: 'text/plain' }),
      415,
      'Por favor selecciona un archivo de imagen válido',
    ],
    [
      'text pretending to be a PNG',
      () => ({ bytes: Buffer.from('no soy una imagen'), name: 'x.png', type: 'image/png' }),
      415,
      'Por favor selecciona un archivo de imagen válido',
    ],
  ])('refuses %s', async (_label, file, status, message) => {
    const response = await upload(ana, file());
    expect(response.status).toBe(status);
    expect((await response.json()).error).toMatch(message);
  });

  it('refuses a guest with SPEC’s message', async () => {
    const response = await upload(null, { bytes: images.png, name: 'a.png', type: 'image/png' });
    expect(response.status).toBe(401);
    expect((await response.json()).error).toBe('Usuario no autenticado');
  });

  it('downloads a typed image URL through safe-fetch and stores it the same way (never hot-linked)', async () => {
    const response = await upload(ana, { url: `${site.url}/compartir.jpg` });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { key: string };
    expect(body.key).toMatch(/^anamixedcase1\/\d+\.jpg$/);
    expect((await stat(storedFile(body.key))).size).toBeGreaterThan(0);
  });

  it.each([
    ['an SVG by URL', `/icono.svg`, 415],
    ['an SVG served as PNG', `/svg-disfrazado.png`, 415],
    ['a polyglot by URL', `/poliglota.png`, 415],
    ['a 6 MB image by URL', `/grande.jpg`, 413],
    ['a page instead of an image', `/`, 415],
    ['a missing image', `/no-existe.png`, 502],
  ])('refuses %s', async (_label, pathname, status) => {
    expect((await upload(ana, { url: `${site.url}${pathname}` })).status).toBe(status);
  });

  it.each([
    ['loopback not allowed', hiddenUrl],
    ['a private address', 'http://10.0.0.1/logo.png'],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', 'http://[::1]/logo.png'],
    ['a redirect to a private address', `${'__SITE__'}/redirige-a-privada`],
  ])('refuses an image URL to %s', async (_label, url) => {
    const response = await upload(ana, { url: url.replace('__SITE__', site.url) });
    expect(response.status).toBe(422);
    expect((await response.json()).code).toBe('remote_blocked');
  });
});

describe('filling the form from the tool’s URL', () => {
  const lookup = (user: { id: string } | null, url: string) => callRoute(pageMetadataEndpoint, { path: '/api/posts/page-metadata', body: { url }, user });

  it('reads title, description, og:image and the best icon, following redirects', async () => {
    const response = await lookup(ana, `${site.url}/redirige`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      finalUrl: `${site.url}/`,
      suggestions: { title: FAKE_SITE_TEXT.title, description: FAKE_SITE_TEXT.description, image: `${site.url}/compartir.jpg`, icon: `${site.url}/logo.png` },
    });
  });

  it('falls back to <title> and the meta description, and decodes Latin-1 pages', async () => {
    expect(((await (await lookup(ana, `${site.url}/sin-og`)).json()) as { suggestions: unknown }).suggestions).toEqual({
      title: FAKE_SITE_TEXT.plainTitle,
      description: FAKE_SITE_TEXT.plainDescription,
      image: null,
      icon: null,
    });
    expect(((await (await lookup(ana, `${site.url}/latin1`)).json()) as { suggestions: { title: string } }).suggestions.title).toBe('Traducción automática');
  });

  it('reads only the start of a huge page', async () => {
    const started = Date.now();
    const response = await lookup(ana, `${site.url}/enorme`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { suggestions: { title: string } }).suggestions.title).toBe('Página enorme');
    expect(Date.now() - started).toBeLessThan(5_000);
    // The download stopped near the 512 KB limit; the page goes on for 50 MB.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(site.hugeBytesSent()).toBeLessThan(8 * 1024 * 1024);
  });

  it('gives up on a slow host within its deadline', async () => {
    const started = Date.now();
    const response = await lookup(ana, `${site.url}/lenta`);
    expect(response.status).toBe(504);
    expect((await response.json()).error).toMatch(/tardó demasiado/);
    expect(Date.now() - started).toBeLessThan(9_000);
  }, 15_000);

  it.each([
    ['loopback not allowed', hiddenUrl],
    ['a private address', 'http://192.168.1.1/'],
    ['loopback spelled in hex', 'http://0x7f.1/'],
    ['the cloud metadata address', 'http://169.254.169.254/'],
    ['a redirect to a private address', `__SITE__/redirige-a-privada`],
  ])('refuses %s', async (_label, url) => {
    const response = await lookup(ana, url.replace('__SITE__', site.url));
    expect(response.status).toBe(422);
    expect((await response.json()).code).toBe('remote_blocked');
  });

  it('explains other failures in Spanish', async () => {
    expect((await (await lookup(ana, `${site.url}/json`)).json()).code).toBe('remote_not_page');
    expect((await lookup(ana, `${site.url}/error`)).status).toBe(502);
    expect((await lookup(ana, `${site.url}/bucle`)).status).toBe(502);
    expect((await lookup(ana, 'ftp://ejemplo.es/')).status).toBe(400);
    expect((await lookup(null, `${site.url}/`)).status).toBe(401);
  });
});
