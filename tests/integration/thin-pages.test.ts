/**
 * Thin tool pages: a tool whose article is still the seed's template is noindex and out of the sitemap
 * and feed; rewriting it through the editor makes it indexable at once, on-demand pages included.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { useMigratedDatabase } from './helpers/db.ts';
import { callRoute } from './helpers/endpoint.ts';

// Configuration is read once per process: set it before the site's modules first ask for it.
const dataDir = await mkdtemp(path.join(tmpdir(), 'brujula-thin-'));
process.env.DATA_DIR = dataDir;
process.env.SITE_URL = 'http://localhost:4321';
process.env.SMTP_URL = '';
process.env.STORAGE_DRIVER = 'local';

const { seedCatalogue } = await import('../../src/server/catalogue/seed.ts');
const { readCatalogueReport } = await import('../../src/server/catalogue/report.ts');
const { closeDb } = await import('../../src/server/db/client.ts');
const { listPublishedToolDates } = await import('../../src/server/db/queries/public/sitemap.ts');
const { getPublishedToolBySlug, listNewestTools } = await import('../../src/server/db/queries/public/tools.ts');
const { editEndpoint, loadToolEndpoint } = await import('../../src/features/publish/publish.server.ts');
const { onDemandToolPage } = await import('../../src/features/tool-page/on-demand.server.ts');
const { readOverview } = await import('../../src/features/admin/overview.server.ts');
const { isThinArticle, MIN_ARTICLE_TEXT } = await import('../../src/lib/thin-article.ts');
const { seedDir } = await import('../../src/server/catalogue/seed-dir.ts');
// Every hand-written article in the seed must come out indexable; the rest of the catalogue is the template.
const WRITTEN = (await readdir(`${seedDir}articles`)).filter((file) => file.endsWith('.html')).length;
const PUBLISHED = 1006;

const pool = await useMigratedDatabase();
await seedCatalogue(pool);
await pool.query(`INSERT INTO profiles (id, name, email, role) VALUES ('admin', 'Alba Admin', 'alba@ejemplo.es', 'admin')`);
process.env.DATABASE_URL = inject('databaseUrl');
afterAll(async () => {
  await closeDb();
  await rm(dataDir, { recursive: true, force: true });
});

const admin = { id: 'admin', name: 'Alba Admin', role: 'admin' as const };
const FORM_FIELDS = ['title', 'description', 'url', 'pricing', 'categoryIds', 'imageUrl', 'logoUrl', 'content', 'metaTitle', 'metaDescription', 'keywords'];

async function rewrite(id: string, content: string) {
  const loaded = await callRoute(loadToolEndpoint, { path: `/api/posts/${id}`, user: admin, params: { id } });
  const post = ((await loaded.json()) as { post: Record<string, unknown> }).post;
  const form = Object.fromEntries(FORM_FIELDS.map((field) => [field, post[field]]));
  const saved = await callRoute(editEndpoint, {
    method: 'PUT',
    path: `/api/posts/${id}`,
    body: { ...form, content, status: 'published', version: post.version },
    user: admin,
    params: { id },
  });
  expect(saved.status).toBe(200);
}

const sitemapSlugs = async () => new Set((await listPublishedToolDates()).map((row) => row.slug));
const paragraph = (words: number) => `<p>${Array.from({ length: words }, (_, index) => `palabra${index % 10}`).join(' ')}</p>`;

describe('thin tool pages', () => {
  it('marks the seed’s generated articles and keeps their pages out of the sitemap and feed', async () => {
    const blimey = (await getPublishedToolBySlug('blimey'))!;
    expect(blimey.articleIsTemplate).toBe(true);
    expect(isThinArticle(blimey)).toBe(true);
    const chatgpt = (await getPublishedToolBySlug('chatgpt'))!;
    expect(chatgpt.articleIsTemplate).toBe(false);
    expect(chatgpt.articleTextLength).toBeGreaterThanOrEqual(MIN_ARTICLE_TEXT);
    expect(isThinArticle(chatgpt)).toBe(false);

    const slugs = await sitemapSlugs();
    expect(slugs.has('blimey')).toBe(false);
    expect(slugs.has('chatgpt')).toBe(true);
    const feed = await listNewestTools(1_000);
    expect(feed.map((tool) => tool.slug)).not.toContain('blimey');
    expect(feed.length).toBeGreaterThan(0);
  });

  it('measures the plain text of the article, not its markup', async () => {
    const { rows } = await pool.query<{ length: number }>(
      `INSERT INTO posts (title, slug, description, content) VALUES ('Medida', 'medida', 'd', '<h2>Hola</h2>\n<p>mundo  <a href="https://a.es/con-un-enlace-largo">feliz</a></p>')
       RETURNING article_text_length AS length`,
    );
    expect(rows[0]!.length).toBe('Hola mundo feliz'.length);
  });

  it('reports the seeded catalogue: every written article indexable, the templates well under the threshold', async () => {
    const report = await readCatalogueReport(pool);
    const templates = PUBLISHED - WRITTEN;
    expect(report).toMatchObject({ published: PUBLISHED, written: WRITTEN, thin: templates, thinTemplate: templates, thinShort: 0 });
    expect(report.templateLengths.max!).toBeLessThan(MIN_ARTICLE_TEXT);
    expect(report.otherLengths.min!).toBeGreaterThanOrEqual(MIN_ARTICLE_TEXT);
    expect(report.knownPricing).toBeLessThan(report.published);
    // At least 300 real articles, every one with its checked facts (supabase/seed/facts).
    expect(report.written).toBeGreaterThanOrEqual(300);
    expect(report.writtenWithFacts).toBe(report.written);
    expect(report.inSpanish).toBeLessThanOrEqual(report.knownSpanish);
  });

  it('lists the pages to complete for admins, best known first, with the indexable count', async () => {
    const overview = await readOverview(admin);
    expect(overview.articles).toEqual({ indexable: WRITTEN, thin: PUBLISHED - WRITTEN });
    expect(overview.thinTools).toHaveLength(50);
    expect(overview.thinTools.map((tool) => tool.slug)).not.toContain('chatgpt');
    await expect(readOverview({ role: 'user' })).rejects.toThrow();
  });

  it('keeps a short rewrite thin and indexes a real article at once, on-demand page included', async () => {
    const { rows } = await pool.query<{ id: string; content: string }>(`SELECT id, content FROM posts WHERE slug = 'blimey'`);
    const { id, content } = rows[0]!;
    // The other tests count the seeded catalogue: its template article comes back, even when this test fails.
    onTestFinished(async () => {
      await pool.query('UPDATE posts SET content = $2, article_is_template = true WHERE id = $1', [id, content]);
    });

    await rewrite(id, `<h2>Blimey</h2>${paragraph(20)}`);
    let tool = (await getPublishedToolBySlug('blimey'))!;
    expect(tool.articleIsTemplate).toBe(false);
    expect(isThinArticle(tool)).toBe(true);
    expect((await sitemapSlugs()).has('blimey')).toBe(false);

    await rewrite(id, `<h2>Qué es Blimey</h2>${paragraph(150)}`);
    tool = (await getPublishedToolBySlug('blimey'))!;
    expect(isThinArticle(tool)).toBe(false);
    expect((await sitemapSlugs()).has('blimey')).toBe(true);
    expect((await listNewestTools(1_000)).map((entry) => entry.slug)).toContain('blimey');
    // The on-demand page reads its own copy (cached for a second): it waits out the cache, then agrees.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const page = await onDemandToolPage('blimey', null);
    if (page?.kind !== 'public') throw new Error(`La página de blimey no es pública: ${page?.kind}`);
    expect(isThinArticle(page.tool)).toBe(false);
  });
});
