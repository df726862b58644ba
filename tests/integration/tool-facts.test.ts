/**
 * A tool's facts through the real publication endpoints, the queue, the public API, the tool page's read and the
 * account export, on a real PostgreSQL: who may check them, what is refused, what is shown.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { useMigratedDatabase } from './helpers/db.ts';
import { callRoute } from './helpers/endpoint.ts';

// Configuration is read once per process: set it before the site's modules first ask for it.
const dataDir = await mkdtemp(path.join(tmpdir(), 'brujula-facts-'));
process.env.DATA_DIR = dataDir;
process.env.SITE_URL = 'http://localhost:4321';
process.env.SMTP_URL = '';
process.env.STORAGE_DRIVER = 'local';
process.env.VERCEL_DEPLOY_HOOK_URL = '';

const { publishEndpoint, editEndpoint, loadToolEndpoint } = await import('../../src/features/publish/publish.server.ts');
const { approveEndpoint } = await import('../../src/features/moderation/moderation.server.ts');
const { apiToolsEndpoint } = await import('../../src/features/catalogue/public-api.server.ts');
const { listApiTools } = await import('../../src/server/db/queries/public/api.ts');
const { getPublishedToolBySlug } = await import('../../src/server/db/queries/public/tools.ts');
const { exportUserData } = await import('../../src/features/dashboard/export.server.ts');
const { closeDb } = await import('../../src/server/db/client.ts');

const pool = await useMigratedDatabase();
process.env.DATABASE_URL = inject('databaseUrl');
afterAll(async () => {
  await closeDb();
  await rm(dataDir, { recursive: true, force: true });
});

await pool.query(`INSERT INTO profiles (id, name, email, role) VALUES
  ('ana', 'Ana Autora', 'ana@ejemplo.es', 'user'), ('bruno', 'Bruno', 'bruno@ejemplo.es', 'user'), ('admin', 'Alba Admin', 'alba@ejemplo.es', 'admin')`);
const { rows: categories } = await pool.query<{ id: string }>(`INSERT INTO categories (slug, name) VALUES ('escritura', 'Escritura') RETURNING id`);

beforeEach(() => pool.query('DELETE FROM rate_limit_buckets'));

type Caller = { id: string; name?: string; role?: 'user' | 'admin' } | null;
const ana = { id: 'ana', name: 'Ana Autora' };
const bruno = { id: 'bruno', name: 'Bruno' };
const admin = { id: 'admin', name: 'Alba Admin', role: 'admin' as const };

const facts = {
  spanishInterface: 'yes',
  spanishOutput: 'yes',
  spanishVoice: 'no',
  freePlan: 'yes',
  priceFrom: { amount: '20', currency: 'EUR', period: 'month' },
  platforms: ['api', 'web', 'ios'],
  openSource: 'no',
  license: '',
  company: 'Resúmenes SL',
  country: 'es',
  launchYear: '2023',
  signupRequired: 'yes',
};
const storedFacts = {
  spanishInterface: 'yes',
  spanishOutput: 'yes',
  spanishVoice: 'no',
  freePlan: 'yes',
  priceFrom: { amount: 20, currency: 'EUR', period: 'month' },
  platforms: ['web', 'ios', 'api'],
  openSource: 'no',
  license: null,
  company: 'Resúmenes SL',
  country: 'ES',
  launchYear: 2023,
  signupRequired: 'yes',
};

let titles = 0;
const post = (overrides: Record<string, unknown> = {}) => ({
  title: `Resumidor ${++titles}`,
  description: 'Resume documentos largos y responde preguntas sobre ellos.',
  url: `https://resumidor-${titles}.es/`,
  pricing: 'freemium',
  categoryIds: [categories[0]!.id],
  content: '<p>Resume documentos.</p>',
  ...overrides,
});

const publish = (user: Caller, body: unknown) => callRoute(publishEndpoint, { path: '/api/posts', body, user });
const load = (user: Caller, id: string) => callRoute(loadToolEndpoint, { path: `/api/posts/${id}`, user, params: { id } });
const edit = (user: Caller, id: string, body: unknown) => callRoute(editEndpoint, { method: 'PUT', path: `/api/posts/${id}`, body, user, params: { id } });
const approve = (user: Caller, id: string) => callRoute(approveEndpoint, { method: 'POST', path: `/api/posts/${id}/approve`, body: {}, user, params: { id } });

const FORM_FIELDS = [
  'title',
  'description',
  'url',
  'pricing',
  'categoryIds',
  'imageUrl',
  'logoUrl',
  'content',
  'metaTitle',
  'metaDescription',
  'keywords',
  'author',
  'useCases',
  'facts',
  'version',
];
/** The editor's form as it loads a post, with `changes` applied. */
async function formFor(user: Caller, id: string, changes: Record<string, unknown> = {}) {
  const loaded = (await (await load(user, id)).json()) as { post: Record<string, unknown> };
  return { ...Object.fromEntries(FORM_FIELDS.map((field) => [field, loaded.post[field]])), ...changes };
}

