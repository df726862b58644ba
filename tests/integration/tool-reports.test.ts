/**
 * «Informar de un problema» on a real PostgreSQL: a guest reports a published tool through the form
 * endpoint, is rate-limited per IP, stored text stays text; the admin list groups open reports per tool with
 * counts, and only an admin may read it or close a tool's reports (each closing audited; «Retirar» retires it).
 */
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { closeDb } from '../../src/server/db/client.ts';
import { reportActionEndpoint, reportEndpoint, listReportedTools, REPORT_RATE_LIMIT } from '../../src/features/reports/reports.server.ts';
import { callRoute } from './helpers/endpoint.ts';
import { useMigratedDatabase } from './helpers/db.ts';

const pool = await useMigratedDatabase();
process.env.DATABASE_URL = inject('databaseUrl');
afterAll(() => closeDb());

const admin = { id: 'admin-informes', role: 'admin' as const, name: 'Admin' };
const plain = { id: 'usuario-informes', role: 'user' as const };
let toolId = '';
let otherId = '';

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

function report(fields: Record<string, string>, options: { ip?: string; json?: boolean; user?: typeof plain } = {}): Promise<Response> {
  return callRoute(reportEndpoint, {
    path: '/api/reports',
    body: form(fields),
    user: options.user,
    headers: options.json === false ? { accept: 'text/html' } : { accept: 'application/json' },
    clientAddress: options.ip ?? '203.0.113.20',
  });
}

function act(toolId: string, action: string, user: typeof admin | typeof plain | null = admin): Promise<Response> {
  return callRoute(reportActionEndpoint, { path: `/api/admin/reports/${toolId}`, body: { action }, params: { id: toolId }, user });
}

