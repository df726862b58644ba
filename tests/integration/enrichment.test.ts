/**
 * Enrichment and dead-link detection end to end: real sockets, real HTTP, real PostgreSQL, the real
 * storage driver, against the fake website of tests/fixtures/fake-website.ts.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { runEnrichment, type EnrichOptions } from '../../src/server/catalogue/enrich.ts';
import { LocalStorage } from '../../src/server/storage/local.ts';
import { offlineResolver, SITES, startFakeWebsite, type FakeWebsite } from '../fixtures/fake-website.ts';
import { useMigratedDatabase } from './helpers/db.ts';

const pool = await useMigratedDatabase();
let site: FakeWebsite;
let uploads: string;
let storage: LocalStorage;

interface ToolState {
  link_status: string;
  check_failures: number;
  http_status: number | null;
  final_url: string | null;
  last_checked_at: Date | null;
  image_url: string | null;
  image_source: string;
  logo_url: string | null;
  logo_source: string;
  enrichment: { title: string | null; description: string | null; ogImage: string | null; notes?: string[] } | null;
}

async function addTool(slug: string, url: string, extra: Partial<Record<'image_url' | 'image_source' | 'logo_url' | 'logo_source', string>> = {}) {
  await pool.query(
    `INSERT INTO posts (title, slug, description, url, status, published_date, image_url, image_source, logo_url, logo_source)
     VALUES ($1, $1, 'Herramienta de prueba.', $2, 'published', now(), $3, coalesce($4, 'none')::image_source, $5, coalesce($6, 'none')::image_source)`,
    [slug, url, extra.image_url ?? null, extra.image_source ?? null, extra.logo_url ?? null, extra.logo_source ?? null],
  );
}

/** Tools of one test's own, on the given sites: the shared catalogue above stays as the first run left it. */
async function addOwnTools(...urls: string[]): Promise<string[]> {
  const prefix = `propia-${randomUUID().slice(0, 8)}`;
  const slugs = urls.map((_, index) => `${prefix}-${index}`);
  for (const [index, url] of urls.entries()) await addTool(slugs[index]!, url);
  return slugs;
}

async function state(slug: string): Promise<ToolState> {
  const { rows } = await pool.query<ToolState>(
    `SELECT link_status, check_failures, http_status, final_url, last_checked_at, image_url, image_source, logo_url, logo_source, enrichment
     FROM posts WHERE slug = $1`,
    [slug],
  );
  return rows[0]!;
}

async function checks(slug: string) {
  const { rows } = await pool.query<{ http_status: number | null; final_url: string | null; error: string | null }>(
    'SELECT l.http_status, l.final_url, l.error FROM link_checks l JOIN posts p ON p.id = l.post_id WHERE p.slug = $1 ORDER BY l.id',
    [slug],
  );
  return rows;
}

const options = (extra: Partial<EnrichOptions> = {}): EnrichOptions => ({
  pool,
  storage,
  userAgent: 'BrujulaIA/1.0 (+http://127.0.0.1/; comprobación de enlaces del directorio)',
  resolve: site.resolve,
  allowHosts: site.allowHosts(),
  hostDelayMs: 20,
  pageTimeoutMs: 1_500,
  robotsTimeoutMs: 1_500,
  imageTimeoutMs: 2_000,
  maxPageBytes: 256 * 1024,
  concurrency: 4,
  ...extra,
});

beforeAll(async () => {
  site = await startFakeWebsite({ slowMs: 5_000, hugeBytes: 4 * 1024 * 1024 });
  uploads = await mkdtemp(path.join(os.tmpdir(), 'brujula-enrich-'));
  storage = new LocalStorage(uploads);
  await addTool('con-og', site.url(SITES.withOg));
  await addTool('sin-og', site.url(SITES.withoutOg));
  await addTool('redirige', site.url(SITES.redirectsWithin));
  await addTool('mudada', site.url(SITES.moved));
  await addTool('no-existe', site.url(SITES.notFound));
  await addTool('caida', site.url(SITES.down));
  await addTool('lenta', site.url(SITES.slow));
  await addTool('enorme', site.url(SITES.huge));
  await addTool('icono-svg', site.url(SITES.svgIcon));
  await addTool('privada', site.url(SITES.privateAddress));
  await addTool('prohibido', site.url(SITES.forbidden));
  await addTool('pixel', site.url(SITES.tinyImage));
  await addTool('compartida-a', site.url(SITES.sharedA));
  await addTool('compartida-b', site.url(SITES.sharedB));
  // What an author or an admin chose, and a curated logo: a machine never replaces them.
  await addTool('de-autor', site.url(SITES.withOg), {
    image_url: 'https://autor.example/portada.jpg',
    image_source: 'author',
    logo_url: 'logos/de-autor-0123456789ab.png',
    logo_source: 'curated',
  });
  await addTool('retirada', site.url(SITES.withOg));
  await pool.query("UPDATE posts SET discontinued_at = now() WHERE slug = 'retirada'");
});

afterAll(async () => {
  await site.close();
  await rm(uploads, { recursive: true, force: true });
});

