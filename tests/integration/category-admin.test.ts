/**
 * The categories admin on a real PostgreSQL: only admins reach it, from this site, with small bodies;
 * slugs are unique and not reserved; a rename leaves a 301 (with its pages) and a merge moves every tool once,
 * removes the merged category and redirects its address; an inactive category's addresses are gone; every change is
 * audited in Spanish and moves the content version (the rebuild).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';

const root = await mkdtemp(path.join(tmpdir(), 'brujula-category-admin-'));
// Before any module reads the configuration.
process.env.DATA_DIR = root;
process.env.BUILDS_DIR = path.join(root, 'builds');

const { useMigratedDatabase } = await import('./helpers/db.ts');
const { callRoute } = await import('./helpers/endpoint.ts');
const { closeDb } = await import('../../src/server/db/client.ts');
const { ERROR_TABLE } = await import('../../src/lib/error-table.ts');
const { AppError } = await import('../../src/server/http/errors.ts');
const { RedirectTable } = await import('../../src/server/http/redirects.ts');
const { readContentVersion } = await import('../../src/server/build/fingerprint.ts');
const { listCategories } = await import('../../src/server/db/queries/public/categories.ts');
const { categoryInput } = await import('../../src/features/categories/category-admin.ts');
const admin = await import('../../src/features/categories/categories-admin.server.ts');
const redirects = await import('../../src/features/admin/redirects.server.ts');

const pool = await useMigratedDatabase();
process.env.DATABASE_URL = inject('databaseUrl');
afterAll(async () => {
  await closeDb();
  await rm(root, { recursive: true, force: true });
});

const ADMIN = { id: 'admin-1', name: 'Ada Admin', role: 'admin' as const };
const USER = { id: 'user-1', name: 'Ulises', role: 'user' as const };
await pool.query(
  `INSERT INTO profiles (id, name, email, role) VALUES ('admin-1', 'Ada Admin', 'ada@ejemplo.es', 'admin'), ('user-1', 'Ulises', 'u@ejemplo.es', 'user')`,
);

beforeEach(async () => {
  await pool.query('DELETE FROM audit_log; DELETE FROM redirects; DELETE FROM posts; DELETE FROM categories');
});

const input = (fields: Record<string, unknown>) => categoryInput.parse({ icon: 'sparkles', position: 0, isActive: true, ...fields });

async function kindOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.kind;
    throw error;
  }
}

async function insertTool(slug: string, categoryIds: string[], status = 'published'): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    'INSERT INTO posts (title, slug, description, status, category_id) VALUES ($1, $1, $2, $3, $4) RETURNING id',
    [slug, `Descripción de ${slug}.`, status, categoryIds[0] ?? null],
  );
  const id = rows[0]!.id;
  for (const [position, categoryId] of categoryIds.entries()) {
    await pool.query('INSERT INTO post_categories (post_id, category_id, position) VALUES ($1, $2, $3)', [id, categoryId, position]);
  }
  return id;
}

const auditRows = async (action: string) =>
  (await pool.query('SELECT actor_name, target_type, target_id, summary, before, after FROM audit_log WHERE action = $1 ORDER BY id', [action])).rows;

async function freshTable(): Promise<InstanceType<typeof RedirectTable>> {
  const table = new RedirectTable(() => pool);
  await table.reload();
  return table;
}

describe('who may manage categories', () => {
  it('refuses a guest (401) and a plain user (403) at every endpoint, before reading the body', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const routes = [
      { route: admin.createCategoryEndpoint, method: 'POST', body: { name: 'Intrusa', icon: 'sparkles', position: 0, isActive: true } },
      { route: admin.updateCategoryEndpoint, method: 'PUT', body: { name: 'Intrusa', icon: 'sparkles', position: 0, isActive: true }, params: { id } },
      { route: admin.mergeCategoriesEndpoint, method: 'POST', body: { from: id, into: id } },
    ];
    for (const { route, ...call } of routes) {
      const guest = await callRoute(route, { ...call, user: null });
      expect(guest.status, `${call.method} como invitado`).toBe(401);
      const plain = await callRoute(route, { ...call, user: USER });
      expect(plain.status, `${call.method} como usuario`).toBe(403);
      expect(await plain.json()).toMatchObject({ code: 'forbidden', error: ERROR_TABLE.forbidden.message });
      const broken = await callRoute(route, { ...call, body: { name: 7 }, user: USER });
      expect([broken.status, (await broken.json()).fields]).toEqual([403, undefined]);
    }
    for (const call of [
      () => admin.listAdminCategories(USER),
      () => admin.createCategory(USER, input({ name: 'Intrusa' })),
      () => admin.listAdminCategories(null),
    ]) {
      expect(await kindOf(call())).toMatch(/^(forbidden|not_signed_in)$/);
    }
    expect((await pool.query('SELECT count(*)::int AS n FROM categories')).rows[0].n).toBe(0);
  });

  it('refuses a cross-site request and a huge body even from an admin', async () => {
    const body = { name: 'Desde fuera', icon: 'sparkles', position: 0, isActive: true };
    const crossSite = await callRoute(admin.createCategoryEndpoint, { method: 'POST', body, user: ADMIN, headers: { origin: 'https://malicioso.example' } });
    expect(crossSite.status).toBe(403);
    expect((await crossSite.json()).code).toBe('cross_site');
    const huge = await callRoute(admin.createCategoryEndpoint, { method: 'POST', body: { ...body, description: 'x'.repeat(64 * 1024) }, user: ADMIN });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ code: 'too_large', error: ERROR_TABLE.too_large.message });
    expect((await pool.query('SELECT count(*)::int AS n FROM categories')).rows[0].n).toBe(0);
  });
});

describe('creating and editing', () => {
  it('creates a category with a slug from its name, audited, moving the content version', async () => {
    const version = await readContentVersion(pool);
    const response = await callRoute(admin.createCategoryEndpoint, {
      method: 'POST',
      body: { name: '  Diseño   gráfico ', slug: '', description: 'Logos,\n carteles y más.', icon: 'palette', color: '#ff0000', position: 3, isActive: true },
      user: ADMIN,
    });
    expect(response.status).toBe(200);
    const created = await response.json();
    expect(created).toMatchObject({ name: 'Diseño gráfico', slug: 'diseno-grafico', description: 'Logos, carteles y más.', color: '#FF0000', position: 3 });
    expect(await readContentVersion(pool)).not.toBe(version);
    expect(await auditRows('category.create')).toMatchObject([
      { actor_name: 'Ada Admin', target_type: 'category', target_id: created.id, summary: 'Creó la categoría «Diseño gráfico»' },
    ]);
    expect((await listCategories()).map((category) => category.slug)).toEqual(['diseno-grafico']);
  });

  it('refuses a duplicate slug (409 beside the field), a reserved one and invalid fields, in Spanish', async () => {
    await admin.createCategory(ADMIN, input({ name: 'Imagen', slug: 'imagen' }));
    const duplicate = await callRoute(admin.createCategoryEndpoint, {
      method: 'POST',
      body: { name: 'Imágenes', slug: 'imagen', icon: 'image', position: 0, isActive: true },
      user: ADMIN,
    });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toMatchObject({
      code: 'category_slug_taken',
      fields: { slug: '«Imagen» ya usa la dirección /categoria/imagen: elige otra.' },
    });
    const invalid = await callRoute(admin.createCategoryEndpoint, {
      method: 'POST',
      body: { name: ' ', slug: 'pagina', icon: 'no-existe', color: 'rojo', position: -1, isActive: true, description: 'x'.repeat(301) },
      user: ADMIN,
    });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).fields).toEqual({
      name: 'El nombre es obligatorio.',
      icon: 'Elige un icono de la lista.',
      color: 'El color debe ser un código como #3B82F6.',
      position: 'El orden debe ser un número entero de 0 a 999.',
      description: 'La descripción no puede superar 300 caracteres.',
    });
    const reserved = await callRoute(admin.createCategoryEndpoint, {
      method: 'POST',
      body: { name: 'Páginas', slug: 'pagina', icon: 'box', position: 0, isActive: true },
      user: ADMIN,
    });
    expect((await reserved.json()).fields).toEqual({ slug: '«pagina» está reservada por el propio sitio: elige otra dirección.' });
    const accents = await callRoute(admin.createCategoryEndpoint, {
      method: 'POST',
      body: { name: 'Vídeo', slug: 'Vídeo', icon: 'video', position: 0, isActive: true },
      user: ADMIN,
    });
    expect((await accents.json()).fields.slug).toMatch(/^La dirección solo puede llevar letras minúsculas/);
    // Two admins taking the same slug at once: one wins, the other hears why.
    const outcomes = await Promise.all([
      kindOf(admin.createCategory(ADMIN, input({ name: 'Audio', slug: 'audio' }))),
      kindOf(admin.createCategory(ADMIN, input({ name: 'Sonido', slug: 'audio' }))),
    ]);
    expect(outcomes.sort()).toEqual(['category_slug_taken', 'ok']);
  });

  it('stores a name and description with markup as plain text, unchanged', async () => {
    const xss = '<img src=x onerror="alert(1)">';
    const created = await admin.createCategory(ADMIN, input({ name: `Prueba ${xss}`, slug: 'prueba-xss', description: `<script>alert(1)</script> ${xss}` }));
    const { rows } = await pool.query('SELECT name, description FROM categories WHERE id = $1', [created.id]);
    expect(rows[0]).toEqual({ name: `Prueba ${xss}`, description: `<script>alert(1)</script> ${xss}` });
  });

  it('renames with a 301 from the old address and each of its pages; renaming back leaves no loop', async () => {
    const category = await admin.createCategory(ADMIN, input({ name: 'Código', slug: 'codigo' }));
    for (let index = 0; index < 30; index++) await insertTool(`herramienta-${index}`, [category.id]);
    await redirects.createRedirect(ADMIN, { fromPath: '/programar', toPath: '/categoria/codigo', statusCode: 301 });
    const response = await callRoute(admin.updateCategoryEndpoint, {
      method: 'PUT',
      params: { id: category.id },
      body: { name: 'Programación', slug: 'programacion', description: '', icon: 'sparkles', position: 0, isActive: true },
      user: ADMIN,
    });
    expect(response.status).toBe(200);
    let table = await freshTable();
    expect(table.lookup('/categoria/codigo')).toEqual({ status: 301, to: '/categoria/programacion' });
    expect(table.lookup('/categoria/codigo/')).toEqual({ status: 301, to: '/categoria/programacion' });
    // 30 tools: two pages. The second follows to the second, a page that never existed to the first.
    expect(table.lookup('/categoria/codigo/pagina/2')).toEqual({ status: 301, to: '/categoria/programacion/pagina/2' });
    expect(table.lookup('/categoria/codigo/pagina/7')).toEqual({ status: 301, to: '/categoria/programacion' });
    expect(table.lookup('/programar')).toEqual({ status: 301, to: '/categoria/programacion' });
    expect(table.lookup('/categoria/programacion')).toBeUndefined();
    expect(await auditRows('category.rename')).toMatchObject([
      {
        target_id: category.id,
        summary: 'Categoría «Código»: cambió su dirección de /categoria/codigo a /categoria/programacion (301 desde la antigua), la renombró a «Programación»',
        before: { slug: 'codigo', name: 'Código' },
        after: { slug: 'programacion', name: 'Programación' },
      },
    ]);
    // The tools' search documents carry the new name.
    const found = await pool.query("SELECT count(*)::int AS n FROM posts WHERE search_vector @@ to_tsquery('public.es_unaccent', 'programacion')");
    expect(found.rows[0].n).toBe(30);

    await admin.updateCategory(ADMIN, category.id, input({ name: 'Código', slug: 'codigo', icon: 'code' }));
    table = await freshTable();
    expect(table.lookup('/categoria/codigo')).toBeUndefined();
    expect(table.lookup('/categoria/programacion')).toEqual({ status: 301, to: '/categoria/codigo' });
    expect(table.lookup('/programar')).toEqual({ status: 301, to: '/categoria/codigo' });
  });

  it('an inactive category leaves the listings and its addresses answer 410; its tools stay published', async () => {
    const category = await admin.createCategory(ADMIN, input({ name: 'Juegos', slug: 'juegos' }));
    const tool = await insertTool('juego-uno', [category.id]);
    await redirects.createRedirect(ADMIN, { fromPath: '/videojuegos', toPath: '/categoria/juegos', statusCode: 301 });
    await admin.updateCategory(ADMIN, category.id, input({ name: 'Juegos', slug: 'juegos', isActive: false }));
    expect(await listCategories()).toEqual([]);
    let table = await freshTable();
    expect(table.lookup('/categoria/juegos')).toEqual({ status: 410, to: null });
    expect(table.lookup('/categoria/juegos/pagina/2')).toEqual({ status: 410, to: null });
    // A redirect never leads to a page that is gone.
    expect(table.lookup('/videojuegos')).toEqual({ status: 410, to: null });
    expect((await pool.query('SELECT status FROM posts WHERE id = $1', [tool])).rows[0].status).toBe('published');
    expect((await auditRows('category.update'))[0].summary).toBe('Categoría «Juegos»: la desactivó');
    // And no manual redirect may take an active category's address.
    await admin.updateCategory(ADMIN, category.id, input({ name: 'Juegos', slug: 'juegos', isActive: true }));
    table = await freshTable();
    expect(table.lookup('/categoria/juegos')).toBeUndefined();
    expect(table.lookup('/videojuegos')).toEqual({ status: 301, to: '/categoria/juegos' });
    expect(await kindOf(redirects.createRedirect(ADMIN, { fromPath: '/categoria/juegos', toPath: '/otra', statusCode: 301 }))).toBe('redirect_conflict');
  });

  it('answers 404 for a category that does not exist', async () => {
    const missing = await callRoute(admin.updateCategoryEndpoint, {
      method: 'PUT',
      params: { id: '00000000-0000-4000-8000-000000000000' },
      body: { name: 'Nadie', icon: 'sparkles', position: 0, isActive: true },
      user: ADMIN,
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'category_not_found', error: 'Categoría no encontrada' });
  });
});

describe('merging', () => {
  it('refuses to merge a category into itself', async () => {
    const category = await admin.createCategory(ADMIN, input({ name: 'Audio', slug: 'audio' }));
    const response = await callRoute(admin.mergeCategoriesEndpoint, { method: 'POST', body: { from: category.id, into: category.id }, user: ADMIN });
    expect(response.status).toBe(400);
    expect((await response.json()).fields).toEqual({ into: 'Elige otra categoría: una categoría no se puede fusionar consigo misma.' });
    expect((await pool.query('SELECT count(*)::int AS n FROM categories')).rows[0].n).toBe(1);
  });

  it('moves every tool once, removes the merged category and redirects its address and what led there', async () => {
    const from = await admin.createCategory(ADMIN, input({ name: 'Sonido', slug: 'sonido' }));
    const into = await admin.createCategory(ADMIN, input({ name: 'Audio', slug: 'audio' }));
    const only = await insertTool('solo-sonido', [from.id]);
    const both = await insertTool('en-las-dos', [into.id, from.id]);
    const pending = await insertTool('pendiente-sonido', [from.id], 'pending');
    await insertTool('solo-audio', [into.id]);
    await admin.updateCategory(ADMIN, from.id, input({ name: 'Sonido', slug: 'sonidos' }));
    await redirects.createRedirect(ADMIN, { fromPath: '/efectos', toPath: '/categoria/sonidos/pagina/2', statusCode: 301 });
    const version = await readContentVersion(pool);

    const response = await callRoute(admin.mergeCategoriesEndpoint, { method: 'POST', body: { from: from.id, into: into.id }, user: ADMIN });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ moved: 3, alreadyThere: 1, into: { id: into.id, slug: 'audio', name: 'Audio' } });

    const links = await pool.query('SELECT post_id, category_id, position FROM post_categories ORDER BY post_id, category_id');
    expect(links.rows.filter((row) => row.category_id !== into.id)).toEqual([]);
    const linked = links.rows.map((row) => row.post_id).sort();
    expect(linked).toEqual([...new Set(linked)]);
    expect(linked).toHaveLength(4);
    expect(links.rows.find((row) => row.post_id === both)).toMatchObject({ position: 0 });
    const primary = await pool.query('SELECT id, category_id FROM posts WHERE id = ANY($1::uuid[])', [[only, pending]]);
    expect(primary.rows.every((row) => row.category_id === into.id)).toBe(true);
    expect((await pool.query('SELECT count(*)::int AS n FROM categories WHERE id = $1', [from.id])).rows[0].n).toBe(0);

    const table = await freshTable();
    expect(table.lookup('/categoria/sonidos')).toEqual({ status: 301, to: '/categoria/audio' });
    expect(table.lookup('/categoria/sonido')).toEqual({ status: 301, to: '/categoria/audio' });
    expect(table.lookup('/efectos')).toEqual({ status: 301, to: '/categoria/audio' });
    expect(table.lookup('/categoria/sonidos/pagina/2')).toEqual({ status: 301, to: '/categoria/audio' });
    expect(await readContentVersion(pool)).not.toBe(version);
    expect(await auditRows('category.merge')).toMatchObject([
      {
        target_id: into.id,
        summary: 'Fusionó la categoría «Sonido» en «Audio» (3 herramientas; /categoria/sonidos redirige a /categoria/audio)',
        after: { moved: 3, alreadyThere: 1 },
      },
    ]);
  });
});
