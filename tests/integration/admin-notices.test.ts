/**
 * «Avisos de nuevas herramientas» on a real PostgreSQL: a new or resubmitted tool e-mails the active
 * admins one by one, waits for the daily digest, or says nothing, as the setting chooses; only admins change it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { useMigratedDatabase } from './helpers/db.ts';
import { callRoute } from './helpers/endpoint.ts';
import { lastMailTo, mailsTo } from './helpers/outbox.ts';

// Configuration is read once per process: set it before the site's modules first ask for it.
const dataDir = await mkdtemp(path.join(tmpdir(), 'brujula-avisos-'));
process.env.DATA_DIR = dataDir;
process.env.SITE_URL = 'http://localhost:4321';
process.env.SMTP_URL = '';
process.env.STORAGE_DRIVER = 'local';
process.env.VERCEL_DEPLOY_HOOK_URL = '';

const { publishEndpoint, editEndpoint, loadToolEndpoint } = await import('../../src/features/publish/publish.server.ts');
const { saveSettingsEndpoint } = await import('../../src/features/admin/settings.server.ts');
const { sendDueDigest, DIGEST_EVERY_MS } = await import('../../src/server/email/admin-notices.ts');
const { invalidateSettings } = await import('../../src/server/settings/site-settings.ts');
const { ERROR_TABLE } = await import('../../src/lib/error-table.ts');
const { closeDb } = await import('../../src/server/db/client.ts');

const pool = await useMigratedDatabase();
process.env.DATABASE_URL = inject('databaseUrl');
afterAll(async () => {
  await closeDb();
  await rm(dataDir, { recursive: true, force: true });
});

await pool.query(`INSERT INTO profiles (id, name, email, role) VALUES
  ('ana', 'Ana Autora', 'ana@ejemplo.es', 'user'), ('alba', 'Alba Admin', 'alba@ejemplo.es', 'admin'), ('bea', 'Bea Admin', 'bea@ejemplo.es', 'admin')`);
const { rows: categoryRows } = await pool.query<{ id: string }>(`INSERT INTO categories (slug, name) VALUES ('escritura', 'Escritura') RETURNING id`);

beforeEach(() => pool.query('DELETE FROM rate_limit_buckets'));

const ana = { id: 'ana', name: 'Ana Autora' };
const alba = { id: 'alba', name: 'Alba Admin', role: 'admin' as const };

const submit = (title: string, url: string) =>
  callRoute(publishEndpoint, {
    method: 'POST',
    path: '/api/posts',
    user: ana,
    body: {
      title,
      description: 'Una herramienta de escritura con una descripción suficientemente larga.',
      content: '<p>Texto del artículo.</p>',
      url,
      imageUrl: '',
      logoUrl: '',
      categoryIds: [categoryRows[0]!.id],
      keywords: [],
    },
  });

const setMode = async (adminNotices: string, user: { id: string; role?: 'user' | 'admin'; name?: string } | null = alba, headers?: Record<string, string>) => {
  const response = await callRoute(saveSettingsEndpoint, {
    method: 'PUT',
    path: '/api/admin/settings/moderation',
    params: { group: 'moderation' },
    body: { adminNotices },
    user,
    headers,
  });
  invalidateSettings();
  return response;
};

describe('the setting', () => {
  it('is saved by an admin without a rebuild, and refused to guests, plain users, other sites, nonsense and huge bodies', async () => {
    expect(await (await setMode('digest')).json()).toEqual({ rebuild: false });
    expect((await pool.query(`SELECT value FROM site_settings WHERE key = 'moderation'`)).rows[0].value).toMatchObject({ adminNotices: 'digest' });

    expect((await setMode('none', null)).status).toBe(401);
    const plain = await setMode('none', { id: 'ana', role: 'user' });
    expect(plain.status).toBe(403);
    expect(await plain.json()).toMatchObject({ error: ERROR_TABLE.forbidden.message });
    expect((await setMode('none', alba, { origin: 'https://malicioso.example' })).status).toBe(403);
    const nonsense = await setMode('a veces');
    expect(nonsense.status).toBe(400);
    expect(await nonsense.json()).toMatchObject({ fields: { adminNotices: 'Elige cómo quieres recibir los avisos.' } });
    const huge = await callRoute(saveSettingsEndpoint, {
      method: 'PUT',
      params: { group: 'moderation' },
      body: { adminNotices: 'each', relleno: 'x'.repeat(40 * 1024) },
      user: alba,
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: ERROR_TABLE.too_large.message });
    expect((await pool.query(`SELECT value FROM site_settings WHERE key = 'moderation'`)).rows[0].value).toMatchObject({ adminNotices: 'digest' });
  });
});

describe('the notices', () => {
  it('«Cada una»: every active admin gets an e-mail for a new tool, and for one sent back after a rejection', async () => {
    await setMode('each');
    const response = await submit('Escribe Bien', 'https://escribe-bien.example/');
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    for (const admin of ['alba@ejemplo.es', 'bea@ejemplo.es']) {
      const [mail] = await mailsTo(dataDir, admin);
      expect(mail).toContain('Nueva herramienta por revisar: «Escribe Bien», enviada por Ana Autora.');
      expect(mail).toContain('http://localhost:4321/admin/pendientes');
    }
    expect(await mailsTo(dataDir, 'ana@ejemplo.es')).toEqual([]);

    await pool.query(`UPDATE posts SET status = 'rejected', review_note = 'Falta la web.' WHERE id = $1`, [id]);
    const loaded = (await (await callRoute(loadToolEndpoint, { path: `/api/posts/${id}`, params: { id }, user: ana })).json()) as { post: { version: string } };
    const edited = await callRoute(editEndpoint, {
      method: 'PUT',
      path: `/api/posts/${id}`,
      params: { id },
      user: ana,
      body: {
        title: 'Escribe Bien',
        description: 'Una herramienta de escritura con una descripción suficientemente larga.',
        content: '<p>Texto corregido.</p>',
        url: 'https://escribe-bien.example/',
        imageUrl: '',
        logoUrl: '',
        categoryIds: [categoryRows[0]!.id],
        keywords: [],
        version: loaded.post.version,
      },
    });
    expect(edited.status).toBe(200);
    expect((await mailsTo(dataDir, 'alba@ejemplo.es'))[0]).toContain('«Escribe Bien» vuelve a revisión: Ana Autora la ha enviado de nuevo.');
  });

  it('«Ninguno»: nothing is sent or kept', async () => {
    await setMode('none');
    const before = (await mailsTo(dataDir, 'alba@ejemplo.es')).length;
    expect((await submit('Silenciosa', 'https://silenciosa.example/')).status).toBe(200);
    expect(await mailsTo(dataDir, 'alba@ejemplo.es')).toHaveLength(before);
    expect((await pool.query(`SELECT count(*)::int AS n FROM admin_notices WHERE title = 'Silenciosa'`)).rows[0].n).toBe(0);
  });

  it('«Resumen diario»: notices wait, then one digest a day carries them all to every admin', async () => {
    await setMode('digest');
    const before = (await mailsTo(dataDir, 'alba@ejemplo.es')).length;
    expect((await submit('Primera del día', 'https://primera.example/')).status).toBe(200);
    expect((await submit('Segunda del día', 'https://segunda.example/')).status).toBe(200);
    expect(await mailsTo(dataDir, 'alba@ejemplo.es')).toHaveLength(before);

    const now = new Date();
    expect(await sendDueDigest(pool, now)).toBe(2);
    for (const admin of ['alba@ejemplo.es', 'bea@ejemplo.es']) {
      const digest = await lastMailTo(dataDir, admin);
      expect(digest).toContain('Resumen del día: 2 avisos.');
      expect(digest.indexOf('«Primera del día»')).toBeLessThan(digest.indexOf('«Segunda del día»'));
    }

    // Nothing new is due again until a day has passed, and nothing is sent twice.
    expect((await submit('Tercera', 'https://tercera.example/')).status).toBe(200);
    expect(await sendDueDigest(pool, new Date(now.getTime() + 60_000))).toBe(0);
    expect(await sendDueDigest(pool, new Date(now.getTime() + DIGEST_EVERY_MS + 1))).toBe(1);
    expect(await sendDueDigest(pool, new Date(now.getTime() + 3 * DIGEST_EVERY_MS))).toBe(0);
    expect((await mailsTo(dataDir, 'alba@ejemplo.es'))[0]).toContain('Resumen del día: un aviso.');
  });
});
