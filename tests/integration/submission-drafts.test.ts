/** Publish-form drafts through the real endpoints, on a real PostgreSQL, attacks included. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { unsafeParts, XSS_CHEAT_SHEET } from '../fixtures/xss-cheat-sheet.ts';
import { useMigratedDatabase } from './helpers/db.ts';
import { callRoute } from './helpers/endpoint.ts';

// Configuration is read once per process: set it before the site's modules first ask for it.
const dataDir = await mkdtemp(path.join(tmpdir(), 'brujula-drafts-'));
process.env.DATA_DIR = dataDir;
process.env.SITE_URL = 'http://localhost:4321';
process.env.SMTP_URL = '';
process.env.STORAGE_DRIVER = 'local';

const { createDraftEndpoint, saveDraftEndpoint, deleteDraftEndpoint } = await import('../../src/features/publish/submission-drafts.server.ts');
const { publishEndpoint } = await import('../../src/features/publish/publish.server.ts');
const { draftPreview } = await import('../../src/features/publish/preview.server.ts');
const { listDrafts, loadDraft, MAX_DRAFTS_PER_USER } = await import('../../src/features/publish/submission-drafts-queries.server.ts');
const { closeDb } = await import('../../src/server/db/client.ts');

const pool = await useMigratedDatabase();
process.env.DATABASE_URL = inject('databaseUrl');
afterAll(async () => {
  await closeDb();
  await rm(dataDir, { recursive: true, force: true });
});

await pool.query(
  `INSERT INTO profiles (id, name, email, role) VALUES ('ana', 'Ana Autora', 'ana@ejemplo.es', 'user'), ('bruno', 'Bruno', 'bruno@ejemplo.es', 'user')`,
);
const { rows: categories } = await pool.query<{ id: string }>(`INSERT INTO categories (slug, name) VALUES ('escritura', 'Escritura') RETURNING id`);
const categoryId = categories[0]!.id;

beforeEach(async () => {
  await pool.query('DELETE FROM rate_limit_buckets');
  await pool.query('DELETE FROM submission_drafts');
});

type Caller = { id: string; name?: string } | null;
const ana = { id: 'ana', name: 'Ana Autora', role: 'user' as const };
const bruno = { id: 'bruno', name: 'Bruno', role: 'user' as const };
const create = (user: Caller, body: unknown, headers?: Record<string, string>) =>
  callRoute(createDraftEndpoint, { path: '/api/posts/drafts', body, user, headers });
const save = (user: Caller, id: string, body: unknown) =>
  callRoute(saveDraftEndpoint, { method: 'PUT', path: `/api/posts/drafts/${id}`, body, user, params: { id } });
const remove = (user: Caller, id: string) => callRoute(deleteDraftEndpoint, { method: 'DELETE', path: `/api/posts/drafts/${id}`, user, params: { id } });
const count = async (table: string) => (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;

async function newDraft(body: unknown = { title: 'Medio escrita' }): Promise<string> {
  const response = await create(ana, body);
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

describe('saving a draft', () => {
  it('keeps an incomplete form for its author, and nowhere a listing could be seen', async () => {
    const tools = await count('posts');
    const id = await newDraft({ title: '', description: 'Solo la descripción', categoryIds: [] });
    expect(await count('posts')).toBe(tools);
    const saved = await save(ana, id, { title: 'Ya con título', description: 'Y más texto', categoryIds: [categoryId], pricing: 'freemium' });
    expect(saved.status).toBe(200);
    expect(await listDrafts('ana')).toEqual([{ id, title: 'Ya con título', updatedAt: expect.any(String) }]);
    expect((await loadDraft('ana', id))?.values).toMatchObject({ title: 'Ya con título', categoryIds: [categoryId], pricing: 'freemium' });
    expect(await listDrafts('bruno')).toEqual([]);
  });

  it('checks types and limits even though nothing is required', async () => {
    const drafts = await count('submission_drafts');
    const response = await create(ana, { title: 'x'.repeat(151), pricing: 'gratisimo', categoryIds: ['no-es-un-id'] });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fields: Record<string, string> };
    expect(Object.keys(body.fields)).toEqual(expect.arrayContaining(['title', 'pricing', 'categoryIds.0']));
    expect((await create(ana, { title: 'Vale', estado: 'published' })).status).toBe(400);
    expect(await count('submission_drafts')).toBe(drafts);
  });

  it('sanitizes the article before storing it', async () => {
    const content = XSS_CHEAT_SHEET.map((payload, index) => `<p>Caso ${index}</p>${payload}`).join('\n');
    const id = await newDraft({ title: 'Con trampa', content });
    const stored = await loadDraft('ana', id);
    expect(stored?.values.content).toContain('<p>Caso 0</p>');
    expect(unsafeParts(stored!.values.content!)).toEqual([]);
  });

  it('refuses guests (401), other origins (403), huge bodies (413) and NUL bytes (400)', async () => {
    const drafts = await count('submission_drafts');
    const guest = await create(null, { title: 'Anónimo' });
    expect(guest.status).toBe(401);
    expect(((await guest.json()) as { error: string }).error).toBe('Necesitas iniciar sesión para guardar borradores.');
    expect((await create(ana, { title: 'De fuera' }, { origin: 'https://malicioso.example' })).status).toBe(403);
    const huge = await create(ana, { title: 'Enorme', content: `<p>${'a'.repeat(1_000_000)}</p>` });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { error: string }).error).toBe('El borrador es demasiado largo. Acorta el contenido.');
    expect((await create(ana, { title: 'Nulo\u0000' })).status).toBe(400);
    expect(await count('submission_drafts')).toBe(drafts);
  });

  it('answers 404 for someone else’s draft, a made-up id or one already deleted, and leaves it untouched', async () => {
    const id = await newDraft({ title: 'De Ana' });
    const stolen = await save(bruno, id, { title: 'De Bruno' });
    expect(stolen.status).toBe(404);
    expect(((await stolen.json()) as { error: string }).error).toBe('El borrador no existe o no es tuyo.');
    expect((await remove(bruno, id)).status).toBe(404);
    expect((await save(ana, 'no-es-un-id', { title: 'x' })).status).toBe(404);
    expect((await loadDraft('ana', id))?.values.title).toBe('De Ana');
    expect(await draftPreview(bruno, id)).toEqual({ kind: 'missing' });
    expect((await remove(ana, id)).status).toBe(204);
    expect((await save(ana, id, { title: 'Otra vez' })).status).toBe(404);
  });

  it('refuses images that are not the author’s', async () => {
    const response = await create(ana, { title: 'Con imagen ajena', imageUrl: 'bruno/1700000000000.jpg' });
    expect(response.status).toBe(403);
  });

  it('stops at the per-account ceiling', async () => {
    await pool.query(`INSERT INTO submission_drafts (user_id, values) SELECT 'ana', '{}'::jsonb FROM generate_series(1, $1)`, [MAX_DRAFTS_PER_USER]);
    const full = await create(ana, { title: 'Una más' });
    expect(full.status).toBe(409);
    expect((await create(bruno, { title: 'La de Bruno' })).status).toBe(200);
  });

  it('is rate-limited per account', async () => {
    const id = await newDraft();
    let status = 200;
    for (let attempt = 0; attempt < 300 && status === 200; attempt++) status = (await save(ana, id, { title: `Versión ${attempt}` })).status;
    expect(status).toBe(429);
  });
});

describe('previewing a draft', () => {
  it('renders what publishing would store, sanitized, without saving anything', async () => {
    const tools = await count('posts');
    const links = await count('post_categories');
    const content = `<h2>Qué hace</h2><p>Resume textos.</p>${XSS_CHEAT_SHEET.join('\n')}`;
    const id = await newDraft({
      title: 'Resumidora Previa',
      description: 'Resume documentos largos en segundos.',
      categoryIds: [categoryId],
      content,
    });
    const preview = await draftPreview(ana, id);
    expect(preview.kind).toBe('page');
    if (preview.kind !== 'page') return;
    expect(preview.tool).toMatchObject({ title: 'Resumidora Previa', slug: 'resumidora-previa', authorName: 'Ana Autora' });
    expect(preview.tool.content).toContain('<h2>Qué hace</h2>');
    expect(unsafeParts(preview.tool.content ?? '')).toEqual([]);
    expect(preview.tool.metaTitle).toContain('Resumidora Previa');
    expect(await count('posts')).toBe(tools);
    expect(await count('post_categories')).toBe(links);
  });

  it('lists what an incomplete draft still lacks, with the submit’s own messages', async () => {
    const id = await newDraft({ title: 'Sin más' });
    expect(await draftPreview(ana, id)).toEqual({
      kind: 'incomplete',
      draftId: id,
      problems: ['La descripción es obligatoria', 'Debes seleccionar al menos una categoría'],
    });
  });
});

describe('sending a draft to review', () => {
  it('publishes through the normal submit, which validates everything, and deletes the draft', async () => {
    const id = await newDraft({ title: 'Lista para enviar' });
    const incomplete = await callRoute(publishEndpoint, { path: `/api/posts?borrador=${id}`, body: { title: 'Lista para enviar' }, user: ana });
    expect(incomplete.status).toBe(400);
    expect(await listDrafts('ana')).toHaveLength(1);
    const body = { title: 'Lista para enviar', description: 'Una herramienta completa.', categoryIds: [categoryId] };
    // Someone else's draft id on the query deletes nothing of theirs.
    expect((await callRoute(publishEndpoint, { path: `/api/posts?borrador=${id}`, body: { ...body, title: 'La de Bruno' }, user: bruno })).status).toBe(200);
    expect(await listDrafts('ana')).toHaveLength(1);
    const sent = await callRoute(publishEndpoint, { path: `/api/posts?borrador=${id}`, body, user: ana });
    expect(sent.status).toBe(200);
    expect(await listDrafts('ana')).toEqual([]);
    expect((await pool.query(`SELECT status FROM posts WHERE title = 'Lista para enviar'`)).rows).toEqual([{ status: 'pending' }]);
  });
});
