/**
 * Canned rejection reasons and bulk moderation, through the real endpoints on a real
 * PostgreSQL: the reasons are validated and stored as a settings group; a batch approves or rejects each tool
 * in its own transaction, audited and e-mailed like a single decision, reports per id what it could not do and
 * asks for one rebuild.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { useMigratedDatabase } from './helpers/db.ts';
import { callRoute } from './helpers/endpoint.ts';
import { mailsTo } from './helpers/outbox.ts';

// Configuration is read once per process: set it before the site's modules first ask for it.
const dataDir = await mkdtemp(path.join(tmpdir(), 'brujula-moderacion-'));
const hookCalls: string[] = [];
const hook = http.createServer((request, response) => {
  hookCalls.push(`${request.method} ${request.url}`);
  response.writeHead(201, { 'content-type': 'application/json' }).end('{}');
});
await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
process.env.DATA_DIR = dataDir;
process.env.SITE_URL = 'http://localhost:4321';
process.env.SMTP_URL = '';
process.env.VERCEL_DEPLOY_HOOK_URL = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;

const { bulkModerationEndpoint } = await import('../../src/features/moderation/moderation.server.ts');
const { BULK_MODERATION_MAX, BULK_TOO_MANY } = await import('../../src/features/moderation/bulk-schema.ts');
const { saveSettingsEndpoint } = await import('../../src/features/admin/settings.server.ts');
const { DEFAULT_REJECTION_REASONS } = await import('../../src/lib/settings-schema.ts');
const { readSettings } = await import('../../src/server/settings/site-settings.ts');
const { ERROR_TABLE } = await import('../../src/lib/error-table.ts');
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
  ('ana', 'Ana Autora', 'ana@ejemplo.es', 'user'), ('bruno', 'Bruno Autor', 'bruno@ejemplo.es', 'user'),
  ('alba', 'Alba Admin', 'alba@ejemplo.es', 'admin')`);

beforeEach(async () => {
  await pool.query('DELETE FROM rate_limit_buckets');
  hookCalls.length = 0;
});

type Caller = { id: string; name?: string; role?: 'user' | 'admin' } | null;
const alba = { id: 'alba', name: 'Alba Admin', role: 'admin' as const };
const ana = { id: 'ana', name: 'Ana Autora', role: 'user' as const };

let serial = 0;
async function insertTool(status: string, userId = 'ana'): Promise<{ id: string; title: string; slug: string }> {
  const slug = `lote-${++serial}`;
  const title = `Herramienta ${serial}`;
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO posts (title, slug, description, status, user_id) VALUES ($1, $2, 'Una herramienta por revisar.', $3, $4) RETURNING id`,
    [title, slug, status, userId],
  );
  return { id: rows[0]!.id, title, slug };
}

const moderate = (user: Caller, body: unknown, headers?: Record<string, string>) =>
  callRoute(bulkModerationEndpoint, { method: 'POST', path: '/api/posts/moderate', user, body, headers });
const statusOf = async (id: string) =>
  (await pool.query<{ status: string; review_note: string | null }>('SELECT status, review_note FROM posts WHERE id = $1', [id])).rows[0];
const auditOf = async (id: string) =>
  (await pool.query('SELECT actor_id, action, after FROM audit_log WHERE target_id = $1 ORDER BY created_at, id', [id])).rows;
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('bulk approve and reject', () => {
  it('approves each pending tool in its own transaction, audited and e-mailed; reports the others per id; one rebuild', async () => {
    const first = await insertTool('pending');
    const second = await insertTool('pending', 'bruno');
    const published = await insertTool('published');
    const response = await moderate(alba, { action: 'approve', ids: [first.id, second.id, published.id, MISSING, 'no-es-un-id', first.id] });
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer.action).toBe('approve');
    // A repeated id counts once.
    expect(answer.done).toEqual([
      { id: first.id, title: first.title, path: `/${first.slug}` },
      { id: second.id, title: second.title, path: `/${second.slug}` },
    ]);
    expect(answer.failed).toEqual([
      { id: published.id, title: published.title, code: 'already_reviewed', error: ERROR_TABLE.already_reviewed.message },
      { id: MISSING, title: null, code: 'post_not_found', error: ERROR_TABLE.post_not_found.message },
      { id: 'no-es-un-id', title: null, code: 'post_not_found', error: ERROR_TABLE.post_not_found.message },
    ]);
    expect((await statusOf(first.id))?.status).toBe('published');
    expect((await statusOf(second.id))?.status).toBe('published');
    expect(await auditOf(first.id)).toMatchObject([{ actor_id: 'alba', action: 'post.approve', after: { status: 'published' } }]);
    expect(await auditOf(published.id)).toEqual([]);
    // Exactly as a single approval: each author gets one e-mail with the page's address.
    const toAna = await mailsTo(dataDir, 'ana@ejemplo.es');
    expect(toAna.filter((mail) => mail.includes(`http://localhost:4321/${first.slug}`))).toHaveLength(1);
    expect((await mailsTo(dataDir, 'bruno@ejemplo.es')).filter((mail) => mail.includes(`/${second.slug}`))).toHaveLength(1);
    expect(hookCalls).toEqual(['POST /hook']);
  });

  it('rejects with the reason each author reads; no rebuild; a tool decided meanwhile is listed, not undone', async () => {
    const first = await insertTool('pending');
    const second = await insertTool('pending', 'bruno');
    const reason = 'Enlace roto o sitio caído';
    const response = await moderate(alba, { action: 'reject', ids: [first.id, second.id], reason });
    expect(await response.json()).toMatchObject({ action: 'reject', done: [{ id: first.id }, { id: second.id }], failed: [] });
    expect(await statusOf(first.id)).toEqual({ status: 'rejected', review_note: reason });
    expect(await auditOf(second.id)).toMatchObject([{ action: 'post.reject', after: { status: 'rejected', reviewNote: reason } }]);
    const mail = (await mailsTo(dataDir, 'bruno@ejemplo.es')).find((message) => message.includes(second.title));
    expect(mail).toContain(reason);
    expect(mail).toContain(`/editar/${second.id}`);
    expect(hookCalls).toEqual([]);

    const again = await moderate(alba, { action: 'approve', ids: [first.id] });
    expect(await again.json()).toMatchObject({ done: [], failed: [{ id: first.id, code: 'already_reviewed' }] });
    expect(hookCalls).toEqual([]);
  });

  it('needs a reason to reject, at least one id and at most the batch limit', async () => {
    const tool = await insertTool('pending');
    const noReason = await moderate(alba, { action: 'reject', ids: [tool.id], reason: '   ' });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toMatchObject({ fields: { reason: 'Escribe el motivo del rechazo para el autor.' } });
    const none = await moderate(alba, { action: 'approve', ids: [] });
    expect(await none.json()).toMatchObject({ fields: { ids: 'Selecciona al menos una herramienta.' } });
    const tooMany = await moderate(alba, { action: 'approve', ids: Array.from({ length: BULK_MODERATION_MAX + 1 }, () => tool.id) });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ error: BULK_TOO_MANY, fields: { ids: BULK_TOO_MANY } });
    const unknown = await moderate(alba, { action: 'delete', ids: [tool.id] });
    expect(unknown.status).toBe(400);
    expect((await statusOf(tool.id))?.status).toBe('pending');
  });

  it('refuses guests (401), plain users (403), other sites and huge bodies, changing nothing', async () => {
    const tool = await insertTool('pending');
    const guest = await moderate(null, { action: 'approve', ids: [tool.id] });
    expect(guest.status).toBe(401);
    const plain = await moderate(ana, { action: 'approve', ids: [tool.id] });
    expect(plain.status).toBe(403);
    expect(await plain.json()).toMatchObject({ error: ERROR_TABLE.forbidden.message, code: 'forbidden' });
    const crossSite = await moderate(alba, { action: 'approve', ids: [tool.id] }, { origin: 'https://malicioso.example' });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({ error: ERROR_TABLE.cross_site.message });
    const huge = await moderate(alba, { action: 'reject', ids: [tool.id], reason: 'x'.repeat(64 * 1024) });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: ERROR_TABLE.too_large.message });
    expect((await statusOf(tool.id))?.status).toBe('pending');
    expect(await auditOf(tool.id)).toEqual([]);
    expect(hookCalls).toEqual([]);
  });
});

describe('canned rejection reasons in the settings', () => {
  const save = (user: Caller, body: unknown) =>
    callRoute(saveSettingsEndpoint, { method: 'PUT', path: '/api/admin/settings/moderation', params: { group: 'moderation' }, user, body });

  it('offers the defaults until an admin saves a list; blank rows are dropped, an emptied list stays empty', async () => {
    expect((await readSettings()).moderation.rejectionReasons).toEqual([...DEFAULT_REJECTION_REASONS]);
    // Only the notices saved (an older form): the reasons keep their defaults.
    expect((await save(alba, { adminNotices: 'digest' })).status).toBe(200);
    expect((await readSettings()).moderation).toEqual({ adminNotices: 'digest', rejectionReasons: [...DEFAULT_REJECTION_REASONS] });

    const xss = '<img src=x onerror=alert(1)> «Sin licencia»';
    const saved = await save(alba, { adminNotices: 'each', rejectionReasons: ['  Sin   web oficial ', '', xss, '   '] });
    expect(saved.status).toBe(200);
    // Stored as the text it is: pages escape it when they show it.
    expect((await readSettings()).moderation.rejectionReasons).toEqual(['Sin web oficial', xss]);
    const { rows } = await pool.query(
      `SELECT action, target_id, after FROM audit_log WHERE action = 'settings.update' ORDER BY created_at DESC, id DESC LIMIT 1`,
    );
    expect(rows[0]).toMatchObject({ target_id: 'moderation', after: { rejectionReasons: ['Sin web oficial', xss] } });

    expect((await save(alba, { adminNotices: 'each', rejectionReasons: [''] })).status).toBe(200);
    expect((await readSettings()).moderation.rejectionReasons).toEqual([]);
  });

  it('refuses a reason too long, a repeated one or too many, beside the list', async () => {
    const before = (await readSettings()).moderation;
    const cases: [unknown, string][] = [
      [['Corto', 'x'.repeat(201)], 'El motivo 2 supera 200 caracteres.'],
      [['Duplicada', 'duplicada '], 'El motivo 2 está repetido.'],
      [Array.from({ length: 21 }, (_, index) => `Motivo ${index}`), 'Como mucho 20 motivos.'],
      ['Un texto, no una lista', 'Escribe los motivos como una lista.'],
    ];
    for (const [rejectionReasons, message] of cases) {
      const response = await save(alba, { adminNotices: 'each', rejectionReasons });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ fields: { rejectionReasons: message } });
    }
    expect((await readSettings()).moderation).toEqual(before);
    expect((await save(ana, { adminNotices: 'each', rejectionReasons: ['Hola'] })).status).toBe(403);
    expect((await save(null, { adminNotices: 'each', rejectionReasons: ['Hola'] })).status).toBe(401);
  });
});