describe('a server without internet', () => {
  it('records each failure as evidence and changes nothing visible, nor when the tools are due', async () => {
    const slugs = await addOwnTools(
      ...[SITES.withOg, SITES.withoutOg, SITES.redirectsWithin, SITES.moved, SITES.svgIcon, SITES.tinyImage].map((host) => site.url(host)),
    );
    // Its tools leave with their evidence, so the online run below finds the catalogue it expects.
    onTestFinished(async () => {
      await pool.query('DELETE FROM posts WHERE slug = ANY($1)', [slugs]);
    });
    const requestsBefore = site.requests.length;
    const stateOfOwnTools = () =>
      pool.query('SELECT slug, link_status, check_failures, image_url, logo_url, last_checked_at FROM posts WHERE slug = ANY($1) ORDER BY slug', [slugs]);
    const before = await stateOfOwnTools();
    const report = await runEnrichment(options({ slugs, resolve: offlineResolver, allowHosts: [], offlineAfter: 5, concurrency: 1 }));
    expect(report.seemedOffline).toBe(true);
    expect(report).toMatchObject({ ok: 0, failed: 0, flagged: 0, images: 0, logos: 0 });
    // Five sites in a row unreachable and none answering: it stops instead of trying every tool.
    expect(report.offline).toBe(5);
    const after = await stateOfOwnTools();
    expect(after.rows).toEqual(before.rows);
    const { rows } = await pool.query<{ error: string }>('SELECT l.error FROM link_checks l JOIN posts p ON p.id = l.post_id WHERE p.slug = ANY($1)', [slugs]);
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row.error).toMatch(/^El nombre del dominio no se pudo resolver\..*Sin conexión desde el servidor: no cuenta como fallo/);
    expect(site.requests).toHaveLength(requestsBefore);
  });
});

