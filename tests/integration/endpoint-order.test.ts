/**
 * The endpoint wrapper's order on a real database: origin, then session and permission, then rate limits, then
 * the body. Each step is shown to answer before the next one runs: a refused caller neither spends a rate-limit
 * slot nor has a byte of its body read.
 */
import type { APIContext } from 'astro';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from '../../src/lib/zod.ts';
import { getPool } from '../../src/server/db/client.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { useMigratedDatabase } from './helpers/db.ts';
import { TEST_SITE } from './helpers/endpoint.ts';

process.env.DATABASE_URL = inject('databaseUrl');
afterAll(() => getPool().end());
beforeAll(() => useMigratedDatabase());

const CHUNK = new Uint8Array(64 * 1024);
/** 80 chunks of 64 KiB: a 5 MB upload. */
const CHUNKS = 80;

/** A request whose body counts the chunks pulled from it; `pulled()` tells how much of it was read. */
function upload(options: { origin?: string; user?: 'user' | 'admin' | null; ip: string }) {
  let pulls = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulls++;
      if (pulls > CHUNKS) controller.close();
      else controller.enqueue(CHUNK);
    },
  });
  const url = new URL('/api/prueba', TEST_SITE);
  const request = new Request(url, {
    method: 'POST',
    body,
    duplex: 'half',
    headers: { origin: options.origin ?? TEST_SITE, 'content-type': 'multipart/form-data; boundary=x' },
  } as RequestInit);
  const user = options.user ? { id: `persona-${options.user}`, name: 'Ana', email: 'ana@ejemplo.es', role: options.user, avatarUrl: null } : null;
  const context = { request, url, params: {}, locals: { user, session: null }, clientAddress: options.ip } as unknown as APIContext;
  // A stream pulls once ahead on its own when it is built; reading the body pulls all of it.
  return { context, pulled: () => Math.max(0, pulls - 1) };
}

async function counted(name: string): Promise<number> {
  const { rows } = await getPool().query<{ total: string }>('SELECT coalesce(sum(count), 0) AS total FROM rate_limit_buckets WHERE key LIKE $1', [`${name}:%`]);
  return Number(rows[0]!.total);
}

/** An admin-only upload endpoint with a 1 MB limit and one call per IP and per user in the window. */
function adminUpload(name: string) {
  return endpoint({
    access: 'manage:settings:any',
    limits: { name, ip: { window: 600, max: 1 }, user: { window: 600, max: 1 } },
    body: { form: z.object({ file: z.instanceof(File) }), maxBytes: 1_000_000 },
    handle: async () => ({ ok: true }),
  });
}

describe('endpoint() order on a real database', () => {
  it('refuses another site before asking who calls, and spends no rate limit', async () => {
    const call = upload({ origin: 'https://otro.example', ip: '198.51.100.1' });
    const response = (await adminUpload('orden-origen')(call.context)) as Response;
    expect([response.status, await response.json()]).toMatchObject([403, { code: 'cross_site' }]);
    expect(call.pulled()).toBe(0);
    expect(await counted('orden-origen')).toBe(0);
  });

  it('answers a signed-out 5 MB upload with its 401 before counting it or reading it', async () => {
    const call = upload({ user: null, ip: '198.51.100.2' });
    const response = (await adminUpload('orden-sesion')(call.context)) as Response;
    expect([response.status, await response.json()]).toEqual([401, { error: 'Usuario no autenticado', code: 'not_signed_in' }]);
    expect(call.pulled()).toBe(0);
    expect(await counted('orden-sesion')).toBe(0);
  });

  it('answers a plain user with 403 before counting or parsing', async () => {
    const call = upload({ user: 'user', ip: '198.51.100.3' });
    const response = (await adminUpload('orden-permiso')(call.context)) as Response;
    expect([response.status, await response.json()]).toMatchObject([403, { code: 'forbidden' }]);
    expect(call.pulled()).toBe(0);
    expect(await counted('orden-permiso')).toBe(0);
  });

  it('counts an allowed caller before reading: over the limit is 429 unread, within it the size limit answers 413', async () => {
    const route = adminUpload('orden-limite');
    const first = upload({ user: 'admin', ip: '198.51.100.4' });
    const within = (await route(first.context)) as Response;
    expect([within.status, await within.json()]).toMatchObject([413, { code: 'too_large' }]);
    // The size check stops reading once the body passes 1 MB, well before the whole 5 MB.
    expect(first.pulled()).toBeGreaterThan(0);
    expect(first.pulled()).toBeLessThan(CHUNKS);
    expect(await counted('orden-limite')).toBe(2);

    const second = upload({ user: 'admin', ip: '198.51.100.4' });
    const over = (await route(second.context)) as Response;
    expect([over.status, await over.json()]).toMatchObject([429, { code: 'rate_limited' }]);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(second.pulled()).toBe(0);
  });
});
