/**
 * The living catalogue on a real database: the seeded catalogue's curation (ranks, retired tools, logos), the home's order,
 * the three ranking filters with their counters, 'Visitar' clicks, the popularity score, retired tools, the
 * admin's review of flagged tools, the public API and the feed.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { APIContext } from 'astro';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { countClickEndpoint } from '../../src/features/clicks/clicks.server.ts';
import { apiPreflight, apiToolsEndpoint, type ApiToolsPage } from '../../src/features/catalogue/public-api.server.ts';
import { linkReviewEndpoint } from '../../src/features/catalogue/link-review.server.ts';
import { listFlaggedTools, listRetiredTools } from '../../src/server/catalogue/link-review.ts';
import { readSearchRows } from '../../src/server/search/search-index.ts';
import { ERROR_TABLE } from '../../src/lib/error-table.ts';
import { applyCatalogueCuration } from '../../src/server/catalogue/curation.ts';
import { refreshPopularityScores } from '../../src/server/catalogue/jobs.ts';
import { seedCatalogue } from '../../src/server/catalogue/seed.ts';
import { closeDb } from '../../src/server/db/client.ts';
import { readHomePage } from '../../src/server/db/queries/public/home.ts';
import { getPublishedToolBySlug, listAlternatives, listTools } from '../../src/server/db/queries/public/tools.ts';
import { LocalStorage } from '../../src/server/storage/local.ts';
import { GET as feed } from '../../src/pages/feed.xml.ts';
import { useMigratedDatabase } from './helpers/db.ts';
import { createTool } from './helpers/fixtures.ts';
import { callRoute, TEST_SITE } from './helpers/endpoint.ts';

const pool = await useMigratedDatabase();
process.env.DATABASE_URL = inject('databaseUrl');
await seedCatalogue(pool);

let uploads: string;
let storage: LocalStorage;
const logs: string[] = [];

beforeAll(async () => {
  uploads = await mkdtemp(path.join(os.tmpdir(), 'brujula-curation-'));
  storage = new LocalStorage(uploads);
  await applyCatalogueCuration(pool, storage, (line) => logs.push(line));
}, 120_000);

afterAll(async () => {
  await closeDb();
  await rm(uploads, { recursive: true, force: true });
});

const idOf = async (slug: string) => (await pool.query<{ id: string }>('SELECT id FROM posts WHERE slug = $1', [slug])).rows[0]!.id;
const SESSION = (n: number) => `session_1795300000000_${String(n).padStart(6, '0')}abc`;
const titles = async (filter: Parameters<typeof listTools>[0]['filter'], category = '') =>
  (await listTools({ filter, category, page: 1 })).items.map((item) => item.slug);

describe('the seeded catalogue', () => {
  it('gets its 172 curated logos, rasterised and stored through the storage driver', async () => {
    expect(logs).toContain('Catálogo: 172 logos guardados.');
    const { rows } = await pool.query<{ slug: string; logo_url: string }>("SELECT slug, logo_url FROM posts WHERE logo_source = 'curated' ORDER BY slug");
    expect(rows).toHaveLength(172);
    const chatgpt = rows.find((row) => row.slug === 'chatgpt')!;
    expect(chatgpt.logo_url).toMatch(/^logos\/chatgpt-[0-9a-f]{12}\.png$/);
    expect(await sharp(await readFile(path.join(uploads, chatgpt.logo_url))).metadata()).toMatchObject({ format: 'png', width: 256, height: 256 });
  });

  it('is curated once: what an admin changes afterwards stays changed', async () => {
    // The seeded catalogue is every test's: Claude's logo and AI Music's retirement come back, even when this test fails.
    const { rows: claude } = await pool.query<{ logo_url: string; logo_source: string }>("SELECT logo_url, logo_source FROM posts WHERE slug = 'claude'");
    onTestFinished(async () => {
      await pool.query("UPDATE posts SET logo_url = $1, logo_source = $2::image_source WHERE slug = 'claude'", [claude[0]!.logo_url, claude[0]!.logo_source]);
      await pool.query("UPDATE posts SET discontinued_at = now() WHERE slug = 'ai-music'");
    });
    await pool.query("UPDATE posts SET logo_url = NULL, logo_source = 'none' WHERE slug = 'claude'");
    await pool.query("UPDATE posts SET discontinued_at = NULL WHERE slug = 'ai-music'");
    await applyCatalogueCuration(pool, storage);
    const { rows } = await pool.query<{ logo_url: string | null; discontinued_at: Date | null }>(
      "SELECT logo_url, discontinued_at FROM posts WHERE slug IN ('claude', 'ai-music') ORDER BY slug",
    );
    expect(rows).toEqual([
      { logo_url: null, discontinued_at: null },
      { logo_url: null, discontinued_at: null },
    ]);
  });

  it("shows the tools a visitor recognises on the home's first screen", async () => {
    const { firstPage } = await readHomePage();
    const known = [
      'chatgpt',
      'claude',
      'gemini',
      'midjourney',
      'perplexity',
      'github-copilot',
      'microsoft-copilot',
      'deepl',
      'canva-magic-studio',
      'notion-ai',
      'elevenlabs',
      'runway',
      'suno',
      'cursor',
    ];
    const slugs = firstPage.items.map((item) => item.slug);
    expect(slugs).toHaveLength(12);
    expect(slugs[0]).toBe('chatgpt');
    expect(slugs.filter((slug) => known.includes(slug)).length).toBeGreaterThanOrEqual(6);
    // Logos arrive as URLs the browser can load, from the configured storage.
    expect(firstPage.items[0]!.logoUrl).toMatch(/^\/media\/logos\/chatgpt-[0-9a-f]{12}\.png\?w=600$/);
  });

  it("orders 'Nuevas' by publication date first: a tool published today comes before the seeded ones", async () => {
    await pool.query(
      `INSERT INTO posts (title, slug, description, status, published_date, category_id)
       SELECT 'Recién llegada', 'recien-llegada', 'Publicada hoy.', 'published', now() + interval '1 minute', id FROM categories WHERE slug = 'imagen'`,
    );
    expect((await titles('new'))[0]).toBe('recien-llegada');
    await pool.query("DELETE FROM posts WHERE slug = 'recien-llegada'");
  });
});

describe('three filters, three meanings', () => {
  beforeAll(async () => {
    // Page views for Krea, 'Visitar' clicks for Ideogram, saves for Recraft.
    const krea = await idOf('krea');
    for (let n = 0; n < 5; n++) {
      await pool.query(
        "SELECT count_post_views(jsonb_build_array(jsonb_build_object('postId', $1::text, 'sessionId', $2::text, 'visitorType', 'unregistered')), interval '30 minutes')",
        [krea, SESSION(n)],
      );
    }
    for (let n = 0; n < 4; n++) await callRoute(countClickEndpoint(), { body: { toolId: await idOf('ideogram'), sessionId: SESSION(n) } });
    await pool.query("INSERT INTO profiles (id, name, email) SELECT 'u' || n, 'Persona ' || n, 'u' || n || '@ejemplo.es' FROM generate_series(1, 3) n");
    await pool.query(`INSERT INTO saved_posts (user_id, post_id) SELECT 'u' || n, p.id FROM generate_series(1, 3) n, posts p WHERE p.slug = 'recraft'`);
    await pool.query("UPDATE posts SET saved_count = 3 WHERE slug = 'recraft'");
    await refreshPopularityScores(pool);
  });

  it("'Más Visitadas' follows page views, 'Más Usadas' clicks out, 'Más Guardadas' saves", async () => {
    expect((await titles('most_visited'))[0]).toBe('krea');
    expect((await titles('most_used'))[0]).toBe('ideogram');
    expect((await titles('most_saved'))[0]).toBe('recraft');
  });

  it("'Populares' is the 30-day score: saves weigh most, then clicks, then views, over the editorial flags", async () => {
    const { rows } = await pool.query<{ slug: string; popularity_score: number }>(
      "SELECT slug, popularity_score FROM posts WHERE slug IN ('krea', 'ideogram', 'recraft', 'chatgpt', 'grok') ORDER BY slug",
    );
    expect(Object.fromEntries(rows.map((row) => [row.slug, row.popularity_score]))).toEqual({
      chatgpt: 10, // featured, no activity yet
      grok: 25, // the editorial 'popular' flag
      ideogram: 8 + 10, // four clicks, featured
      krea: 5,
      recraft: 15,
    });
    // Tools the editors flagged popular lead while nothing else happens, in editorial order.
    expect((await titles('popular')).slice(0, 2)).toEqual(['microsoft-copilot', 'grok']);
    // Activity older than 30 days no longer counts.
    await pool.query("UPDATE saved_posts SET created_at = now() - interval '31 days'");
    expect(await refreshPopularityScores(pool)).toBeGreaterThan(0);
    expect(await refreshPopularityScores(pool)).toBe(0);
    const { rows: after } = await pool.query<{ popularity_score: number }>("SELECT popularity_score FROM posts WHERE slug = 'recraft'");
    expect(after[0]!.popularity_score).toBe(0);
  });

  it('the three lists differ', async () => {
    const [popular, visited, used] = await Promise.all([titles('popular'), titles('most_visited'), titles('most_used')]);
    expect(new Set([popular.join(), visited.join(), used.join()]).size).toBe(3);
  });
});

describe("'Visitar' clicks", () => {
  const click = (body: unknown, headers: Record<string, string> = { origin: TEST_SITE }) => callRoute(countClickEndpoint(), { body, headers });

  it('count once per browser session and tool, apart from page views', async () => {
    const id = await idOf('pika');
    const { rows: before } = await pool.query<{ views: string; clicks: string }>('SELECT views, clicks FROM posts WHERE id = $1', [id]);
    // Its clicks leave with it: the popularity tests count the seeded catalogue's activity.
    onTestFinished(async () => {
      await pool.query('DELETE FROM post_clicks WHERE post_id = $1', [id]);
      await pool.query('UPDATE posts SET clicks = $2 WHERE id = $1', [id, before[0]!.clicks]);
    });
    const first = await click({ toolId: id, sessionId: SESSION(900) });
    expect(await first.json()).toEqual({ counted: true, clicks: 1 });
    const again = await Promise.all(Array.from({ length: 10 }, () => click({ toolId: id, sessionId: SESSION(900) })));
    for (const response of again) expect(await response.json()).toEqual({ counted: false, clicks: 1 });
    expect(await (await click({ toolId: id, sessionId: SESSION(901) })).json()).toEqual({ counted: true, clicks: 2 });
    const { rows } = await pool.query<{ views: string; clicks: string }>('SELECT views, clicks FROM posts WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ views: before[0]!.views, clicks: String(Number(before[0]!.clicks) + 2) });
  });

  it('refuse other sites, unknown or unpublished tools, bad input and NUL bytes', async () => {
    const id = await idOf('pika');
    expect((await click({ toolId: id, sessionId: SESSION(902) }, { origin: 'https://otro.example' })).status).toBe(403);
    expect((await click({ toolId: '00000000-0000-4000-8000-000000000000', sessionId: SESSION(902) })).status).toBe(404);
    const pending = await click({ toolId: (await createTool(pool, { status: 'pending' })).id, sessionId: SESSION(903) });
    expect(pending.status).toBe(404);
    const bad = await click({ toolId: 'pika', sessionId: SESSION(902) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe('Identificador de herramienta no válido.');
    expect((await click({ toolId: id, sessionId: 'session_1795300000000_abc\u0000' })).status).toBe(400);
  });
});

describe('retired tools', () => {
  it('keep their page with alternatives, leave every grid and filter, and stay findable', async () => {
    const diagram = await getPublishedToolBySlug('diagram');
    expect(diagram?.discontinuedAt).toBeInstanceOf(Date);
    const alternatives = await listAlternatives(diagram!, 3);
    expect(alternatives).toHaveLength(3);
    expect(alternatives.every((tool) => !tool.discontinued && tool.categories[0]?.slug === 'diseno')).toBe(true);
    for (const filter of ['new', 'popular', 'most_visited', 'most_used', 'featured'] as const) {
      for (let page = 1; ; page++) {
        const result = await listTools({ filter, category: 'diseno', page });
        expect(result.items.map((item) => item.slug)).not.toContain('diagram');
        if (!result.hasMore) break;
      }
    }
    const searchRow = (await readSearchRows(pool)).find((row) => row.slug === 'diagram');
    expect(searchRow?.discontinued).toBe(true);
  });
});

describe('the review of flagged tools', () => {
  const admin = { id: 'admin-1', role: 'admin' as const, name: 'Admin' };
  const review = (toolId: string, action: string, user: typeof admin | { id: string } | null = admin, headers?: Record<string, string>) =>
    callRoute(linkReviewEndpoint, { body: { action }, params: { id: toolId }, user, headers });

  let craiyonUrl = '';
  beforeAll(async () => {
    await pool.query(
      "INSERT INTO profiles (id, name, email, role) VALUES ('admin-1', 'Admin', 'admin@ejemplo.es', 'admin'), ('user-1', 'Usuaria', 'u@ejemplo.es', 'user')",
    );
    craiyonUrl = (await pool.query<{ url: string }>("SELECT url FROM posts WHERE slug = 'craiyon'")).rows[0]!.url;
  });

  /** Each test starts from the same two flags, whatever another test did to them: Lexica failing with seven checks, Craiyon moved. */
  async function flagLexicaAndCraiyon() {
    const id = await idOf('lexica');
    await pool.query(
      "UPDATE posts SET link_status = 'failing', check_failures = 3, http_status = 503, last_checked_at = now(), discontinued_at = NULL WHERE id = $1",
      [id],
    );
    await pool.query('DELETE FROM link_checks WHERE post_id = $1', [id]);
    await pool.query(
      `INSERT INTO link_checks (post_id, http_status, final_url, error, duration_ms, checked_at)
       SELECT $1, 503, 'https://lexica.art/', 'La web respondió HTTP 503.', 120, now() - n * interval '1 day' FROM generate_series(0, 6) n`,
      [id],
    );
    await pool.query(
      "UPDATE posts SET url = $1, link_status = 'moved', check_failures = 0, final_url = 'https://otra.example/', http_status = 200 WHERE slug = 'craiyon'",
      [craiyonUrl],
    );
  }

  it('lists them with their latest five checks, for moderators only', async () => {
    await flagLexicaAndCraiyon();
    const flagged = await listFlaggedTools(admin);
    expect(flagged.map((tool) => tool.slug)).toEqual(['lexica', 'craiyon']);
    expect(flagged[0]!.checks).toHaveLength(5);
    expect(flagged[0]!.checks[0]).toMatchObject({ httpStatus: 503, finalUrl: 'https://lexica.art/', error: 'La web respondió HTTP 503.', durationMs: 120 });
    await expect(listFlaggedTools({ role: 'user' })).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(listFlaggedTools(null)).rejects.toMatchObject({ kind: 'forbidden' });
  });

  it('refuses guests, plain users, other sites and unknown actions', async () => {
    await flagLexicaAndCraiyon();
    const id = await idOf('lexica');
    expect((await review(id, 'retire', null)).status).toBe(401);
    expect((await review(id, 'retire', { id: 'user-1' })).status).toBe(403);
    expect((await review(id, 'retire', admin, { origin: 'https://otro.example' })).status).toBe(403);
    const unknown = await review(id, 'borrar');
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: string }).error).toBe('Acción no válida.');
    expect((await review('00000000-0000-4000-8000-000000000000', 'retire')).status).toBe(404);
  });

  it('retires a tool and brings it back, each time with an audit entry', async () => {
    await flagLexicaAndCraiyon();
    const id = await idOf('lexica');
    const { rows: earlier } = await pool.query<{ n: number }>('SELECT coalesce(max(id), 0)::int AS n FROM audit_log');
    expect((await review(id, 'retire')).status).toBe(204);
    expect((await listRetiredTools(admin)).map((tool) => tool.slug)).toContain('lexica');
    expect((await listFlaggedTools(admin)).map((tool) => tool.slug)).toEqual(['craiyon']);
    const twice = await review(id, 'retire');
    expect(twice.status).toBe(ERROR_TABLE.conflict.status);
    expect((await review(id, 'restore')).status).toBe(204);
    const { rows } = await pool.query<{
      action: string;
      actor_name: string;
      summary: string;
      before: { discontinuedAt: string | null };
      after: { discontinuedAt: string | null };
    }>('SELECT action, actor_name, summary, before, after FROM audit_log WHERE target_id = $1 AND id > $2 ORDER BY id', [id, earlier[0]!.n]);
    expect(rows.map((row) => row.action)).toEqual(['post.link_retire', 'post.link_restore']);
    expect(rows[0]).toMatchObject({ actor_name: 'Admin', summary: 'Marcó «Lexica» como retirada', before: { discontinuedAt: null } });
    expect(rows[0]!.after.discontinuedAt).not.toBeNull();
    const { rows: tool } = await pool.query('SELECT link_status, check_failures, discontinued_at FROM posts WHERE id = $1', [id]);
    expect(tool[0]).toEqual({ link_status: 'unknown', check_failures: 0, discontinued_at: null });
  });

  it("accepts a moved tool's new address, or dismisses the flag", async () => {
    await flagLexicaAndCraiyon();
    const craiyon = await idOf('craiyon');
    expect((await review(craiyon, 'accept_url')).status).toBe(204);
    const { rows } = await pool.query('SELECT url, link_status FROM posts WHERE id = $1', [craiyon]);
    expect(rows[0]).toEqual({ url: 'https://otra.example/', link_status: 'ok' });
    expect((await review(craiyon, 'accept_url')).status).toBe(409);
    await pool.query("UPDATE posts SET link_status = 'failing', check_failures = 4 WHERE id = $1", [craiyon]);
    expect((await review(craiyon, 'dismiss')).status).toBe(204);
    expect((await pool.query('SELECT link_status, check_failures FROM posts WHERE id = $1', [craiyon])).rows[0]).toEqual({
      link_status: 'ok',
      check_failures: 0,
    });
  });
});

