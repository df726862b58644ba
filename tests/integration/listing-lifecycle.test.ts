/**
 * An author's published listing over its life, through the real endpoints on a real PostgreSQL: the
 * author withdraws it (audited, admins told, 410 on its address) and asks it back (Pendientes); an admin's
 * unpublishing withdraws it with a reason its author receives by e-mail and reads on the dashboard.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { useMigratedDatabase } from './helpers/db.ts';
import { callRoute } from './helpers/endpoint.ts';
import { lastMailTo, mailsTo } from './helpers/outbox.ts';

// Configuration is read once per process: set it before the site's modules first ask for it.
const dataDir = await mkdtemp(path.join(tmpdir(), 'brujula-ciclo-'));
process.env.DATA_DIR = dataDir;
process.env.SITE_URL = 'http://localhost:4321';
process.env.SMTP_URL = '';
process.env.VERCEL_DEPLOY_HOOK_URL = '';

const { withdrawToolEndpoint, askBackToolEndpoint } = await import('../../src/features/dashboard/lifecycle.server.ts');
const { listMyTools } = await import('../../src/features/dashboard/queries.server.ts');
const { toolActionEndpoint } = await import('../../src/features/admin/tools.server.ts');
const { listPendingSubmissions } = await import('../../src/features/moderation/queue.server.ts');
const { onDemandToolPage } = await import('../../src/features/tool-page/on-demand.server.ts');
const { ERROR_TABLE } = await import('../../src/lib/error-table.ts');
const { closeDb } = await import('../../src/server/db/client.ts');

const pool = await useMigratedDatabase();
process.env.DATABASE_URL = inject('databaseUrl');
afterAll(async () => {
  await closeDb();
  await rm(dataDir, { recursive: true, force: true });
});

await pool.query(`INSERT INTO profiles (id, name, email, role) VALUES
  ('ana', 'Ana Autora', 'ana@ejemplo.es', 'user'), ('bruno', 'Bruno', 'bruno@ejemplo.es', 'user'),
  ('alba', 'Alba Admin', 'alba@ejemplo.es', 'admin'), ('pablo', 'Pablo Admin', 'pablo@ejemplo.es', 'admin')`);
await pool.query(`UPDATE profiles SET is_active = false WHERE id = 'pablo'`);

beforeEach(() => pool.query('DELETE FROM rate_limit_buckets'));

const ana = { id: 'ana', name: 'Ana Autora' };
const bruno = { id: 'bruno', name: 'Bruno', role: 'user' as const };
const alba = { id: 'alba', name: 'Alba Admin', role: 'admin' as const };

async function insertTool(slug: string, status: string, userId: string | null = 'ana'): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO posts (title, slug, description, status, user_id, published_date) VALUES ($1, $2, 'Una herramienta.', $3, $4, now()) RETURNING id`,
    [`Herramienta ${slug}`, slug, status, userId],
  );
  return rows[0]!.id;
}

const statusOf = async (id: string) => (await pool.query<{ status: string }>('SELECT status FROM posts WHERE id = $1', [id])).rows[0]?.status;
const auditOf = async (id: string) =>
  (await pool.query('SELECT actor_id, action, before, after FROM audit_log WHERE target_id = $1 ORDER BY created_at, id', [id])).rows;

const withdraw = (user: { id: string; name?: string; role?: 'user' | 'admin' } | null, id: string, headers?: Record<string, string>, body: unknown = {}) =>
  callRoute(withdrawToolEndpoint, { method: 'POST', path: `/api/dashboard/posts/${id}/withdraw`, params: { id }, user, headers, body });
const askBack = (user: { id: string; name?: string } | null, id: string) =>
  callRoute(askBackToolEndpoint, { method: 'POST', path: `/api/dashboard/posts/${id}/resubmit`, params: { id }, user, body: {} });

describe('an author withdraws a published listing and asks it back', () => {
  it('withdraws it: off the site (410 for visitors), audited, active admins told by e-mail', async () => {
    const id = await insertTool('retirable', 'published');
    const response = await withdraw(ana, id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id, status: 'withdrawn' });
    expect(await statusOf(id)).toBe('withdrawn');
    expect(await auditOf(id)).toMatchObject([{ actor_id: 'ana', action: 'post.withdraw', before: { status: 'published' }, after: { status: 'withdrawn' } }]);

    expect(await onDemandToolPage('retirable', null)).toEqual({ kind: 'gone' });
    expect(await onDemandToolPage('retirable', bruno)).toEqual({ kind: 'gone' });
    expect(await onDemandToolPage('retirable', { id: 'ana', role: 'user' })).toMatchObject({ kind: 'preview', review: { status: 'withdrawn', note: null } });

    const notice = await lastMailTo(dataDir, 'alba@ejemplo.es');
    expect(notice).toContain('Ana Autora ha retirado «Herramienta retirable»');
    expect(notice).toContain('http://localhost:4321/admin/pendientes');
    expect(await mailsTo(dataDir, 'pablo@ejemplo.es')).toEqual([]);

    const [listed] = (await listMyTools('ana')).filter((tool) => tool.id === id);
    expect(listed).toMatchObject({ status: 'withdrawn', reviewNote: null });

    const twice = await withdraw(ana, id);
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({ error: ERROR_TABLE.not_withdrawable.message, code: 'not_withdrawable' });
  });

  it('asks it back: it waits in Pendientes as a resubmission and admins are told', async () => {
    const id = await insertTool('de-vuelta', 'published');
    expect((await withdraw(ana, id)).status).toBe(200);
    const response = await askBack(ana, id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id, status: 'pending' });
    expect((await listPendingSubmissions(alba)).map((submission) => submission.id)).toContain(id);
    expect((await auditOf(id)).map((row) => row.action)).toEqual(['post.withdraw', 'post.ask_back']);
    expect(await lastMailTo(dataDir, 'alba@ejemplo.es')).toContain('«Herramienta de-vuelta» vuelve a revisión');

    const again = await askBack(ana, id);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: ERROR_TABLE.not_withdrawn.message, code: 'not_withdrawn' });
  });

  it('refuses guests, other sites, other people’s listings and malformed ids, changing nothing', async () => {
    const id = await insertTool('ajena', 'published');
    expect((await withdraw(null, id)).status).toBe(401);
    const crossSite = await withdraw(ana, id, { origin: 'https://malicioso.example' });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({ error: ERROR_TABLE.cross_site.message });
    for (const target of [id, '00000000-0000-4000-8000-000000000000', 'no-es-un-id']) {
      const answer = await withdraw(bruno, target);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ error: ERROR_TABLE.post_not_found.message, code: 'post_not_found' });
    }
    // Even an admin goes through the admin panel, not through another person's dashboard.
    expect((await withdraw(alba, id)).status).toBe(404);
    expect((await askBack(bruno, id)).status).toBe(404);
    const huge = await withdraw(ana, id, {}, { relleno: 'x'.repeat(64 * 1024) });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: ERROR_TABLE.too_large.message });
    expect(await statusOf(id)).toBe('published');
    expect(await auditOf(id)).toEqual([]);
  });
});

describe('an admin unpublishes a tool', () => {
  const unpublish = (user: typeof alba | typeof bruno | null, body: unknown) =>
    callRoute(toolActionEndpoint, { method: 'POST', path: '/api/admin/tools', user, body });

  it('withdraws it with the reason: the author gets it by e-mail and reads it on the dashboard', async () => {
    const id = await insertTool('despublicable', 'published');
    const response = await unpublish(alba, { action: 'unpublish', ids: [id], reason: 'La web lleva un mes caída.' });
    expect(await response.json()).toEqual({ changed: 1 });
    expect(await statusOf(id)).toBe('withdrawn');
    const [listed] = (await listMyTools('ana')).filter((tool) => tool.id === id);
    expect(listed).toMatchObject({ status: 'withdrawn', reviewNote: 'La web lleva un mes caída.' });
    const mail = await lastMailTo(dataDir, 'ana@ejemplo.es');
    expect(mail).toContain('Subject: =?UTF-8?');
    expect(mail).toContain('Hemos retirado «Herramienta despublicable»');
    expect(mail).toContain('Motivo: La web lleva un mes caída.');
    expect(mail).toContain('http://localhost:4321/dashboard/posts');
    // Not in the queue: the author asks it back when it is fixed.
    expect((await listPendingSubmissions(alba)).map((submission) => submission.id)).not.toContain(id);
    expect((await askBack(ana, id)).status).toBe(200);
  });

  it('needs a reason, and refuses a plain user in Spanish', async () => {
    const id = await insertTool('sin-motivo', 'published');
    const missing = await unpublish(alba, { action: 'unpublish', ids: [id], reason: '  ' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ fields: { reason: 'Escribe el motivo de la retirada para el autor.' } });
    const plain = await unpublish(bruno, { action: 'unpublish', ids: [id], reason: 'Porque sí.' });
    expect(plain.status).toBe(403);
    expect(await plain.json()).toMatchObject({ error: ERROR_TABLE.forbidden.message });
    expect(await statusOf(id)).toBe('published');
  });
});
