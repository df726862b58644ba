/**
 * The admin panel's data layer on a real PostgreSQL: every query and mutation checks the actor's role itself
 * (and its endpoint answers 401/403), the last active admin stays, every action lands in the audit log with
 * before and after, and redirects, deletions, deactivations and settings do what the panel promises.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';

const root = await mkdtemp(path.join(tmpdir(), 'brujula-admin-'));
// Before any module reads the configuration: files and builds go to this test's own folder.
process.env.DATA_DIR = root;
process.env.BUILDS_DIR = path.join(root, 'builds');
process.env.STORAGE_DRIVER = 'local';

const { useMigratedDatabase } = await import('./helpers/db.ts');
const { callRoute } = await import('./helpers/endpoint.ts');
const { createAccount, createTool } = await import('./helpers/fixtures.ts');
const { closeDb } = await import('../../src/server/db/client.ts');
const { ERROR_TABLE } = await import('../../src/lib/error-table.ts');
const { AppError } = await import('../../src/server/http/errors.ts');
const { adminNavCounts } = await import('../../src/server/admin/admin-queries.ts');
const { readOverview } = await import('../../src/features/admin/overview.server.ts');
const { readRebuildStatus, rebuildStatusEndpoint, requestRebuild, requestRebuildEndpoint } = await import('../../src/features/admin/rebuilds.server.ts');
const { listAuditLog } = await import('../../src/features/admin/audit.server.ts');
const tools = await import('../../src/features/admin/tools.server.ts');
const users = await import('../../src/features/admin/users.server.ts');
const redirects = await import('../../src/features/admin/redirects.server.ts');
const generated = await import('../../src/features/admin/generated.server.ts');
const settings = await import('../../src/features/admin/settings.server.ts');
const { readSettings, currentSettings } = await import('../../src/server/settings/site-settings.ts');
const { readContentVersion } = await import('../../src/server/build/fingerprint.ts');

const pool = await useMigratedDatabase();
process.env.DATABASE_URL = inject('databaseUrl');
afterAll(async () => {
  await closeDb();
  await rm(root, { recursive: true, force: true });
});

const ADMIN = { id: 'admin-1', name: 'Ada Admin', role: 'admin' as const };
const ADMIN_2 = { id: 'admin-2', name: 'Berta Admin', role: 'admin' as const };
const USER = { id: 'user-1', name: 'Ulises', role: 'user' as const };

await pool.query(`
  INSERT INTO profiles (id, name, email, role) VALUES
    ('admin-1', 'Ada Admin', 'ada@ejemplo.es', 'admin'),
    ('admin-2', 'Berta Admin', 'berta@ejemplo.es', 'admin'),
    ('user-1', 'Ulises', 'ulises@ejemplo.es', 'user'),
    ('user-2', 'María José', 'mj@ejemplo.es', 'user')`);

async function insertTool(slug: string, status = 'published', extra: { imageUrl?: string } = {}): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    'INSERT INTO posts (title, slug, description, status, image_url, user_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [slug.replace(/-/g, ' '), slug, `Descripción de ${slug}.`, status, extra.imageUrl ?? null, 'user-1'],
  );
  return rows[0]!.id;
}

async function kindOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.kind;
    throw error;
  }
}

/** The audit entries of one action, of one target when given (other tests audit the same actions). */
const auditRows = async (action: string, target?: string) =>
  (
    await pool.query(
      'SELECT actor_id, actor_name, target_id, summary, before, after FROM audit_log WHERE action = $1 AND ($2::text IS NULL OR target_id = $2) ORDER BY id',
      [action, target ?? null],
    )
  ).rows;

