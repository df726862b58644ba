/** Publishing, editing and moderating through the real endpoints, on a real PostgreSQL. */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { unsafeParts, XSS_CHEAT_SHEET } from '../fixtures/xss-cheat-sheet.ts';
import { useMigratedDatabase } from './helpers/db.ts';
import { createAccount } from './helpers/fixtures.ts';
import { callRoute, TEST_SITE } from './helpers/endpoint.ts';
import { lastMailTo as lastMailFrom } from './helpers/outbox.ts';

// Configuration is read once per process: set it before the site's modules first ask for it.
const dataDir = await mkdtemp(path.join(tmpdir(), 'brujula-publish-'));
const hookCalls: string[] = [];
const hook = http.createServer((request, response) => {
  hookCalls.push(`${request.method} ${request.url}`);
  response.writeHead(201, { 'content-type': 'application/json' }).end('{"job":{"state":"PENDING"}}');
});
await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
process.env.DATA_DIR = dataDir;
process.env.SITE_URL = 'http://localhost:4321';
process.env.SMTP_URL = '';
process.env.STORAGE_DRIVER = 'local';
process.env.VERCEL_DEPLOY_HOOK_URL = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/v1/integrations/deploy/prueba`;

const { publishEndpoint, editEndpoint, loadToolEndpoint, duplicatesEndpoint } = await import('../../src/features/publish/publish.server.ts');
const { approveEndpoint, rejectEndpoint } = await import('../../src/features/moderation/moderation.server.ts');
const { listPendingSubmissions } = await import('../../src/features/moderation/queue.server.ts');
const { closeDb } = await import('../../src/server/db/client.ts');

const pool = await useMigratedDatabase();
process.env.DATABASE_URL = inject('databaseUrl');
afterAll(async () => {
  await closeDb();
  hook.closeAllConnections();
  await new Promise((resolve) => hook.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

await pool.query(`INSERT INTO profiles (id, name, email, role) VALUES
  ('ana', 'Ana Autora', 'ana@ejemplo.es', 'user'), ('bruno', 'Bruno', 'bruno@ejemplo.es', 'user'), ('admin', 'Alba Admin', 'alba@ejemplo.es', 'admin')`);
const { rows: categories } = await pool.query<{ id: string; slug: string }>(
  `INSERT INTO categories (slug, name) VALUES ('escritura', 'Escritura'), ('imagen', 'Imagen'), ('inactiva', 'Inactiva') RETURNING id, slug`,
);
await pool.query(`UPDATE categories SET is_active = false WHERE slug = 'inactiva'`);
const category = (slug: string) => categories.find((row) => row.slug === slug)!.id;
await pool.query(
  `INSERT INTO posts (title, slug, description, url, status, category_id) VALUES ('Redacta', 'redacta', 'Ya publicada.', 'https://www.redacta.es/', 'published', $1)`,
  [category('escritura')],
);

// Each test starts with fresh rate-limit counters; the limit itself has its own test.
beforeEach(() => pool.query('DELETE FROM rate_limit_buckets'));

const ana = { id: 'ana', name: 'Ana Autora' };
const bruno = { id: 'bruno', name: 'Bruno' };
const admin = { id: 'admin', name: 'Alba Admin', role: 'admin' as const };

const validTool = (overrides: Record<string, unknown> = {}) => ({
  title: 'Mi Herramienta Genial',
  description: 'Una herramienta que resume documentos largos en segundos y responde preguntas sobre ellos con citas.',
  url: 'https://app.genial.es/inicio',
  pricing: 'freemium',
  categoryIds: [category('escritura'), category('imagen')],
  content: '<h2>Qué hace</h2><p>Resume <a href="https://genial.es">documentos</a>.</p><ul><li>Uno</li><li>Dos</li></ul>',
  keywords: [],
  ...overrides,
});

type Caller = { id: string; name?: string; role?: 'user' | 'admin' } | null;
const publish = (user: Caller, body: unknown, headers?: Record<string, string>) => callRoute(publishEndpoint, { path: '/api/posts', body, user, headers });
const load = (user: Caller, id: string) => callRoute(loadToolEndpoint, { path: `/api/posts/${id}`, user, params: { id } });
const edit = (user: Caller, id: string, body: unknown) => callRoute(editEndpoint, { method: 'PUT', path: `/api/posts/${id}`, body, user, params: { id } });
const approve = (user: Caller, id: string) => callRoute(approveEndpoint, { method: 'POST', path: `/api/posts/${id}/approve`, body: {}, user, params: { id } });
const reject = (user: Caller, id: string, reason: unknown) =>
  callRoute(rejectEndpoint, { method: 'POST', path: `/api/posts/${id}/reject`, body: { reason }, user, params: { id } });

async function row(id: string) {
  const { rows } = await pool.query('SELECT * FROM posts WHERE id = $1', [id]);
  return rows[0];
}
const contentVersion = async () => Number((await pool.query<{ v: string }>('SELECT last_value AS v FROM content_version_seq')).rows[0]!.v);
const editable = async (user: Caller, id: string) => ((await (await load(user, id)).json()) as { post: Record<string, unknown> }).post;
/** The editor's fields as the author's form sends them (no admin block, no preview URLs). */
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
  'version',
];
const formOf = (tool: Record<string, unknown>) => Object.fromEntries(FORM_FIELDS.map((field) => [field, tool[field]]));

describe('publishing', () => {
  it('refuses a guest with SPEC’s message and a cross-site request', async () => {
    const guest = await publish(null, validTool());
    expect(guest.status).toBe(401);
    expect(await guest.json()).toMatchObject({ error: 'Necesitas iniciar sesión para publicar.', code: 'not_signed_in' });
    expect((await publish(ana, validTool(), { origin: 'https://evil.test' })).status).toBe(403);
  });

  it('reports SPEC’s three messages in order: title, description, category', async () => {
    const answer = async (body: unknown) => (await (await publish(ana, body)).json()) as { error: string; fields: Record<string, string> };
    const all = await answer({ title: '   ', description: ' ', categoryIds: [] });
    expect(all.error).toBe('El título es obligatorio');
    expect(all.fields).toMatchObject({
      title: 'El título es obligatorio',
      description: 'La descripción es obligatoria',
      categoryIds: 'Debes seleccionar al menos una categoría',
    });
    expect((await answer({ title: 'T', description: ' ', categoryIds: [] })).error).toBe('La descripción es obligatoria');
    expect((await answer({ title: 'T', description: 'D', categoryIds: [] })).error).toBe('Debes seleccionar al menos una categoría');
    expect((await answer(validTool({ url: 'javascript:alert(1)' }))).fields.url).toMatch(/https:\/\//);
    expect((await answer(validTool({ title: 'x'.repeat(151) }))).fields.title).toMatch(/150/);
  });

  it('never publishes as someone else: unknown fields are refused and the author is the session’s user', async () => {
    const spoof = await publish(ana, validTool({ userId: 'bruno', status: 'published', isFeatured: true }));
    expect(spoof.status).toBe(400);
    const saved = (await (await publish(ana, validTool({ title: 'Autoría real' }))).json()) as { id: string };
    expect(await row(saved.id)).toMatchObject({ user_id: 'ana', status: 'pending', is_featured: false });
  });

  it('refuses a category that does not exist or is inactive, saving nothing', async () => {
    const before = (await pool.query('SELECT count(*)::int AS n FROM posts')).rows[0].n;
    for (const ids of [[category('inactiva')], ['00000000-0000-4000-8000-000000000000']]) {
      const response = await publish(ana, validTool({ categoryIds: ids }));
      expect(response.status).toBe(400);
      expect((await response.json()).code).toBe('category_missing');
    }
    expect((await pool.query('SELECT count(*)::int AS n FROM posts')).rows[0].n).toBe(before);
  });

  it('saves a pending submission with its categories, SPEC’s slug and generated metadata, without a rebuild', async () => {
    const version = await contentVersion();
    // A title no other test submits, so its slug is free.
    const suffix = randomUUID().slice(0, 8);
    const title = `Mi Herramienta Genial ${suffix}`;
    const slug = `mi-herramienta-genial-${suffix}`;
    const response = await publish(ana, validTool({ title }));
    expect(response.status).toBe(200);
    const saved = (await response.json()) as { id: string; slug: string; status: string; categoryCount: number; path: string };
    expect(saved).toMatchObject({ slug, status: 'pending', categoryCount: 2, path: `/${slug}` });
    const stored = await row(saved.id);
    expect(stored).toMatchObject({
      status: 'pending',
      category_id: category('escritura'),
      meta_title: `${title} | Brújula IA`,
      og_title: title,
      og_type: 'article',
      twitter_card: 'summary_large_image',
      whatsapp_title: `🤖 ${title}`,
      canonical_url: `http://localhost:4321/${slug}`,
      domain: 'genial.es',
      image_source: 'none',
    });
    expect(stored.keywords).toContain('inteligencia artificial');
    expect(stored.keywords.length).toBeLessThanOrEqual(10);
    expect(stored.structured_data).toMatchObject({ article: { '@type': 'SoftwareApplication', name: title } });
    const { rows: links } = await pool.query('SELECT category_id, position FROM post_categories WHERE post_id = $1 ORDER BY position', [saved.id]);
    expect(links).toEqual([
      { category_id: category('escritura'), position: 0 },
      { category_id: category('imagen'), position: 1 },
    ]);
    expect(await contentVersion()).toBe(version);
    expect(stored.page_changed_at).toBeNull();

    const second = (await (await publish(bruno, validTool({ title }))).json()) as { slug: string };
    expect(second.slug).toBe(`${slug}-2`);
    const accents = (await (await publish(ana, validTool({ title: 'Diseño Gráfico Ágil' }))).json()) as { slug: string };
    expect(accents.slug).toBe('diseo-grfico-gil');
    const reserved = (await (await publish(ana, validTool({ title: 'Buscar' }))).json()) as { slug: string };
    expect(reserved.slug).toBe('buscar-2');
    const empty = (await (await publish(ana, validTool({ title: '日本語' }))).json()) as { slug: string };
    expect(empty.slug).toBe('herramienta');
  });

  it('stores the use cases the author chose, or derives them when none was chosen; an admin edits them, audited', async () => {
    const chosen = (await (await publish(ana, validTool({ title: 'Con usos', useCases: ['resumir-textos', 'chatear-con-pdf', 'resumir-textos'] }))).json()) as {
      id: string;
    };
    expect((await row(chosen.id)).use_cases).toEqual(['resumir-textos', 'chatear-con-pdf']);
    // Derived by the seed's rule: every tool of the Escritura category serves «Escribir textos».
    const derived = (await (await publish(ana, validTool({ title: 'Sin usos' }))).json()) as { id: string };
    expect((await row(derived.id)).use_cases).toContain('escribir-textos');
    const invalid = await publish(ana, validTool({ title: 'Usos raros', useCases: ['no-existe'] }));
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { fields: Record<string, string> }).fields['useCases.0']).toBe(
      'Algún uso elegido no es válido. Recarga la página y elige otro.',
    );

    const tool = await editable(admin, chosen.id);
    expect(tool.useCases).toEqual(['resumir-textos', 'chatear-con-pdf']);
    expect((await edit(admin, chosen.id, { ...formOf(tool), useCases: ['traducir'] })).status).toBe(200);
    expect((await row(chosen.id)).use_cases).toEqual(['traducir']);
    const { rows: audit } = await pool.query("SELECT before, after FROM audit_log WHERE target_id = $1 AND action = 'post.edit' ORDER BY id", [chosen.id]);
    expect(audit.at(-1)).toMatchObject({ before: { useCases: ['resumir-textos', 'chatear-con-pdf'] }, after: { useCases: ['traducir'] } });
  });

  it('stores no script, event handler or javascript: URL for any payload of the XSS cheat sheet', async () => {
    const content = XSS_CHEAT_SHEET.map((payload, index) => `<p>Caso ${index}</p>${payload}`).join('\n');
    const response = await publish(ana, validTool({ title: '<script>alert(1)</script> Título', content, author: '<img src=x onerror=alert(1)>' }));
    expect(response.status).toBe(200);
    const stored = await row(((await response.json()) as { id: string }).id);
    expect(unsafeParts(stored.content)).toEqual([]);
    expect(stored.content).toContain('Caso 0');
    // Plain-text fields keep the text as typed; every page escapes it when showing it.
    expect(stored.title).toBe('<script>alert(1)</script> Título');
  });

  it('limits publishing per user (10 an hour) with a Retry-After', async () => {
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await publish(bruno, validTool({ title: `Ráfaga ${i}` })));
    expect(answers.slice(0, 10).every((response) => response.status === 200)).toBe(true);
    expect(answers[10]!.status).toBe(429);
    expect(answers[10]!.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('refuses NUL bytes and a body over the limit', async () => {
    expect((await publish(ana, validTool({ title: 'a\u0000b' }))).status).toBe(400);
    expect((await publish(ana, validTool({ content: 'x'.repeat(1_000_000) }))).status).toBe(413);
  });

  it('finds published tools of the same registrable domain; another user’s pending one is only said to exist', async () => {
    const check = async (user: Caller, url: string) => {
      const response = await callRoute(duplicatesEndpoint, { path: `/api/posts/duplicates?url=${encodeURIComponent(url)}`, user });
      return {
        text: await response.clone().text(),
        ...((await response.json()) as { duplicates: { id: string; title: string; status: string; path: string }[]; pendingNotice: string | null }),
      };
    };
    expect(await check(bruno, 'https://redacta.es/precios')).toMatchObject({
      duplicates: [expect.objectContaining({ title: 'Redacta', status: 'published', path: '/redacta' })],
      pendingNotice: null,
    });
    // Submissions for a domain of this test's own (Ana's, Bruno's) await review: Carla learns that much, not their ids,
    // titles or addresses.
    const domain = `genial-${randomUUID().slice(0, 8)}.es`;
    const submitted = async (user: Caller) => {
      const response = await publish(user, validTool({ url: `https://app.${domain}/inicio` }));
      expect(response.status).toBe(200);
      return ((await response.json()) as { id: string }).id;
    };
    const pendingId = await submitted(ana);
    const pending = [pendingId, await submitted(bruno)];
    const carla = await createAccount(pool, { name: 'Carla' });
    const stranger = await check(carla, `https://${domain}`);
    expect(stranger.duplicates).toEqual([]);
    expect(stranger.pendingNotice).toBe('Ya hay una propuesta pendiente de revisión para este dominio.');
    for (const id of pending) expect(stranger.text).not.toContain(id);
    expect(stranger.text).not.toContain('Genial');
    // Its author and the admins still see it by name.
    expect((await check(ana, `https://${domain}`)).duplicates).toContainEqual(expect.objectContaining({ id: pendingId, status: 'pending' }));
    expect((await check(admin, `https://${domain}`)).duplicates.map((tool) => tool.id)).toContain(pendingId);
    expect(await check(carla, 'https://nadie.test/')).toMatchObject({ duplicates: [], pendingNotice: null });
    expect((await callRoute(duplicatesEndpoint, { path: '/api/posts/duplicates?url=https://genial.es', user: null })).status).toBe(401);
  });
});