describe('GET /api/v1/tools', () => {
  const api = (query = '', headers: Record<string, string> = { origin: 'https://otra-web.example' }) =>
    callRoute(apiToolsEndpoint(), { path: `/api/v1/tools${query}`, headers });

  it('pages the live catalogue newest first, for any origin, cacheable', async () => {
    const response = await api();
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=300/);
    const body = (await response.json()) as ApiToolsPage;
    expect(body.pagination).toEqual({ page: 1, perPage: 24, total: 1004, totalPages: 42 });
    expect(body.data).toHaveLength(24);
    expect(body.data[0]).toMatchObject({
      slug: 'chatgpt',
      name: 'ChatGPT',
      url: 'https://chatgpt.com/',
      page: 'http://127.0.0.1:4321/chatgpt',
      pricing: 'freemium',
      featured: true,
    });
    expect(body.data[0]!.logo).toMatch(/^http:\/\/127\.0\.0\.1:4321\/media\/logos\/chatgpt-[0-9a-f]{12}\.png\?w=600$/);
    expect(Object.keys(body.data[0]!).sort()).toEqual(
      [
        'categories',
        'description',
        'facts',
        'featured',
        'id',
        'image',
        'logo',
        'name',
        'page',
        'pricing',
        'publishedAt',
        'slug',
        'updatedAt',
        'url',
        'verified',
      ].sort(),
    );
    expect(body.links.next).toBe('http://127.0.0.1:4321/api/v1/tools?page=2&per_page=24');
    expect(body.links.prev).toBeNull();
  });

  it('filters by category and pricing, together', async () => {
    const body = (await (await api('?category=imagen&pricing=free&per_page=100')).json()) as ApiToolsPage;
    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM posts p WHERE p.status = 'published' AND p.discontinued_at IS NULL AND p.pricing = 'free'
         AND EXISTS (SELECT 1 FROM post_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.post_id = p.id AND c.slug = 'imagen')`,
    );
    expect(body.pagination.total).toBe(rows[0]!.n);
    expect(body.data.every((tool) => tool.pricing === 'free' && tool.categories.some((category) => category.slug === 'imagen'))).toBe(true);
    const past = (await (await api('?category=imagen&pricing=free&page=50')).json()) as ApiToolsPage;
    expect(past.data).toEqual([]);
    expect(past.pagination.total).toBe(rows[0]!.n);
  });

  it('explains bad parameters in Spanish, readable cross-origin, and answers the preflight', async () => {
    const bad = await api('?pricing=barato');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('access-control-allow-origin')).toBe('*');
    expect(((await bad.json()) as { error: string }).error).toBe('pricing debe ser uno de: free, freemium, paid, open_source, unknown.');
    expect((await api('?per_page=101')).status).toBe(400);
    expect((await api('?category=%3Cscript%3E')).status).toBe(400);
    const preflight = await apiPreflight({} as APIContext);
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
  });
});

describe('/feed.xml', () => {
  it('lists the 50 newest live tools as RSS 2.0', async () => {
    const response = await feed({} as APIContext);
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const xml = await response.text();
    expect(xml.match(/<item>/g)).toHaveLength(50);
    expect(xml).toContain('<title>ChatGPT</title>');
    expect(xml).toContain('<link>http://127.0.0.1:4321/chatgpt</link>');
    expect(xml).not.toContain('<link>http://127.0.0.1:4321/diagram</link>');
  });
});