describe('role checks', () => {
  it('every admin query and mutation refuses a guest and a plain user before touching anything', async () => {
    const tool = await insertTool('herramienta-intocable');
    const auditCount = async () => (await pool.query('SELECT count(*)::int AS n FROM audit_log')).rows[0].n;
    const audited = await auditCount();
    const calls: [string, (actor: typeof USER | null) => Promise<unknown>][] = [
      ['adminNavCounts', (actor) => adminNavCounts(actor)],
      ['readOverview', (actor) => readOverview(actor)],
      ['readRebuildStatus', (actor) => readRebuildStatus(actor)],
      ['requestRebuild', (actor) => requestRebuild(actor)],
      ['listAuditLog', (actor) => listAuditLog(actor, { pagina: 1 })],
      ['listAdminTools', (actor) => tools.listAdminTools(actor, tools.toolFilters.parse({}))],
      ['listCategoryOptions', (actor) => tools.listCategoryOptions(actor)],
      ['setToolFlag', (actor) => tools.setToolFlag(actor, [tool], 'feature')],
      ['unpublishTools', (actor) => tools.unpublishTools(actor, [tool], 'Motivo')],
      ['deleteTools', (actor) => tools.deleteTools(actor, [tool], { gone: '410', to: '' })],
      ['listUsers', (actor) => users.listUsers(actor, users.userFilters.parse({}))],
      ['setUserRole', (actor) => users.setUserRole(actor, 'user-2', 'admin')],
      ['setUserActive', (actor) => users.setUserActive(actor, 'user-2', false)],
      ['listRedirects', (actor) => redirects.listRedirects(actor, { pagina: 1 })],
      ['createRedirect', (actor) => redirects.createRedirect(actor, { fromPath: '/x-intocable', toPath: '/y', statusCode: 301 })],
      ['updateRedirect', (actor) => redirects.updateRedirect(actor, '00000000-0000-4000-8000-000000000000', { fromPath: '/x', toPath: '/y', statusCode: 301 })],
      ['deleteRedirect', (actor) => redirects.deleteRedirect(actor, '00000000-0000-4000-8000-000000000000')],
      ['listGeneratedTexts', (actor) => generated.listGeneratedTexts(actor, 'descripciones', 1)],
      ['listGeneratedImages', (actor) => generated.listGeneratedImages(actor, 1)],
      ['deleteGenerated', (actor) => generated.deleteGenerated(actor, 'descripciones', '00000000-0000-4000-8000-000000000000')],
      ['readSettingsForAdmin', (actor) => settings.readSettingsForAdmin(actor)],
      ['saveSettingsGroup', (actor) => settings.saveSettingsGroup(actor, 'site', { name: 'Intrusa' })],
    ];
    for (const [name, call] of calls) {
      expect(await kindOf(call(null)), `${name} sin sesión`).toMatch(/^(not_signed_in|forbidden)$/);
      expect(await kindOf(call(USER)), `${name} como usuario`).toBe('forbidden');
    }
    const { rows } = await pool.query('SELECT is_featured, status FROM posts WHERE id = $1', [tool]);
    expect(rows[0]).toEqual({ is_featured: false, status: 'published' });
    expect(await auditCount()).toBe(audited);
    expect((await pool.query("SELECT count(*)::int AS n FROM redirects WHERE from_path = '/x-intocable'")).rows[0].n).toBe(0);
    expect((await readSettings()).site.name).toBeUndefined();
  });

  it('every admin endpoint answers 401 to a guest and 403 to a plain user', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const routes = [
      { route: rebuildStatusEndpoint, method: 'GET' },
      { route: requestRebuildEndpoint, method: 'POST', body: {} },
      { route: tools.toolActionEndpoint, method: 'POST', body: { action: 'feature', ids: [id] } },
      { route: users.userRoleEndpoint, method: 'POST', body: { role: 'admin' }, params: { id: 'user-2' } },
      { route: users.userActiveEndpoint, method: 'POST', body: { active: false }, params: { id: 'user-2' } },
      { route: redirects.createRedirectEndpoint, method: 'POST', body: { fromPath: '/a', toPath: '/b', statusCode: 301 } },
      { route: redirects.updateRedirectEndpoint, method: 'PUT', body: { fromPath: '/a', toPath: '/b', statusCode: 301 }, params: { id } },
      { route: redirects.deleteRedirectEndpoint, method: 'DELETE', params: { id } },
      { route: generated.deleteGeneratedEndpoint, method: 'DELETE', params: { kind: 'imagenes', id } },
      { route: settings.saveSettingsEndpoint, method: 'PUT', body: { name: 'X' }, params: { group: 'site' } },
    ];
    for (const { route, ...call } of routes) {
      const guest = await callRoute(route, { ...call, user: null });
      expect(guest.status, `${call.method} como invitado`).toBe(401);
      const plain = await callRoute(route, { ...call, user: { id: 'user-1', role: 'user' } });
      expect(plain.status, `${call.method} como usuario`).toBe(403);
      expect(await plain.json()).toMatchObject({ code: 'forbidden', error: ERROR_TABLE.forbidden.message });
      if (!('body' in call)) continue;
      // Access comes before the body: a caller who may not use the endpoint never learns its fields.
      const broken = { ...call, body: { campo: 'desconocido', statusCode: 'x', ids: 7 } };
      const guestBroken = await callRoute(route, { ...broken, user: null });
      expect([guestBroken.status, (await guestBroken.json()).fields], `${call.method} inválido como invitado`).toEqual([401, undefined]);
      const plainBroken = await callRoute(route, { ...broken, user: { id: 'user-1', role: 'user' } });
      expect([plainBroken.status, (await plainBroken.json()).fields], `${call.method} inválido como usuario`).toEqual([403, undefined]);
    }
  });

  it('refuses a cross-site post even from an admin', async () => {
    const response = await callRoute(requestRebuildEndpoint, { method: 'POST', body: {}, user: ADMIN, headers: { origin: 'https://malicioso.example' } });
    expect(response.status).toBe(403);
    expect((await response.json()).code).toBe('cross_site');
  });
});