async function factsRow(id: string) {
  const { rows } = await pool.query(
    `SELECT spanish_interface, free_plan, price_from_amount::text AS price_from_amount, price_from_currency, platforms, company, company_country,
            launch_year, facts_checked_at, facts_checked_by, updated_at FROM posts WHERE id = $1`,
    [id],
  );
  return rows[0];
}

async function published(user: Caller, body: Record<string, unknown>): Promise<string> {
  const created = await publish(user, body);
  expect(created.status).toBe(200);
  return ((await created.json()) as { id: string }).id;
}

describe('facts in the publication form', () => {
  it('an author’s facts are saved as claims: validated, normalised and unchecked', async () => {
    const id = await published(ana, post({ facts }));
    expect(await factsRow(id)).toMatchObject({
      spanish_interface: 'yes',
      free_plan: 'yes',
      price_from_amount: '20.00',
      price_from_currency: 'EUR',
      platforms: ['web', 'ios', 'api'],
      company: 'Resúmenes SL',
      company_country: 'ES',
      launch_year: 2023,
      facts_checked_at: null,
      facts_checked_by: null,
    });
    const loaded = (await (await load(ana, id)).json()) as { post: { facts: unknown; factsCheckedAt: string | null } };
    expect(loaded.post.facts).toEqual(storedFacts);
    expect(loaded.post.factsCheckedAt).toBeNull();
  });

  it('a submission without facts leaves every fact unknown', async () => {
    const id = await published(ana, post());
    expect(await factsRow(id)).toMatchObject({ spanish_interface: 'unknown', free_plan: 'unknown', price_from_amount: null, platforms: [], company: null });
  });

  it('nobody can name who checked the facts or when: the request is refused and nothing is saved', async () => {
    const before = Number((await pool.query('SELECT count(*) FROM posts')).rows[0].count);
    for (const user of [ana, admin]) {
      const answer = await publish(user, post({ facts: { ...facts, checkedAt: '2020-01-01T00:00:00.000Z', checkedBy: 'admin' } }));
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: string }).error).toBe('La solicitud incluye datos desconocidos.');
    }
    expect(Number((await pool.query('SELECT count(*) FROM posts')).rows[0].count)).toBe(before);

    const id = await published(ana, post({ facts }));
    const answer = await edit(ana, id, await formFor(ana, id, { facts: { ...facts, checkedAt: new Date().toISOString() } }));
    expect(answer.status).toBe(400);
    expect(await factsRow(id)).toMatchObject({ facts_checked_at: null, facts_checked_by: null });
  });

  it('invalid values answer 400 in Spanish, field by field, and change nothing', async () => {
    const id = await published(ana, post({ facts }));
    const before = await factsRow(id);
    const invalid = {
      ...facts,
      priceFrom: { amount: 'veinte', currency: 'EUR', period: 'month' },
      country: 'XX',
      launchYear: '1800',
      platforms: ['web', 'playstation'],
      freePlan: 'quizá',
    };
    const answer = await edit(ana, id, await formFor(ana, id, { facts: invalid }));
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { error: string; code: string; fields: Record<string, string> };
    expect(body.code).toBe('invalid_input');
    expect(body.fields).toMatchObject({
      'facts.priceFrom.amount': expect.stringMatching(/^Escribe el importe en cifras/),
      'facts.launchYear': 'Escribe un año de 1990 en adelante, con cuatro cifras.',
      'facts.platforms.1': 'Elige una opción de la lista.',
      'facts.freePlan': 'Elige una opción de la lista.',
    });
    expect(await factsRow(id)).toEqual(before);

    const badCountry = await edit(ana, id, await formFor(ana, id, { facts: { ...facts, country: 'XX' } }));
    expect(badCountry.status).toBe(400);
    expect(((await badCountry.json()) as { fields: Record<string, string> }).fields['facts.country']).toBe('Elige un país de la lista.');
    expect(await factsRow(id)).toEqual(before);
  });

  it('another user’s post is not there for them (404) and keeps its facts', async () => {
    const id = await published(ana, post({ facts }));
    const before = await factsRow(id);
    const form = await formFor(ana, id, { facts: { ...facts, company: 'Otra empresa' } });
    const answer = await edit(bruno, id, form);
    expect(answer.status).toBe(404);
    expect(await factsRow(id)).toEqual(before);
  });

  it('an admin’s save checks the facts (now, by them) and audits what changed; an edit without facts keeps them', async () => {
    const id = await published(ana, post({ facts }));
    const start = Date.now();
    const saved = await edit(admin, id, await formFor(admin, id, { facts: { ...facts, company: 'Resúmenes Globales SL' } }));
    expect(saved.status).toBe(200);
    const row = await factsRow(id);
    expect(row).toMatchObject({ company: 'Resúmenes Globales SL', facts_checked_by: 'admin' });
    expect((row.facts_checked_at as Date).getTime()).toBeGreaterThanOrEqual(start - 1000);
    const loaded = (await (await load(admin, id)).json()) as { post: { factsCheckedAt: string } };
    expect(new Date(loaded.post.factsCheckedAt).getTime()).toBe((row.facts_checked_at as Date).getTime());

    const { rows: audit } = await pool.query(`SELECT before, after FROM audit_log WHERE target_id = $1 AND action = 'post.edit'`, [id]);
    expect(audit[0].before.facts).toMatchObject({ company: 'Resúmenes SL' });
    expect(audit[0].after.facts).toMatchObject({ company: 'Resúmenes Globales SL' });
    expect(audit[0].after.facts).not.toHaveProperty('checkedAt');

    const withoutFacts: Record<string, unknown> = await formFor(admin, id, { title: 'Resumidor renombrado' });
    delete withoutFacts.facts;
    expect((await edit(admin, id, withoutFacts)).status).toBe(200);
    expect(await factsRow(id)).toMatchObject({ company: 'Resúmenes Globales SL', facts_checked_by: 'admin' });
  });

  it('an admin who leaves every fact unknown vouches for nothing', async () => {
    const id = await published(ana, post({ facts }));
    const unknown = { spanishInterface: 'unknown', freePlan: 'unknown', platforms: [], priceFrom: null };
    expect((await edit(admin, id, await formFor(admin, id, { facts: unknown }))).status).toBe(200);
    expect(await factsRow(id)).toMatchObject({ spanish_interface: 'unknown', price_from_amount: null, facts_checked_at: null, facts_checked_by: null });
  });

  it('an author’s new version of a checked submission goes back to unchecked claims', async () => {
    const id = await published(ana, post({ facts }));
    await edit(admin, id, await formFor(admin, id, { status: 'rejected', reviewNote: 'Falta el precio en euros.' }));
    expect(await factsRow(id)).toMatchObject({ facts_checked_by: 'admin' });
    expect((await edit(ana, id, await formFor(ana, id, { facts: { ...facts, launchYear: '2024' } }))).status).toBe(200);
    expect(await factsRow(id)).toMatchObject({ launch_year: 2024, facts_checked_at: null, facts_checked_by: null });
  });

  it('approval from the queue checks the author’s facts; a submission without facts stays unchecked', async () => {
    const withFacts = await published(ana, post({ facts }));
    expect((await approve(admin, withFacts)).status).toBe(200);
    expect(await factsRow(withFacts)).toMatchObject({ facts_checked_by: 'admin' });
    expect((await factsRow(withFacts)).facts_checked_at).toBeInstanceOf(Date);

    const without = await published(ana, post());
    expect((await approve(admin, without)).status).toBe(200);
    expect(await factsRow(without)).toMatchObject({ facts_checked_at: null, facts_checked_by: null });
  });
});

