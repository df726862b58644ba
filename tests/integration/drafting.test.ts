/**
 * «Redactar con IA» on a real PostgreSQL, against the fake OpenAI-compatible provider (its real wire protocol) and
 * the fake website (robots.txt, homepage, pricing page): a draft is written from the tool's own site and stored
 * apart; robots.txt that forbids us or a failing provider leave a Spanish error and no row; accepting writes the
 * article and facts with the checker stamped; discarding changes nothing; only admins may call.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const root = await mkdtemp(path.join(tmpdir(), 'brujula-drafts-'));
// Before any module reads the configuration.
process.env.DATA_DIR = root;

const { useMigratedDatabase } = await import('./helpers/db.ts');
const { callRoute } = await import('./helpers/endpoint.ts');
const { closeDb } = await import('../../src/server/db/client.ts');
const { ERROR_TABLE } = await import('../../src/lib/error-table.ts');
const { getTextCompleter } = await import('../../src/server/ai/registry.ts');
const { draftEndpoints, runDraftQueue } = await import('../../src/features/drafting/drafts.server.ts');
const { startFakeWebsite, SITES } = await import('../fixtures/fake-website.ts');
const { startOpenAiFake } = await import('../fixtures/ai/openai.ts');
const { DRAFTABLE_TEXT } = await import('../fixtures/draftable-site.ts');

const pool = await useMigratedDatabase();
process.env.DATABASE_URL = inject('databaseUrl');

const ADMIN = { id: 'admin-1', name: 'Ada Admin', role: 'admin' as const };
const USER = { id: 'user-1', name: 'Ulises', role: 'user' as const };

const web = await startFakeWebsite();
const ai = await startOpenAiFake();
afterAll(async () => {
  await Promise.all([web.close(), ai.close()]);
  await closeDb();
  await rm(root, { recursive: true, force: true });
});

const deps = {
  completer: () =>
    getTextCompleter({
      image: { provider: 'pollinations', model: null },
      description: { provider: 'openai-compatible', model: 'modelo-falso' },
      story: { provider: 'openai-compatible', model: 'modelo-falso' },
      timeoutMs: 5_000,
      pollinations: { apiKey: null, imageUrl: '', textUrl: '' },
      openaiCompatible: { baseUrl: `${ai.url}/v1`, apiKey: 'clave-falsa' },
      gemini: { apiKey: null, baseUrl: '' },
    }),
  site: () => ({ siteUrl: 'http://localhost:4321', allowHosts: web.allowHosts(), resolve: web.resolve, hostDelayMs: 0 }),
};
const routes = draftEndpoints(deps);

beforeAll(async () => {
  await pool.query(`INSERT INTO profiles (id, name, email, role) VALUES
    ('admin-1', 'Ada Admin', 'ada@ejemplo.es', 'admin'), ('user-1', 'Ulises', 'ulises@ejemplo.es', 'user')`);
});

let sequence = 0;
async function insertTool(url: string | null, description = 'Una herramienta de texto.'): Promise<string> {
  sequence += 1;
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO posts (title, slug, description, status, url, content, article_is_template, free_plan, company)
     VALUES ($1, $2, $3, 'published', $4, '<p>Plantilla breve.</p>', true, 'unknown', 'Escriba SL') RETURNING id`,
    [`${DRAFTABLE_TEXT.title} ${sequence}`, `escriba-${sequence}`, description, url],
  );
  return rows[0]!.id;
}

const draftRows = async (toolId: string) =>
  (await pool.query<{ status: string; error: string | null }>('SELECT status, error FROM article_drafts WHERE post_id = $1 ORDER BY created_at', [toolId]))
    .rows;
const auditActions = async (toolId: string) =>
  (await pool.query<{ action: string }>('SELECT action FROM audit_log WHERE target_id = $1 ORDER BY id', [toolId])).rows.map((row) => row.action);
const create = (toolId: string, user: { id: string; role: 'admin' | 'user'; name: string } | null = ADMIN) =>
  callRoute(routes.create, { body: { toolId }, user });

describe('POST /api/admin/drafts', () => {
  it('drafts the article and facts from the homepage and the pricing page, stored apart from the tool', async () => {
    const toolId = await insertTool(web.url(SITES.draftable));
    const aiCalls = ai.requests.length;
    const earlierVisits = web.requests.length;
    const response = await create(toolId);
    expect(response.status).toBe(200);
    const { draft } = (await response.json()) as {
      draft: { id: string; articleHtml: string; facts: Record<string, unknown>; status: string; sourceUrl: string };
    };
    expect(draft.status).toBe('pending');
    expect(draft.sourceUrl).toBe(web.url(SITES.draftable));
    expect(draft.articleHtml).toContain(`<h2>¿Qué es ${DRAFTABLE_TEXT.title} ${sequence}?</h2>`);
    expect(draft.articleHtml).toContain(DRAFTABLE_TEXT.firstLine);
    // What the page says, and nothing it does not: the written-out country becomes unknown, the company stays.
    expect(draft.facts).toMatchObject({
      spanishInterface: 'yes',
      freePlan: 'yes',
      priceFrom: { amount: 12, currency: 'EUR', period: 'month' },
      platforms: ['web'],
      country: null,
      company: 'Escriba SL',
      spanishVoice: 'unknown',
    });

    // robots.txt first, with our user agent; then the homepage and the pricing page it links.
    const visits = web.requests.slice(earlierVisits).filter((request) => request.host === SITES.draftable);
    expect(visits.map((request) => request.path)).toEqual(['/robots.txt', '/', '/precios']);
    expect(visits[0]!.userAgent).toMatch(/^BrujulaIA\/1\.0 .*borrador de ficha/);
    // One model call, with the pages' text and without the page's scripts.
    expect(ai.requests.length).toBe(aiCalls + 1);
    const sent = ai.requests.at(-1)!.body;
    expect(sent).toContain('Pro: Desde 12 €/mes');
    expect(sent).not.toContain(DRAFTABLE_TEXT.secret);

    const { rows } = await pool.query<{ content: string; free_plan: string; facts_checked_by: string | null }>(
      'SELECT content, free_plan, facts_checked_by FROM posts WHERE id = $1',
      [toolId],
    );
    expect(rows[0]).toEqual({ content: '<p>Plantilla breve.</p>', free_plan: 'unknown', facts_checked_by: null });
    expect(await draftRows(toolId)).toEqual([{ status: 'pending', error: null }]);
    expect(await auditActions(toolId)).toEqual(['draft.create']);
  });

  it('refuses a site whose robots.txt forbids us, in Spanish, without asking the model or storing a row', async () => {
    const toolId = await insertTool(web.url(SITES.forbidden));
    const aiCalls = ai.requests.length;
    const earlierVisits = web.requests.length;
    const response = await create(toolId);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: 'draft_robots', error: ERROR_TABLE.draft_robots.message });
    expect(
      web.requests
        .slice(earlierVisits)
        .filter((request) => request.host === SITES.forbidden)
        .map((request) => request.path),
    ).toEqual(['/robots.txt']);
    expect(ai.requests.length).toBe(aiCalls);
    expect(await draftRows(toolId)).toEqual([]);
  });

  it('answers a site that cannot be read, and a tool with no address, with their Spanish errors', async () => {
    const down = await insertTool(web.url(SITES.notFound));
    expect(await (await create(down)).json()).toMatchObject({ code: 'draft_site_unreachable', error: ERROR_TABLE.draft_site_unreachable.message });
    const noUrl = await insertTool(null);
    expect(await (await create(noUrl)).json()).toMatchObject({ code: 'draft_no_url' });
    expect([...(await draftRows(down)), ...(await draftRows(noUrl))]).toEqual([]);
  });

  it('turns a provider failure into the AI error message and stores nothing', async () => {
    const toolId = await insertTool(web.url(SITES.draftable), 'Una herramienta [fallo:500]');
    const response = await create(toolId);
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'ai_bad_response', error: 'Error en el servicio de IA' });
    expect(await draftRows(toolId)).toEqual([]);
    expect(await auditActions(toolId)).toEqual([]);
  });

  it('refuses guests (401) and plain users (403) before doing anything', async () => {
    const toolId = await insertTool(web.url(SITES.draftable));
    const before = web.requests.length;
    expect((await create(toolId, null)).status).toBe(401);
    expect((await create(toolId, USER)).status).toBe(403);
    expect((await callRoute(routes.batch, { body: { ids: [toolId] }, user: USER })).status).toBe(403);
    const fakeId = '00000000-0000-4000-8000-000000000000';
    expect((await callRoute(routes.accept, { body: { content: '<p>x</p>' }, params: { id: fakeId }, user: USER })).status).toBe(403);
    expect((await callRoute(routes.discard, { method: 'POST', params: { id: fakeId }, user: null })).status).toBe(401);
    expect(web.requests.length).toBe(before);
    expect(await draftRows(toolId)).toEqual([]);
  });
});

describe('reviewing a draft', () => {
  it('accepting writes the edited article and the facts, stamps the checker and audits the change', async () => {
    const toolId = await insertTool(web.url(SITES.draftable));
    const { draft } = (await (await create(toolId)).json()) as { draft: { id: string } };
    const edited = '<h2>¿Qué es Escriba Veloz?</h2><p>Texto revisado por Ada.</p><script>alert(1)</script>';
    const response = await callRoute(routes.accept, { body: { content: edited }, params: { id: draft.id }, user: ADMIN });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ toolId, path: `/escriba-${sequence}` });
    const { rows } = await pool.query(
      `SELECT content, article_is_template, spanish_interface, free_plan, price_from_amount, price_from_currency, price_from_period,
              platforms, company, company_country, facts_checked_by, facts_checked_at IS NOT NULL AS checked
       FROM posts WHERE id = $1`,
      [toolId],
    );
    expect(rows[0]).toEqual({
      content: '<h2>¿Qué es Escriba Veloz?</h2><p>Texto revisado por Ada.</p>',
      article_is_template: false,
      spanish_interface: 'yes',
      free_plan: 'yes',
      price_from_amount: '12.00',
      price_from_currency: 'EUR',
      price_from_period: 'month',
      platforms: ['web'],
      company: 'Escriba SL',
      company_country: null,
      facts_checked_by: ADMIN.id,
      checked: true,
    });
    expect(await draftRows(toolId)).toEqual([{ status: 'accepted', error: null }]);
    expect(await auditActions(toolId)).toEqual(['draft.create', 'draft.accept']);
    // Reviewed once: a second acceptance finds no draft waiting.
    const again = await callRoute(routes.accept, { body: { content: '<p>Otra vez</p>' }, params: { id: draft.id }, user: ADMIN });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ code: 'draft_not_found' });
  });

  it('discarding leaves the tool as it was', async () => {
    const toolId = await insertTool(web.url(SITES.draftable));
    const { draft } = (await (await create(toolId)).json()) as { draft: { id: string } };
    expect((await callRoute(routes.discard, { method: 'POST', params: { id: draft.id }, user: ADMIN })).status).toBe(200);
    const { rows } = await pool.query('SELECT content, facts_checked_by FROM posts WHERE id = $1', [toolId]);
    expect(rows[0]).toEqual({ content: '<p>Plantilla breve.</p>', facts_checked_by: null });
    expect(await draftRows(toolId)).toEqual([{ status: 'discarded', error: null }]);
    expect(await auditActions(toolId)).toEqual(['draft.create', 'draft.discard']);
  });
});

describe('POST /api/admin/drafts/batch', () => {
  it('queues the tools with a site, works them one at a time and records each failure in Spanish', async () => {
    const good = await insertTool(web.url(SITES.draftable));
    const forbidden = await insertTool(web.url(SITES.forbidden));
    const noUrl = await insertTool(null);
    const response = await callRoute(routes.batch, { body: { ids: [good, forbidden, noUrl] }, user: ADMIN });
    expect(await response.json()).toEqual({ queued: 2, skipped: 1 });
    await runDraftQueue(deps);
    expect(await draftRows(good)).toEqual([{ status: 'pending', error: null }]);
    expect(await draftRows(forbidden)).toEqual([{ status: 'failed', error: ERROR_TABLE.draft_robots.message }]);
    expect(await draftRows(noUrl)).toEqual([]);
    expect(await auditActions(good)).toEqual(['draft.create']);
    // A tool with a draft waiting for review is not queued again.
    expect(await (await callRoute(routes.batch, { body: { ids: [good] }, user: ADMIN })).json()).toEqual({ queued: 0, skipped: 1 });
  });
});