describe('users', () => {
  it('finds accounts by name without accents or by e-mail, with their counts', async () => {
    const [saver, author, tool] = [await createAccount(pool, { name: 'Íñigo Núñez' }), await createAccount(pool), await createTool(pool)];
    await pool.query('INSERT INTO saved_posts (user_id, post_id) VALUES ($1, $2)', [saver.id, tool.id]);
    await pool.query('UPDATE posts SET user_id = $1 WHERE id = $2', [author.id, tool.id]);
    const found = await users.listUsers(ADMIN, users.userFilters.parse({ q: 'inigo nunez' }));
    expect(found.items.map((row) => row.id)).toEqual([saver.id]);
    expect(found.items[0]).toMatchObject({ saves: 1, posts: 0, images: 0 });
    const byMail = await users.listUsers(ADMIN, users.userFilters.parse({ q: author.email.toUpperCase() }));
    expect(byMail.items[0]).toMatchObject({ id: author.id, posts: 1 });
  });

  it('deactivating ends every session at once; reactivating allows signing in again', async () => {
    await pool.query(
      `INSERT INTO sessions (id, token, user_id, expires_at) VALUES
       ('s1', 'token-1', 'user-2', now() + interval '1 day'), ('s2', 'token-2', 'user-2', now() + interval '1 day')`,
    );
    expect(await users.setUserActive(ADMIN, 'user-2', false)).toEqual({ endedSessions: 2 });
    expect((await pool.query("SELECT count(*)::int AS n FROM sessions WHERE user_id = 'user-2'")).rows[0].n).toBe(0);
    expect((await pool.query("SELECT is_active FROM profiles WHERE id = 'user-2'")).rows[0].is_active).toBe(false);
    await users.setUserActive(ADMIN, 'user-2', true);
    expect((await pool.query("SELECT is_active FROM profiles WHERE id = 'user-2'")).rows[0].is_active).toBe(true);
    const entries = [...(await auditRows('user.deactivate', 'user-2')), ...(await auditRows('user.reactivate', 'user-2'))];
    expect(entries).toMatchObject([
      { actor_id: 'admin-1', actor_name: 'Ada Admin', target_id: 'user-2', before: { isActive: true }, after: { isActive: false } },
      { actor_id: 'admin-1', target_id: 'user-2', before: { isActive: false }, after: { isActive: true } },
    ]);
  });

  it('an admin cannot change their own role or deactivate themselves', async () => {
    expect(await kindOf(users.setUserRole(ADMIN, 'admin-1', 'user'))).toBe('own_account');
    expect(await kindOf(users.setUserActive(ADMIN, 'admin-1', false))).toBe('own_account');
  });

  it('two admins demoting each other at once leave exactly one admin', async () => {
    const outcomes = await Promise.all([kindOf(users.setUserRole(ADMIN, 'admin-2', 'user')), kindOf(users.setUserRole(ADMIN_2, 'admin-1', 'user'))]);
    expect(outcomes.sort()).toEqual(['last_admin', 'ok']);
    expect((await pool.query("SELECT count(*)::int AS n FROM profiles WHERE role = 'admin' AND is_active")).rows[0].n).toBe(1);
    const remaining = (await pool.query<{ id: string }>("SELECT id FROM profiles WHERE role = 'admin'")).rows[0]!.id;
    const remainingActor = remaining === 'admin-1' ? ADMIN : ADMIN_2;
    const other = remaining === 'admin-1' ? 'admin-2' : 'admin-1';
    // The demoted one is an admin again, so the remaining one can be demoted by them, but never both gone.
    await users.setUserRole(remainingActor, other, 'admin');
    expect(await auditRows('user.role')).toHaveLength(2);
  });

  it('the last active admin can be neither demoted nor deactivated', async () => {
    await users.setUserActive(ADMIN, 'admin-2', false);
    const { rows } = await pool.query("SELECT id FROM profiles WHERE role = 'admin' AND is_active");
    expect(rows).toEqual([{ id: 'admin-1' }]);
    // Whoever asks (here another admin account, deactivated meanwhile), the rule is checked on the database's state.
    const response = await callRoute(users.userActiveEndpoint, { method: 'POST', body: { active: false }, params: { id: 'admin-1' }, user: ADMIN_2 });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'last_admin', error: ERROR_TABLE.last_admin.message });
    const demote = await callRoute(users.userRoleEndpoint, { method: 'POST', body: { role: 'user' }, params: { id: 'admin-1' }, user: ADMIN_2 });
    expect((await demote.json()).code).toBe('last_admin');
    expect((await pool.query("SELECT role, is_active FROM profiles WHERE id = 'admin-1'")).rows[0]).toEqual({ role: 'admin', is_active: true });
    await users.setUserActive(ADMIN, 'admin-2', true);
  });
});