beforeEach(async () => {
  await pool.query('TRUNCATE tool_reports, rate_limit_buckets, audit_log, posts, profiles CASCADE');
  await pool.query(`INSERT INTO profiles (id, name, email, role) VALUES ($1, 'Admin', 'admin@ejemplo.es', 'admin'), ($2, 'Ana', 'ana@ejemplo.es', 'user')`, [
    admin.id,
    plain.id,
  ]);
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO posts (title, slug, description, status, published_date) VALUES
       ('ChatGPT', 'chatgpt', 'Asistente conversacional.', 'published', now()),
       ('Claude', 'claude', 'Asistente conversacional.', 'published', now()),
       ('Borrador', 'borrador', 'Pendiente.', 'pending', NULL)
     RETURNING id`,
  );
  toolId = rows[0]!.id;
  otherId = rows[2]!.id;
});

describe('POST /api/reports', () => {
  it('takes a guest report with details and a reply address, and sends a browser without JavaScript back to the confirmation', async () => {
    const answer = await report({ toolId: toolId, reason: 'broken_link', details: 'La web da error 500.', email: 'lector@ejemplo.es' });
    expect(answer.status).toBe(200);
    const page = await report({ toolId: toolId, reason: 'other', details: '', email: '' }, { json: false });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('/chatgpt#aviso-enviado');
    const { rows } = await pool.query('SELECT reason, details, email, user_id, status FROM tool_reports ORDER BY created_at');
    expect(rows).toEqual([
      { reason: 'broken_link', details: 'La web da error 500.', email: 'lector@ejemplo.es', user_id: null, status: 'open' },
      { reason: 'other', details: null, email: null, user_id: null, status: 'open' },
    ]);
  });

  it('records the signed-in reporter and keeps markup as plain text', async () => {
    const xss = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    expect((await report({ toolId: toolId, reason: 'unsafe', details: xss }, { user: plain })).status).toBe(200);
    const { rows } = await pool.query('SELECT details, user_id FROM tool_reports');
    expect(rows).toEqual([{ details: xss, user_id: plain.id }]);
  });

  it('refuses unknown reasons, long details, bad addresses, unpublished tools and foreign pages, in Spanish', async () => {
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ toolId: toolId, reason: 'spam' }, 400, 'Elige el motivo del aviso.'],
      [{ toolId: toolId, reason: 'other', details: 'a'.repeat(1001) }, 400, 'Los detalles no pueden superar 1000 caracteres.'],
      [{ toolId: toolId, reason: 'other', email: 'no-es-un-correo' }, 400, 'Escribe un correo electrónico válido o deja el campo vacío.'],
      [{ toolId: otherId, reason: 'other' }, 404, 'La herramienta no existe o no está publicada.'],
      [{ toolId: 'no-es-un-id', reason: 'other' }, 400, 'La herramienta no es válida. Recarga la página.'],
    ];
    for (const [index, [fields, status, message]] of cases.entries()) {
      const answer = await report(fields, { ip: `198.51.100.${index + 1}` });
      expect(answer.status, JSON.stringify(fields)).toBe(status);
      expect(((await answer.json()) as { error: string }).error).toBe(message);
    }
    const foreign = await callRoute(reportEndpoint, {
      path: '/api/reports',
      body: form({ toolId: toolId, reason: 'other' }),
      headers: { origin: 'https://otro-sitio.example' },
    });
    expect(foreign.status).toBe(403);
    expect((await pool.query('SELECT count(*)::int AS n FROM tool_reports')).rows[0].n).toBe(0);
  });

  it('limits reports per IP', async () => {
    for (let n = 0; n < REPORT_RATE_LIMIT.max; n++) expect((await report({ toolId: toolId, reason: 'other' })).status).toBe(200);
    const limited = await report({ toolId: toolId, reason: 'other' });
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: string }).error).toMatch(/^Demasiadas solicitudes/);
    expect((await report({ toolId: toolId, reason: 'other' }, { ip: '203.0.113.99' })).status).toBe(200);
  });
});

describe('/admin/informes', () => {
  it('groups open reports per tool with their counts, the most recently reported first', async () => {
    await report({ toolId: toolId, reason: 'broken_link' }, { ip: '192.0.2.1' });
    await report({ toolId: toolId, reason: 'wrong_info', details: 'El precio ha cambiado.' }, { ip: '192.0.2.2' });
    const { rows } = await pool.query<{ id: string }>(`SELECT id FROM posts WHERE slug = 'claude'`);
    await report({ toolId: rows[0]!.id, reason: 'duplicate' }, { ip: '192.0.2.3' });
    const list = await listReportedTools(admin);
    expect(list.map((tool) => [tool.slug, tool.count])).toEqual([
      ['claude', 1],
      ['chatgpt', 2],
    ]);
    expect(list[1]!.reports.map((r) => r.reason)).toEqual(['wrong_info', 'broken_link']);
    await expect(listReportedTools(plain)).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(listReportedTools(null)).rejects.toMatchObject({ kind: 'not_signed_in' });
  });

  it('closes a tool’s open reports in one click, audited; a plain user gets 403 and a guest 401', async () => {
    await report({ toolId: toolId, reason: 'broken_link' }, { ip: '192.0.2.4' });
    await report({ toolId: toolId, reason: 'other' }, { ip: '192.0.2.5' });
    expect((await act(toolId, 'resolve', plain)).status).toBe(403);
    expect((await act(toolId, 'resolve', null)).status).toBe(401);
    const done = await act(toolId, 'resolve');
    expect(await done.json()).toEqual({ closed: 2 });
    const again = await act(toolId, 'dismiss');
    expect(again.status).toBe(409);
    const { rows } = await pool.query('SELECT status, decided_by FROM tool_reports');
    expect(rows).toEqual([
      { status: 'resolved', decided_by: admin.id },
      { status: 'resolved', decided_by: admin.id },
    ]);
    const audit = await pool.query('SELECT action, actor_id, target_id, summary FROM audit_log');
    expect(audit.rows).toEqual([{ action: 'report.resolve', actor_id: admin.id, target_id: toolId, summary: 'Marcó como resueltos 2 avisos de «ChatGPT»' }]);
  });

  it('«Retirar herramienta» retires the tool as /admin/enlaces does and closes its reports', async () => {
    await report({ toolId: toolId, reason: 'unsafe' }, { ip: '192.0.2.6' });
    expect((await act(toolId, 'retire')).status).toBe(200);
    const tool = await pool.query('SELECT discontinued_at IS NOT NULL AS retired FROM posts WHERE id = $1', [toolId]);
    expect(tool.rows[0].retired).toBe(true);
    const audit = await pool.query('SELECT action FROM audit_log ORDER BY created_at, action');
    expect(audit.rows.map((row) => row.action).sort()).toEqual(['post.link_retire', 'report.retire']);
    expect((await pool.query(`SELECT status FROM tool_reports`)).rows).toEqual([{ status: 'resolved' }]);
  });
});