describe('facts where they are read', () => {
  it('the tool page, the public API and the account export carry them; the API and the export never say who checked', async () => {
    const id = await published(ana, post({ title: 'Resumidor Público', facts }));
    expect((await approve(admin, id)).status).toBe(200);
    const { slug, facts_checked_at: checkedAt } = (await pool.query('SELECT slug, facts_checked_at FROM posts WHERE id = $1', [id])).rows[0];

    const page = await getPublishedToolBySlug(slug);
    expect(page?.facts).toEqual({ ...storedFacts, checkedAt: (checkedAt as Date).toISOString(), checkedBy: 'admin' });

    const answer = await callRoute(apiToolsEndpoint(listApiTools), { path: '/api/v1/tools?per_page=100' });
    const tool = ((await answer.json()) as { data: { id: string; facts: Record<string, unknown> }[] }).data.find((entry) => entry.id === id)!;
    expect(tool.facts).toEqual({
      spanish: { interface: 'yes', output: 'yes', voice: 'no' },
      freePlan: 'yes',
      priceFrom: { amount: 20, currency: 'EUR', period: 'month' },
      platforms: ['web', 'ios', 'api'],
      openSource: 'no',
      license: null,
      company: 'Resúmenes SL',
      country: 'ES',
      launchYear: 2023,
      signupRequired: 'yes',
      checkedAt: (checkedAt as Date).toISOString(),
    });

    const exported = await exportUserData('ana', 'Brújula IA');
    const mine = exported!.posts.find((entry) => entry.id === id)!;
    expect(mine.facts).toMatchObject({ company: 'Resúmenes SL', checkedAt: (checkedAt as Date).toISOString() });
    expect(mine.facts).not.toHaveProperty('checkedBy');
  });

  it('the API gives unknown facts as "unknown" and null', async () => {
    const id = await published(ana, post());
    expect((await approve(admin, id)).status).toBe(200);
    const answer = await callRoute(apiToolsEndpoint(listApiTools), { path: '/api/v1/tools?per_page=100' });
    const tool = ((await answer.json()) as { data: { id: string; facts: Record<string, unknown> }[] }).data.find((entry) => entry.id === id)!;
    expect(tool.facts).toEqual({
      spanish: { interface: 'unknown', output: 'unknown', voice: 'unknown' },
      freePlan: 'unknown',
      priceFrom: null,
      platforms: [],
      openSource: 'unknown',
      license: null,
      company: null,
      country: null,
      launchYear: null,
      signupRequired: 'unknown',
      checkedAt: null,
    });
  });
});