describe('editing', () => {
  it('lets nobody but the author or an admin read a pending post, and nobody read it by a bad id', async () => {
    const id = ((await (await publish(ana, validTool({ title: 'Privada' }))).json()) as { id: string }).id;
    expect((await load(bruno, id)).status).toBe(404);
    expect((await load(null, id)).status).toBe(401);
    expect((await load(ana, id)).status).toBe(200);
    expect((await load(admin, id)).status).toBe(200);
    expect((await load(admin, 'no-es-un-id')).status).toBe(404);
  });

  it('lets the author edit their own pending or rejected submission, which goes back to review, but not flags or status', async () => {
    const id = ((await (await publish(ana, validTool({ title: 'Borrador' }))).json()) as { id: string }).id;
    await pool.query(`UPDATE posts SET status = 'rejected', review_note = 'Falta la URL' WHERE id = $1`, [id]);
    const tool = await editable(ana, id);
    expect((await edit(bruno, id, { ...formOf(tool), title: 'Robada' })).status).toBe(404);
    expect((await edit(ana, id, { ...formOf(tool), isFeatured: true })).status).toBe(403);
    expect((await edit(ana, id, { ...formOf(tool), status: 'published' })).status).toBe(403);
    const saved = await edit(ana, id, { ...formOf(tool), title: 'Borrador corregido' });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ status: 'pending', slug: 'borrador-corregido' });
    expect(await row(id)).toMatchObject({ title: 'Borrador corregido', status: 'pending', review_note: null, is_featured: false });
    // Once published, it is the admins' to change.
    await pool.query(`UPDATE posts SET status = 'published' WHERE id = $1`, [id]);
    expect((await load(ana, id)).status).toBe(403);
    expect((await edit(ana, id, { ...formOf(await editable(admin, id)), title: 'Otra vez' })).status).toBe(403);
  });

  it('refuses a save made over a newer version', async () => {
    const id = ((await (await publish(ana, validTool({ title: 'Concurrencia' }))).json()) as { id: string }).id;
    const tool = await editable(admin, id);
    expect((await edit(admin, id, { ...formOf(tool), title: 'Primera' })).status).toBe(200);
    const stale = await edit(admin, id, { ...formOf(tool), title: 'Segunda' });
    expect(stale.status).toBe(409);
    expect((await stale.json()).code).toBe('edit_conflict');
  });

  it('lets an admin change flags, status and slug: the old address 301s to the new one, with an audit entry', async () => {
    const id = ((await (await publish(ana, validTool({ title: 'Renombrable' }))).json()) as { id: string }).id;
    let tool = await editable(admin, id);
    const published = await edit(admin, id, { ...formOf(tool), status: 'published', isFeatured: true, isPopular: true });
    expect(published.status).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'published', is_featured: true, is_popular: true, reviewed_by: 'admin' });
    expect((await row(id)).published_date).toBeInstanceOf(Date);

    // Changing only the categories of a published tool changes its page too.
    const stamped = (await row(id)).page_changed_at as Date;
    tool = await editable(admin, id);
    await edit(admin, id, { ...formOf(tool), categoryIds: [category('escritura')], status: 'published' });
    expect(((await row(id)).page_changed_at as Date).getTime()).toBeGreaterThan(stamped.getTime());

    tool = await editable(admin, id);
    const renamed = await edit(admin, id, { ...formOf(tool), slug: 'nuevo-nombre', status: 'published' });
    expect(await renamed.json()).toMatchObject({ slug: 'nuevo-nombre', path: '/nuevo-nombre' });
    const { rows: redirects } = await pool.query('SELECT from_path, to_path, status_code FROM redirects WHERE from_path = $1', ['/renombrable']);
    expect(redirects).toEqual([{ from_path: '/renombrable', to_path: '/nuevo-nombre', status_code: 301 }]);

    // A second rename keeps a single hop from every old address; going back removes the loop.
    tool = await editable(admin, id);
    await edit(admin, id, { ...formOf(tool), slug: 'tercer-nombre', status: 'published' });
    const { rows: chain } = await pool.query('SELECT from_path, to_path FROM redirects WHERE to_path LIKE $1 ORDER BY from_path', ['/tercer-nombre']);
    expect(chain).toEqual([
      { from_path: '/nuevo-nombre', to_path: '/tercer-nombre' },
      { from_path: '/renombrable', to_path: '/tercer-nombre' },
    ]);
    tool = await editable(admin, id);
    expect((await edit(admin, id, { ...formOf(tool), slug: 'renombrable', status: 'published' })).status).toBe(200);
    expect((await pool.query(`SELECT 1 FROM redirects WHERE from_path = '/renombrable'`)).rowCount).toBe(0);

    tool = await editable(admin, id);
    const taken = await edit(admin, id, { ...formOf(tool), slug: 'redacta', status: 'published' });
    expect(taken.status).toBe(409);

    const { rows: audit } = await pool.query(`SELECT actor_id, action, summary, before, after FROM audit_log WHERE target_id = $1 ORDER BY id`, [id]);
    expect(audit[0]).toMatchObject({
      actor_id: 'admin',
      action: 'post.edit',
      before: { status: 'pending', isFeatured: false },
      after: { status: 'published', isFeatured: true },
    });
    expect(audit.some((entry) => entry.after.slug === 'nuevo-nombre')).toBe(true);
  });

  it('requires a note to reject from the editor', async () => {
    const id = ((await (await publish(ana, validTool({ title: 'Sin nota' }))).json()) as { id: string }).id;
    const response = await edit(admin, id, { ...formOf(await editable(admin, id)), status: 'rejected', reviewNote: '' });
    expect(response.status).toBe(400);
    expect((await response.json()).fields.reviewNote).toBe('Escribe el motivo del rechazo para el autor.');
  });
});

