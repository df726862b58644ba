import { afterAll, describe, expect, inject, it } from 'vitest';
import { listSavedTools, saveToolEndpoint, unsaveToolEndpoint } from '../../src/features/saves/saved-tools.server.ts';
import { ERROR_TABLE } from '../../src/lib/error-table.ts';
import { closeDb } from '../../src/server/db/client.ts';
import { useMigratedDatabase } from './helpers/db.ts';
import { callRoute, TEST_SITE as SITE } from './helpers/endpoint.ts';
import { createAccount, createTool } from './helpers/fixtures.ts';

const pool = await useMigratedDatabase();
// The query modules reach the database through DATABASE_URL, as the site does.
process.env.DATABASE_URL = inject('databaseUrl');
afterAll(() => closeDb());

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

function change(user: { id: string } | null, body: unknown, save: boolean, headers: Record<string, string> = { origin: SITE }) {
  return callRoute(save ? saveToolEndpoint : unsaveToolEndpoint, { method: save ? 'POST' : 'DELETE', path: '/api/saved', body, user, headers });
}

async function savedCount(id: string): Promise<number> {
  const { rows } = await pool.query<{ saved_count: number }>('SELECT saved_count FROM posts WHERE id = $1', [id]);
  return rows[0]!.saved_count;
}

async function savesOf(userId: string): Promise<string[]> {
  const { rows } = await pool.query<{ post_id: string }>('SELECT post_id FROM saved_posts WHERE user_id = $1', [userId]);
  return rows.map((row) => row.post_id);
}

const contentVersion = async () => (await pool.query<{ last_value: string }>('SELECT last_value FROM content_version_seq')).rows[0]!.last_value;

describe('saved tools', () => {
  it('keep one save per user and tool under 20 concurrent requests, counting it once', async () => {
    const [ana, bruno, { id }] = [await createAccount(pool), await createAccount(pool), await createTool(pool)];
    const responses = await Promise.all(Array.from({ length: 20 }, () => change(ana, { toolId: id }, true)));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(await savesOf(ana.id)).toEqual([id]);
    expect(await savedCount(id)).toBe(1);

    await Promise.all(Array.from({ length: 20 }, () => change(bruno, { toolId: id }, true)));
    expect(await savedCount(id)).toBe(2);
  });

  it('remove a save and decrement once under 20 concurrent requests', async () => {
    const [ana, bruno, { id }] = [await createAccount(pool), await createAccount(pool), await createTool(pool)];
    await change(ana, { toolId: id }, true);
    await change(bruno, { toolId: id }, true);
    const responses = await Promise.all(Array.from({ length: 20 }, () => change(ana, { toolId: id }, false)));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(await savesOf(ana.id)).toEqual([]);
    expect(await savedCount(id)).toBe(1);
    expect(await savesOf(bruno.id)).toEqual([id]);
  });

  it('list only the signed-in user’s saved ids', async () => {
    const [ana, bruno, { id }] = [await createAccount(pool), await createAccount(pool), await createTool(pool)];
    await change(bruno, { toolId: id }, true);
    const list = (user: { id: string } | null) => callRoute(listSavedTools, { path: '/api/saved', user });
    expect(await (await list(bruno)).json()).toEqual({ ids: [id] });
    expect(await (await list(ana)).json()).toEqual({ ids: [] });
    expect((await list(null)).status).toBe(401);
  });

  it('refuse a tool that is missing or not published, changing nothing', async () => {
    const [ana, pending] = [await createAccount(pool), await createTool(pool, { status: 'pending' })];
    for (const toolId of [pending.id, MISSING_ID]) {
      const saved = await change(ana, { toolId }, true);
      expect(saved.status).toBe(404);
      expect(await saved.json()).toEqual({ error: ERROR_TABLE.tool_not_found.message, code: 'tool_not_found' });
      expect((await change(ana, { toolId }, false)).status).toBe(404);
    }
    expect(await savesOf(ana.id)).toEqual([]);
    expect(await savedCount(pending.id)).toBe(0);
  });

  it('still let a user remove a save whose tool was unpublished afterwards', async () => {
    const [ana, { id }] = [await createAccount(pool), await createTool(pool)];
    await change(ana, { toolId: id }, true);
    await pool.query(`UPDATE posts SET status = 'pending' WHERE id = $1`, [id]);
    expect((await change(ana, { toolId: id }, false)).status).toBe(200);
    expect(await savesOf(ana.id)).toEqual([]);
    expect(await savedCount(id)).toBe(0);
  });

  it('take the user from the session only: a user id in the body is ignored', async () => {
    const [ana, bruno, first, other] = [await createAccount(pool), await createAccount(pool), await createTool(pool), await createTool(pool)];
    await change(bruno, { toolId: first.id }, true);
    expect((await change(ana, { toolId: other.id, userId: bruno.id, user_id: bruno.id }, true)).status).toBe(200);
    expect(await savesOf(ana.id)).toEqual([other.id]);
    expect(await savesOf(bruno.id)).toEqual([first.id]);

    // Ana's session cannot remove Bruno's save either: her request only ever touches her own rows.
    expect((await change(ana, { toolId: first.id, userId: bruno.id }, false)).status).toBe(200);
    expect(await savesOf(bruno.id)).toEqual([first.id]);
    expect(await savedCount(first.id)).toBe(1);
  });

  it('refuse guests, other sites and malformed ids', async () => {
    const [ana, { id }] = [await createAccount(pool), await createTool(pool)];
    const guest = await change(null, { toolId: id }, true);
    expect(guest.status).toBe(401);
    expect(await guest.json()).toEqual({ error: 'Usuario no autenticado', code: 'not_signed_in' });
    expect((await change(ana, { toolId: id }, true, { origin: 'https://otro-sitio.example' })).status).toBe(403);
    const malformed = await change(ana, { toolId: 'no-es-un-uuid' }, true);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      error: 'El identificador de la herramienta no es válido.',
      code: 'invalid_input',
      fields: { toolId: 'El identificador de la herramienta no es válido.' },
    });
    expect(await savesOf(ana.id)).toEqual([]);
  });

  it('never advance the content version, so saving does not rebuild the site', async () => {
    const [bruno, { id }] = [await createAccount(pool), await createTool(pool)];
    const before = await contentVersion();
    await change(bruno, { toolId: id }, true);
    await change(bruno, { toolId: id }, false);
    expect(await contentVersion()).toBe(before);
  });
});