describe('redirects', () => {
  it('creates, edits and deletes a redirect, each audited with before and after', async () => {
    const created = await redirects.createRedirect(ADMIN, { fromPath: '/antigua', toPath: '/nueva', statusCode: 301 });
    const updated = await redirects.updateRedirect(ADMIN, created.id, { fromPath: '/antigua', toPath: 'https://otro.example/x', statusCode: 302 });
    expect(updated).toMatchObject({ fromPath: '/antigua', toPath: 'https://otro.example/x', statusCode: 302 });
    await redirects.deleteRedirect(ADMIN, created.id);
    expect((await pool.query("SELECT count(*)::int AS n FROM redirects WHERE from_path = '/antigua'")).rows[0].n).toBe(0);
    expect(await auditRows('redirect.update', String(created.id))).toMatchObject([
      { before: { toPath: '/nueva', statusCode: 301 }, after: { toPath: 'https://otro.example/x' } },
    ]);
    expect(await auditRows('redirect.delete', String(created.id))).toHaveLength(1);
    expect(await kindOf(redirects.deleteRedirect(ADMIN, created.id))).toBe('redirect_not_found');
  });

  it('refuses loops, chains in either direction, duplicates and published addresses', async () => {
    const published = await createTool(pool);
    await redirects.createRedirect(ADMIN, { fromPath: '/a', toPath: '/b', statusCode: 301 });
    expect(await kindOf(redirects.createRedirect(ADMIN, { fromPath: '/c', toPath: '/c', statusCode: 301 }))).toBe('redirect_conflict');
    // b -> a would make a loop; b -> c makes a -> b -> c; c -> a makes c -> a -> b.
    expect(await kindOf(redirects.createRedirect(ADMIN, { fromPath: '/b', toPath: '/a', statusCode: 301 }))).toBe('redirect_conflict');
    expect(await kindOf(redirects.createRedirect(ADMIN, { fromPath: '/b', toPath: '/c', statusCode: 301 }))).toBe('redirect_conflict');
    expect(await kindOf(redirects.createRedirect(ADMIN, { fromPath: '/c', toPath: '/a', statusCode: 301 }))).toBe('redirect_conflict');
    // An absolute URL on the site's own origin is the same path.
    expect(await kindOf(redirects.createRedirect(ADMIN, { fromPath: '/c', toPath: 'http://localhost:4321/a/', statusCode: 301 }))).toBe('redirect_conflict');
    expect(await kindOf(redirects.createRedirect(ADMIN, { fromPath: '/a/', toPath: '/d', statusCode: 301 }))).toBe('redirect_conflict');
    expect(await kindOf(redirects.createRedirect(ADMIN, { fromPath: `/${published.slug}`, toPath: '/d', statusCode: 301 }))).toBe('redirect_conflict');
    const response = await callRoute(redirects.createRedirectEndpoint, {
      method: 'POST',
      body: { fromPath: '/b', toPath: '/a', statusCode: 301 },
      user: ADMIN,
    });
    expect(response.status).toBe(409);
    expect((await response.json()).fields).toHaveProperty('toPath');
    const invalid = await callRoute(redirects.createRedirectEndpoint, {
      method: 'POST',
      body: { fromPath: '/admin', toPath: 'javascript:alert(1)', statusCode: 301 },
      user: ADMIN,
    });
    expect(invalid.status).toBe(400);
    expect(Object.keys((await invalid.json()).fields)).toEqual(expect.arrayContaining(['fromPath', 'toPath']));
  });

  it('follows a published tool whose slug changes, keeping every old address one hop away', async () => {
    const id = await insertTool('primera-direccion');
    await pool.query("UPDATE posts SET slug = 'segunda-direccion' WHERE id = $1", [id]);
    await pool.query("UPDATE posts SET slug = 'tercera-direccion' WHERE id = $1", [id]);
    const { rows } = await pool.query("SELECT from_path, to_path, status_code FROM redirects WHERE to_path = '/tercera-direccion' ORDER BY from_path");
    expect(rows).toEqual([
      { from_path: '/primera-direccion', to_path: '/tercera-direccion', status_code: 301 },
      { from_path: '/segunda-direccion', to_path: '/tercera-direccion', status_code: 301 },
    ]);
    // Back to a former address: that address is the tool's again, not a redirect.
    await pool.query("UPDATE posts SET slug = 'primera-direccion' WHERE id = $1", [id]);
    const after = await pool.query('SELECT from_path, to_path FROM redirects WHERE from_path LIKE $1 OR to_path LIKE $1 ORDER BY from_path', ['%-direccion']);
    expect(after.rows).toEqual([
      { from_path: '/segunda-direccion', to_path: '/primera-direccion' },
      { from_path: '/tercera-direccion', to_path: '/primera-direccion' },
    ]);
  });
});