describe('moderation', () => {
  it('lets only admins approve or reject, and lists the queue only for them', async () => {
    // Two submissions for one domain: the queue warns of the possible duplicate.
    expect((await publish(bruno, validTool({ title: 'Posible duplicado' }))).status).toBe(200);
    const id = ((await (await publish(ana, validTool({ title: 'En cola' }))).json()) as { id: string }).id;
    expect((await approve(ana, id)).status).toBe(403);
    expect((await approve(null, id)).status).toBe(401);
    expect((await reject(bruno, id, 'No')).status).toBe(403);
    expect((await row(id)).status).toBe('pending');
    await expect(listPendingSubmissions({ role: 'user' })).rejects.toMatchObject({ kind: 'forbidden' });
    const queue = await listPendingSubmissions({ role: 'admin' });
    expect(queue[0]).toMatchObject({ title: 'En cola', authorName: 'Ana Autora', categories: ['Escritura', 'Imagen'] });
    expect(queue.map((entry) => entry.createdAt.getTime())).toEqual([...queue.map((entry) => entry.createdAt.getTime())].sort((a, b) => b - a));
    const duplicate = queue.find((entry) => entry.title === 'Posible duplicado');
    expect(duplicate?.duplicates.length).toBeGreaterThan(0);
  });

  it('approves: published at once, audited, the author e-mailed with the link, the content version moved and the deploy hook called', async () => {
    const id = ((await (await publish(ana, validTool({ title: 'Aprobada' }))).json()) as { id: string }).id;
    const version = await contentVersion();
    hookCalls.length = 0;
    const response = await approve(admin, id);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'published', path: '/aprobada' });
    expect(await row(id)).toMatchObject({ status: 'published', reviewed_by: 'admin', review_note: null });
    expect((await row(id)).page_changed_at).toBeInstanceOf(Date);
    expect(await contentVersion()).toBeGreaterThan(version);
    expect(hookCalls).toEqual(['POST /v1/integrations/deploy/prueba']);
    const { rows: audit } = await pool.query(`SELECT action, summary FROM audit_log WHERE target_id = $1`, [id]);
    expect(audit).toEqual([{ action: 'post.approve', summary: 'Aprobó «Aprobada»' }]);
    const mail = await lastMailTo('ana@ejemplo.es');
    expect(mail).toContain('Aprobada');
    expect(mail).toContain('http://localhost:4321/aprobada');

    const again = await approve(admin, id);
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe('already_reviewed');
  });

  it('rejects with the reason the author reads by e-mail; no rebuild, no hook', async () => {
    const id = ((await (await publish(ana, validTool({ title: 'Rechazada' }))).json()) as { id: string }).id;
    expect((await reject(admin, id, '   ')).status).toBe(400);
    const version = await contentVersion();
    hookCalls.length = 0;
    expect((await reject(admin, id, 'La web no funciona.')).status).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'rejected', review_note: 'La web no funciona.' });
    expect(await contentVersion()).toBe(version);
    expect(hookCalls).toEqual([]);
    const mail = await lastMailTo('ana@ejemplo.es');
    expect(mail).toContain('La web no funciona.');
    expect(mail).toContain(`/editar/${id}`);
  });

  it('answers 404 for a missing or malformed id', async () => {
    expect((await approve(admin, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await approve(admin, 'x')).status).toBe(404);
  });
});

const lastMailTo = (to: string) => lastMailFrom(dataDir, to);

export { TEST_SITE };