describe('with the fake website online', () => {
  // The requests of the one shared run, which the tests below read; tests that run again use tools of their own.
  let firstRunRequests: FakeWebsite['requests'] = [];
  beforeAll(async () => {
    const report = await runEnrichment(options());
    expect(report.seemedOffline).toBe(false);
    expect(report.checked).toBe(15);
    firstRunRequests = [...site.requests];
  }, 60_000);

  it('reads a page with Open Graph tags: evidence, meta, a re-encoded card image and a logo from its icon', async () => {
    const tool = await state('con-og');
    expect(tool).toMatchObject({
      link_status: 'ok',
      check_failures: 0,
      http_status: 200,
      final_url: site.url(SITES.withOg),
      image_source: 'enrichment',
      logo_source: 'enrichment',
    });
    expect(tool.last_checked_at).toBeInstanceOf(Date);
    expect(tool.enrichment).toMatchObject({
      title: 'Con OG: la herramienta',
      description: 'Una herramienta de ejemplo & sus "tarjetas".',
      ogImage: site.url(SITES.withOg, '/og.png'),
    });
    expect(tool.image_url).toMatch(/^enrichment\/con-og-[0-9a-f]{16}\.jpg$/);
    expect(tool.logo_url).toMatch(/^enrichment\/con-og-logo-[0-9a-f]{16}\.png$/);
    const image = await sharp(await readFile(path.join(uploads, tool.image_url!))).metadata();
    expect(image).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    const logo = await sharp(await readFile(path.join(uploads, tool.logo_url!))).metadata();
    expect(logo).toMatchObject({ format: 'png', width: 256, height: 256 });
    expect(await checks('con-og')).toEqual([{ http_status: 200, final_url: site.url(SITES.withOg), error: null }]);
  });

  it('never replaces what an author, an admin or the curated list chose', async () => {
    expect(await state('de-autor')).toMatchObject({
      link_status: 'ok',
      image_url: 'https://autor.example/portada.jpg',
      image_source: 'author',
      logo_url: 'logos/de-autor-0123456789ab.png',
      logo_source: 'curated',
    });
  });

  it('leaves retired tools alone', async () => {
    expect(await checks('retirada')).toEqual([]);
  });

  it('reads a page without Open Graph: text only, no image, and no logo from a .ico', async () => {
    expect(await state('sin-og')).toMatchObject({ link_status: 'ok', image_url: null, logo_url: null, enrichment: { title: 'Sin etiquetas sociales' } });
  });

  it('follows a redirect within the same domain without flagging it', async () => {
    expect(await state('redirige')).toMatchObject({ link_status: 'ok', http_status: 200, final_url: site.url(SITES.withOg, '/inicio') });
  });

  it('flags a redirect to another domain at once, with the evidence, and takes nothing from the new site', async () => {
    expect(await state('mudada')).toMatchObject({ link_status: 'moved', final_url: site.url(SITES.otherDomain), image_url: null, logo_url: null });
    expect(await checks('mudada')).toEqual([{ http_status: 200, final_url: site.url(SITES.otherDomain), error: 'Redirige a otro dominio.' }]);
  });

  it('counts a 404, a 503, a time-out and a private address as failures, without flagging them yet', async () => {
    expect(await state('no-existe')).toMatchObject({ link_status: 'unknown', check_failures: 1, http_status: 404 });
    expect(await state('caida')).toMatchObject({ link_status: 'unknown', check_failures: 1, http_status: 503 });
    expect(await state('lenta')).toMatchObject({ link_status: 'unknown', check_failures: 1, http_status: null });
    expect(await state('privada')).toMatchObject({ link_status: 'unknown', check_failures: 1 });
    expect((await checks('no-existe'))[0]!.error).toBe('La web respondió HTTP 404.');
    expect((await checks('caida'))[0]!.error).toBe('La web respondió HTTP 503.');
    expect((await checks('lenta'))[0]!.error).toMatch(/^La web tardó demasiado en responder\./);
    expect((await checks('privada'))[0]!.error).toMatch(/^La dirección apunta a una red privada o local/);
  });

  it('reads only the start of a huge page and still gets its tags', async () => {
    const tool = await state('enorme');
    expect(tool).toMatchObject({ link_status: 'ok', image_source: 'enrichment', enrichment: { title: 'Página enorme' } });
    expect(tool.enrichment!.notes).toContain('Página muy grande: solo se leyó su principio.');
  });

  it('does not rasterise an SVG icon from a site', async () => {
    const tool = await state('icono-svg');
    expect(tool).toMatchObject({ link_status: 'ok', logo_url: null, logo_source: 'none' });
    expect(tool.enrichment!.notes).toContain('Su único icono es SVG: no se usa (solo se aceptan imágenes rasterizadas).');
    expect(firstRunRequests.some((request) => request.path === '/icon.svg')).toBe(false);
  });

  it('skips a tracking-pixel og:image and one shared with another tool', async () => {
    expect((await state('pixel')).image_url).toBeNull();
    const [a, b] = [await state('compartida-a'), await state('compartida-b')];
    expect([a.image_url, b.image_url].filter(Boolean)).toHaveLength(1);
    expect([...(a.enrichment!.notes ?? []), ...(b.enrichment!.notes ?? [])]).toContain('og:image compartida con otra herramienta: no se usa.');
  });

  it('respects robots.txt: a site that forbids us is not read and nothing is counted', async () => {
    expect(await state('prohibido')).toMatchObject({ link_status: 'unknown', check_failures: 0, http_status: null });
    expect((await checks('prohibido'))[0]!.error).toBe('Su robots.txt no permite a este directorio leer la página.');
    const forbidden = firstRunRequests.filter((request) => request.host === SITES.forbidden);
    expect(forbidden.map((request) => request.path)).toEqual(['/robots.txt']);
  });

  it('is polite: one request per host at a time, robots.txt once per site, and a user agent that names us', () => {
    expect(site.maxInFlightPerHost()).toBe(1);
    const robots = firstRunRequests.filter((request) => request.path === '/robots.txt');
    expect(new Set(robots.map((request) => request.host)).size).toBe(robots.length);
    expect(site.requests.every((request) => request.userAgent.startsWith('BrujulaIA/1.0 (+'))).toBe(true);
  });

  it('flags a tool after three failed checks in a row, and clears the flag when its site answers again', async () => {
    const failing = await addOwnTools(site.url(SITES.notFound), site.url(SITES.down), site.url(SITES.slow));
    const [notFound, down] = failing as [string, string, string];
    await runEnrichment(options({ slugs: failing }));
    await runEnrichment(options({ slugs: failing }));
    expect(await state(notFound)).toMatchObject({ link_status: 'unknown', check_failures: 2 });
    const third = await runEnrichment(options({ slugs: failing }));
    expect(third.flagged).toBe(3);
    for (const slug of failing) expect(await state(slug)).toMatchObject({ link_status: 'failing', check_failures: 3 });
    expect(await checks(down)).toHaveLength(3);

    await pool.query('UPDATE posts SET url = $1 WHERE slug = $2', [site.url(SITES.withoutOg), down]);
    await runEnrichment(options({ slugs: [down] }));
    expect(await state(down)).toMatchObject({ link_status: 'ok', check_failures: 0, http_status: 200 });
  }, 60_000);

  it('takes a new og:image when the site changes it, and removes the file it replaced', async () => {
    // A picture no other tool holds yet (the shared run's one is con-og's, and a shared image is not used).
    site.repaint(SITES.withOg);
    const [tool] = (await addOwnTools(site.url(SITES.withOg))) as [string];
    await runEnrichment(options({ slugs: [tool] }));
    const before = (await state(tool)).image_url!;
    expect(before).toMatch(new RegExp(`^enrichment/${tool}-[0-9a-f]{16}\\.jpg$`));
    site.repaint(SITES.withOg);
    await runEnrichment(options({ slugs: [tool] }));
    const after = (await state(tool)).image_url!;
    expect(after).not.toBe(before);
    await expect(readFile(path.join(uploads, after))).resolves.toBeInstanceOf(Buffer);
    await expect(readFile(path.join(uploads, before))).rejects.toThrow(/ENOENT/);
  });

  it('checks only what is due: a second run finds nothing to do', async () => {
    const report = await runEnrichment(options());
    // Every tool was checked less than a week ago, the failing ones less than a day ago.
    expect(report.checked).toBe(0);
  });
});