describe('published tools', () => {
  it('searches without accents and filters by flags and status', async () => {
    await pool.query(
      "INSERT INTO posts (title, slug, description, status, is_featured) VALUES ('Generador de Imágenes Pro', 'generador-imagenes-pro', 'Crea imágenes.', 'published', true)",
    );
    const found = await tools.listAdminTools(ADMIN, tools.toolFilters.parse({ q: 'imagenes' }));
    expect(found.items.map((tool) => tool.slug)).toContain('generador-imagenes-pro');
    const partial = await tools.listAdminTools(ADMIN, tools.toolFilters.parse({ q: 'generador de imag' }));
    expect(partial.items.map((tool) => tool.slug)).toContain('generador-imagenes-pro');
    const featured = await tools.listAdminTools(ADMIN, tools.toolFilters.parse({ destacada: 'si' }));
    expect(featured.items.every((tool) => tool.isFeatured)).toBe(true);
    const nonsense = tools.toolFilters.parse({ orden: "'; DROP TABLE posts; --", estado: 'x', pagina: '-4' });
    expect(nonsense).toMatchObject({ orden: 'recientes', estado: 'published', pagina: 1 });
  });

  it('features and unpublishes in bulk, moving the content version and auditing each tool', async () => {
    const a = await insertTool('bulk-a');
    const b = await insertTool('bulk-b');
    const before = await readContentVersion(pool);
    const response = await callRoute(tools.toolActionEndpoint, { method: 'POST', body: { action: 'feature', ids: [a, b] }, user: ADMIN });
    expect(await response.json()).toEqual({ changed: 2 });
    expect(await readContentVersion(pool)).toBeGreaterThan(before);
    expect(await tools.setToolFlag(ADMIN, [a, b], 'feature')).toBe(0);
    expect((await auditRows('post.feature')).filter((row) => [a, b].includes(row.target_id))).toHaveLength(2);
    expect(await tools.unpublishTools(ADMIN, [a], 'La web ya no funciona.')).toMatchObject([{ id: a }]);
    expect((await pool.query('SELECT status, review_note FROM posts WHERE id = $1', [a])).rows[0]).toEqual({
      status: 'withdrawn',
      review_note: 'La web ya no funciona.',
    });
    expect(await auditRows('post.unpublish', a)).toMatchObject([
      { target_id: a, before: { status: 'published' }, after: { status: 'withdrawn', reviewNote: 'La web ya no funciona.' } },
    ]);
  });

  it('deletes a tool with its saves and views; its address answers 410 and the redirects that led to it follow', async () => {
    const id = await insertTool('para-borrar', 'published', { imageUrl: 'uploads/para-borrar.jpg' });
    await mkdir(path.join(root, 'uploads', 'uploads'), { recursive: true });
    await writeFile(path.join(root, 'uploads', 'uploads', 'para-borrar.jpg'), 'jpeg');
    await pool.query("INSERT INTO saved_posts (user_id, post_id) VALUES ('user-1', $1)", [id]);
    await pool.query("INSERT INTO post_views (post_id, session_id) VALUES ($1, 's'), ($1, 't')", [id]);
    await pool.query("INSERT INTO post_clicks (post_id, session_id) VALUES ($1, 's')", [id]);
    await redirects.createRedirect(ADMIN, { fromPath: '/lleva-a-borrar', toPath: '/para-borrar', statusCode: 301 });
    expect(await tools.deleteTools(ADMIN, [id], { gone: '410', to: '' })).toBe(1);
    for (const table of ['posts', 'saved_posts', 'post_views', 'post_clicks']) {
      const column = table === 'posts' ? 'id' : 'post_id';
      expect((await pool.query(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`, [id])).rows[0].n, table).toBe(0);
    }
    const { rows } = await pool.query(
      "SELECT from_path, to_path, status_code FROM redirects WHERE from_path IN ('/para-borrar', '/lleva-a-borrar') ORDER BY from_path",
    );
    expect(rows).toEqual([
      { from_path: '/lleva-a-borrar', to_path: null, status_code: 410 },
      { from_path: '/para-borrar', to_path: null, status_code: 410 },
    ]);
    expect(await readdir(path.join(root, 'uploads', 'uploads'))).toEqual([]);
    expect(await auditRows('post.delete', id)).toMatchObject([{ target_id: id, before: { slug: 'para-borrar', status: 'published' }, after: { answer: 410 } }]);
  });

  it('deletes a tool redirecting its address where the admin chose, refusing a target that redirects again', async () => {
    const id = await insertTool('con-destino');
    const target = await insertTool('destino-final');
    await redirects.createRedirect(ADMIN, { fromPath: '/de-paso', toPath: '/otro-destino', statusCode: 301 });
    expect(await kindOf(tools.deleteTools(ADMIN, [id], { gone: 'redirect', to: '/de-paso' }))).toBe('redirect_conflict');
    expect(await kindOf(tools.deleteTools(ADMIN, [id], { gone: 'redirect', to: '' }))).toBe('invalid_input');
    expect(await kindOf(tools.deleteTools(ADMIN, [id], { gone: 'redirect', to: '/con-destino' }))).toBe('redirect_conflict');
    await tools.deleteTools(ADMIN, [id], { gone: 'redirect', to: '/destino-final' });
    const { rows } = await pool.query("SELECT to_path, status_code FROM redirects WHERE from_path = '/con-destino'");
    expect(rows).toEqual([{ to_path: '/destino-final', status_code: 301 }]);
    expect((await pool.query('SELECT count(*)::int AS n FROM posts WHERE id = $1', [target])).rows[0].n).toBe(1);
  });
});

describe('generated content', () => {
  it('lists descriptions with a sanitized preview and deletes an image with its file', async () => {
    await pool.query(
      `INSERT INTO generated_image_descriptions (user_id, image_url, generated_description, language)
       VALUES ('user-1', 'upload://archivo-subido', '<p>Un gato <script>alert(1)</script><b>naranja</b></p>', 'es'),
              (NULL, 'https://ejemplo.es/x.jpg', '<p>Anónima</p>', 'en')`,
    );
    const texts = await generated.listGeneratedTexts(ADMIN, 'descripciones', 1);
    expect(texts.items.map((item) => item.preview)).toEqual(expect.arrayContaining(['Un gato naranja', 'Anónima']));
    expect(texts.items.find((item) => item.preview === 'Anónima')?.author).toBeNull();
    const victim = texts.items.find((item) => item.preview === 'Un gato naranja')!;
    await generated.deleteGenerated(ADMIN, 'descripciones', victim.id);
    expect(await auditRows('description.delete')).toMatchObject([{ target_id: victim.id, before: { text: 'Un gato naranja' } }]);

    await mkdir(path.join(root, 'uploads', 'generated', '2026-11'), { recursive: true });
    await writeFile(path.join(root, 'uploads', 'generated', '2026-11', 'abuso.jpg'), 'jpeg');
    const { rows } = await pool.query<{ id: string }>(
      `INSERT INTO image_generation_history (session_id, prompt, model_used, image_url, width, height)
       VALUES ('session_1', 'algo abusivo', 'flux', 'generated/2026-11/abuso.jpg', 512, 512) RETURNING id`,
    );
    const grid = await generated.listGeneratedImages(ADMIN, 1);
    expect(grid.items[0]).toMatchObject({ id: rows[0]!.id, author: null, thumbnail: '/media/generated/2026-11/abuso.jpg?w=600' });
    const response = await callRoute(generated.deleteGeneratedEndpoint, { method: 'DELETE', params: { kind: 'imagenes', id: rows[0]!.id }, user: ADMIN });
    expect(response.status).toBe(204);
    expect(await readdir(path.join(root, 'uploads', 'generated', '2026-11'))).toEqual([]);
    expect(await auditRows('image.delete')).toHaveLength(1);
    const again = await callRoute(generated.deleteGeneratedEndpoint, { method: 'DELETE', params: { kind: 'imagenes', id: rows[0]!.id }, user: ADMIN });
    expect(again.status).toBe(404);
  });
});

describe('settings and rebuilds', () => {
  it('stores a group with defaults, audits it, and rebuilds only when built pages show it', async () => {
    expect((await readSettings()).ads.enabled).toBe(false);
    let version = await readContentVersion(pool);
    expect(await settings.saveSettingsGroup(ADMIN, 'ai', { images: { visitorLimit: 12 } })).toEqual({ rebuild: false });
    expect(await readContentVersion(pool)).toBe(version);
    expect((await currentSettings()).ai.images.visitorLimit).toBe(12);

    const ads = { enabled: true, client: 'ca-pub-1234567890123456', slots: { homeBanner: '111', toolTop: '222', toolBottom: '333' } };
    expect(await settings.saveSettingsGroup(ADMIN, 'ads', ads)).toEqual({ rebuild: true });
    expect(await readContentVersion(pool)).toBeGreaterThan(version);
    const stored = await readSettings();
    expect(stored.ads).toMatchObject({
      ...ads,
      lazyMarginPx: 100,
      bannerLazyMarginPx: 200,
      threshold: 0.1,
      initDelayMs: 200,
      minHeightPx: 100,
      bannerMinHeightPx: 250,
    });
    expect(await auditRows('settings.update')).toMatchObject([
      { target_id: 'ai', after: { images: { visitorLimit: 12 } } },
      { target_id: 'ads', before: { enabled: false }, after: { enabled: true, client: 'ca-pub-1234567890123456' } },
    ]);

    version = await readContentVersion(pool);
    const missing = await callRoute(settings.saveSettingsEndpoint, {
      method: 'PUT',
      params: { group: 'ads' },
      body: { enabled: true, client: '' },
      user: ADMIN,
    });
    expect(missing.status).toBe(400);
    expect((await missing.json()).fields).toHaveProperty('client');
    // A provider whose key is not in the environment cannot be chosen: keys never come from the panel.
    const gemini = await callRoute(settings.saveSettingsEndpoint, {
      method: 'PUT',
      params: { group: 'ai' },
      body: { stories: { provider: 'gemini' } },
      user: ADMIN,
    });
    expect((await gemini.json()).fields).toHaveProperty(['stories.provider']);
    expect(await readContentVersion(pool)).toBe(version);
  });

  it("queues one manual rebuild however often it is asked, audited as 'site.rebuild'", async () => {
    await pool.query('DELETE FROM rebuild_runs');
    const audited = (await auditRows('site.rebuild')).length;
    const [first, second] = await Promise.all([requestRebuild(ADMIN), requestRebuild(ADMIN_2)]);
    expect(first.runId).toBe(second.runId);
    expect([first.alreadyQueued, second.alreadyQueued].sort()).toEqual([false, true]);
    const status = await readRebuildStatus(ADMIN);
    expect(status.active).toMatchObject({ status: 'queued', reason: 'Solicitada desde el panel' });
    expect(status.current).toBeNull();
    expect(await auditRows('site.rebuild')).toHaveLength(audited + 1);
  });

  it('shows the last run, a retry waiting after a failure, and when retries stopped; asking again runs the retry at once', async () => {
    await pool.query('DELETE FROM rebuild_runs');
    await pool.query(
      `INSERT INTO rebuild_runs (status, reason, requested_by, error, attempt, finished_at, created_at) VALUES
         ('succeeded', 'Cambios en el contenido', NULL, NULL, 0, now() - interval '2 hours', now() - interval '2 hours'),
         ('failed', 'Solicitada desde el panel', 'admin-1', 'Sin memoria', 0, now() - interval '1 minute', now() - interval '3 minutes')`,
    );
    await pool.query(
      "INSERT INTO rebuild_runs (status, reason, requested_by, attempt, not_before) VALUES ('queued', 'Solicitada desde el panel', 'admin-1', 1, now() + interval '1 minute')",
    );
    let status = await readRebuildStatus(ADMIN);
    expect(status.lastRun).toMatchObject({ status: 'failed', reason: 'Solicitada desde el panel' });
    expect(status.lastFailure).toMatchObject({ error: 'Sin memoria' });
    expect(status.active).toMatchObject({ status: 'queued', attempt: 1, requestedBy: 'Ada Admin' });
    expect(new Date(status.active!.notBefore!).getTime()).toBeGreaterThan(Date.now());
    expect(status.gaveUp).toBe(false);

    const again = await requestRebuild(ADMIN_2);
    expect(again.alreadyQueued).toBe(true);
    status = await readRebuildStatus(ADMIN);
    expect(status.active).toMatchObject({ id: again.runId, attempt: 0, notBefore: null });

    await pool.query('DELETE FROM rebuild_runs');
    await pool.query(
      "INSERT INTO rebuild_runs (status, reason, error, attempt, finished_at) VALUES ('failed', 'Cambios en el contenido', 'Sin memoria', $1, now())",
      [status.maxAttempts - 1],
    );
    status = await readRebuildStatus(ADMIN);
    expect(status).toMatchObject({ active: null, gaveUp: true, lastRun: { status: 'failed' } });
  });

  it('lists the audit log newest first, filtered by kind and text', async () => {
    for (const n of [1, 2, 3]) await redirects.createRedirect(ADMIN_2, { fromPath: `/registro-${n}`, toPath: '/destino', statusCode: 301 });
    const all = await listAuditLog(ADMIN, { pagina: 1 });
    expect(all.total).toBeGreaterThanOrEqual(3);
    const onlyRedirects = await listAuditLog(ADMIN, { tipo: 'redirect', pagina: 1 });
    expect(onlyRedirects.items.every((entry) => entry.targetType === 'redirect')).toBe(true);
    const byText = await listAuditLog(ADMIN, { q: 'berta', pagina: 1 });
    expect(byText.items.length).toBeGreaterThan(0);
    expect(byText.items.every((entry) => `${entry.summary} ${entry.actorName}`.toLowerCase().includes('berta'))).toBe(true);
  });
});
