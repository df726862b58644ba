import type { APIContext } from 'astro';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_TABLE, type ErrorKind } from '../../lib/error-table.ts';
import { z } from '../../lib/zod.ts';
import { AiProviderError, type AiErrorKind } from '../ai/types.ts';
import { AppError, errorResponse } from './errors.ts';
import { endpoint } from './endpoint.ts';

const SPANISH = /[áéíóúñ¿¡]|\b(la|el|los|las|de|del|no|un|una|tu|en|es|se|debe|puede|solicitud)\b/i;
const ENGLISH = /\b(invalid|expected|required|not found|failed|unauthorized|forbidden|must|cannot|too many)\b/i;

describe('the error table', () => {
  it.each(Object.keys(ERROR_TABLE) as ErrorKind[])('answers %s with its status and its Spanish message', async (kind) => {
    const response = errorResponse(new AppError(kind));
    expect(response.status).toBe(ERROR_TABLE[kind].status);
    const body = (await response.json()) as { error: string; code: string };
    expect(body).toEqual({ error: ERROR_TABLE[kind].message, code: kind });
    expect(body.error).toMatch(SPANISH);
    expect(body.error).not.toMatch(ENGLISH);
    expect(response.headers.get('content-type')).toContain('application/json');
  });

  it.each(['unauthorized', 'rate_limited', 'content_refused', 'timeout', 'unreachable', 'bad_response'] satisfies AiErrorKind[])(
    'maps the AI provider failure %s to its one row, whatever the utility',
    async (kind) => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const response = errorResponse(new AiProviderError(kind, 'detalle del proveedor'));
      const row = ERROR_TABLE[`ai_${kind}`];
      expect(response.status).toBe(row.status);
      expect(await response.json()).toEqual({ error: row.message, code: `ai_${kind}` });
    },
  );

  it('keeps a form’s own SPEC wording and field messages, and the retry time, with the table’s status', async () => {
    const response = errorResponse(new AppError('too_large', { message: 'El archivo debe ser menor a 10MB.', fields: { image: 'Muy grande' }, retryAfter: 5 }));
    expect(response.status).toBe(413);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({ error: 'El archivo debe ser menor a 10MB.', code: 'too_large', fields: { image: 'Muy grande' }, retryAfter: 5 });
  });

  it('tells a rate-limited person when to try again', async () => {
    const limited = await errorResponse(new AppError('ai_quota', { retryAfter: 230 })).json();
    expect(limited.error).toBe(`${ERROR_TABLE.ai_quota.message} Podrás volver a intentarlo en 4 minutos.`);
    expect((await errorResponse(new AppError('rate_limited', { retryAfter: 20 })).json()).error).toMatch(/en unos segundos\.$/);
    expect((await errorResponse(new AppError('rate_limited', { retryAfter: 3600 })).json()).error).toMatch(/en 1 hora\.$/);
    expect((await errorResponse(new AppError('rate_limited')).json()).error).toBe(ERROR_TABLE.rate_limited.message);
  });

  it('hides unexpected failures behind a Spanish 500, and a database outage behind a 503 to retry', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const crash = errorResponse(new TypeError("Cannot read properties of undefined (reading 'x')"));
    expect(crash.status).toBe(500);
    expect(await crash.text()).not.toContain('Cannot read');
    const outage = errorResponse(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    expect(outage.status).toBe(503);
    expect(outage.headers.get('retry-after')).toBe('5');
    expect(logged).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a connection the server dropped', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    ['an administrator shutdown', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['a server still recovering', Object.assign(new Error('the database system is in recovery mode'), { code: '57P03' })],
    ['a driver error wrapped by Drizzle', new Error('Failed query: select 1', { cause: new Error('Connection terminated unexpectedly') })],
  ])('answers %s with the table’s 503 and Retry-After, never a 500', async (_, failure) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = errorResponse(failure);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({ error: ERROR_TABLE.unavailable.message, code: 'unavailable', retryAfter: 5 });
  });

  it('keeps a query that is wrong, not the database, a 500', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = Object.assign(new Error('column "nope" does not exist'), { code: '42703' });
    expect(errorResponse(new Error('Failed query', { cause: broken })).status).toBe(500);
  });
});

describe('endpoint()', () => {
  const SITE = 'http://127.0.0.1:4321';
  const user = { id: 'u1', name: 'Ana', email: 'ana@ejemplo.es', role: 'user' as const, avatarUrl: null };

  function call(
    route: ReturnType<typeof endpoint>,
    init: { method?: string; body?: BodyInit; headers?: Record<string, string>; signedIn?: 'user' | 'admin' } = {},
  ) {
    const url = new URL(`${SITE}/api/prueba`);
    const request = new Request(url, {
      method: init.method ?? 'POST',
      body: init.body,
      headers: { origin: SITE, 'content-type': 'application/json', ...init.headers },
    });
    const signed = init.signedIn ? { ...user, role: init.signedIn } : null;
    return route({
      request,
      url,
      params: {},
      locals: { user: signed, session: null },
      clientAddress: '203.0.113.9',
    } as unknown as APIContext) as Promise<Response>;
  }

  const echo = endpoint({
    body: { json: z.object({ title: z.string().trim().min(1), count: z.number().int().max(9) }), maxBytes: 20_000 },
    handle: async ({ body }) => body,
  });

  it('answers the handler’s value as JSON and nothing as 204', async () => {
    expect(await (await call(echo, { body: '{"title":" Hola ","count":3}' })).json()).toEqual({ title: 'Hola', count: 3 });
    const empty = endpoint({ handle: async () => undefined });
    expect((await call(empty)).status).toBe(204);
  });

  it('refuses, in order, another site, a big body, broken JSON, NUL and lone surrogates, and bad fields in Spanish', async () => {
    expect((await call(echo, { body: '{}', headers: { origin: 'https://otro.example' } })).status).toBe(403);
    expect((await call(echo, { body: JSON.stringify({ title: 'x'.repeat(30_000), count: 1 }) })).status).toBe(413);
    expect((await call(echo, { body: '{"title":' })).status).toBe(400);
    const nul = await call(echo, { body: '{"title":"a\\u0000b","count":1}' });
    expect(await nul.json()).toMatchObject({ code: 'invalid_text' });
    const surrogate = await call(echo, { body: '{"title":"a\\ud800b","count":1}' });
    expect(await surrogate.json()).toMatchObject({ code: 'invalid_text' });
    const deep = await call(echo, { body: '['.repeat(5_000) + ']'.repeat(5_000) });
    expect(deep.status).toBe(400);
    const invalid = await call(echo, { body: '{"title":"","count":"tres"}' });
    expect(invalid.status).toBe(400);
    const body = (await invalid.json()) as { error: string; fields: Record<string, string> };
    expect(body.fields).toEqual({ title: 'Este campo es obligatorio.', count: 'El dato no tiene el tipo esperado.' });
  });

  it('allows a request without Origin or Sec-Fetch-Site (no ambient cookies), and a same-origin one', async () => {
    const route = endpoint({ handle: async () => ({ ok: true }) });
    const url = new URL(`${SITE}/api/prueba`);
    const bare = new Request(url, { method: 'POST' });
    expect(
      (await route({ request: bare, url, params: {}, locals: { user: null, session: null }, clientAddress: '1.2.3.4' } as unknown as APIContext)).status,
    ).toBe(200);
    expect((await call(route, { headers: { origin: 'http://localhost:4321' } })).status).toBe(200);
  });

  it('asks for a session, then for the permission, before calling the handler', async () => {
    const handle = vi.fn(async () => ({ ok: true }));
    const admins = endpoint({ access: 'manage:user:any', handle });
    expect((await call(admins)).status).toBe(401);
    expect((await call(admins, { signedIn: 'user' })).status).toBe(403);
    expect(handle).not.toHaveBeenCalled();
    expect((await call(admins, { signedIn: 'admin' })).status).toBe(200);
  });

  it('checks access before reading the body: a guest gets 401 and a plain user 403, not the fields at fault', async () => {
    const admins = endpoint({ access: 'manage:settings:any', body: { json: z.strictObject({ name: z.string().min(3) }) }, handle: async () => ({ ok: true }) });
    const guest = await call(admins, { body: '{"name":1,"otro":true}' });
    expect(guest.status).toBe(401);
    expect(await guest.json()).toEqual({ error: 'Usuario no autenticado', code: 'not_signed_in' });
    const plain = await call(admins, { body: '{"name":1,"otro":true}', signedIn: 'user' });
    expect(plain.status).toBe(403);
    expect(await plain.json()).toMatchObject({ code: 'forbidden' });
    expect((await call(admins, { body: '{"name":1}', signedIn: 'admin' })).status).toBe(400);
  });

  it('never pulls a byte of a signed-out upload', async () => {
    let pulls = 0;
    const chunk = new Uint8Array(64 * 1024);
    const upload = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        if (pulls > 80) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const route = endpoint({
      access: 'publish:post:own',
      body: { form: z.object({ file: z.instanceof(File) }), maxBytes: 10_000_000 },
      handle: async () => ({ ok: true }),
    });
    const url = new URL(`${SITE}/api/uploads`);
    const request = new Request(url, {
      method: 'POST',
      body: upload,
      duplex: 'half',
      headers: { origin: SITE, 'content-type': 'multipart/form-data; boundary=x' },
    } as RequestInit);
    const response = await route({ request, url, params: {}, locals: { user: null, session: null }, clientAddress: '1.2.3.4' } as unknown as APIContext);
    expect(response.status).toBe(401);
    // A stream pulls once ahead on its own when it is built; reading the body would pull all 80 chunks (5 MB).
    expect(pulls).toBeLessThanOrEqual(1);
  });

  it('words the 401 and the 403 as the endpoint says, with the table’s statuses', async () => {
    const route = endpoint({
      access: { need: 'moderate:post:any', signedOut: 'Necesitas iniciar sesión para editar.', forbidden: 'No tienes permisos para editar publicaciones' },
      body: { json: z.object({ title: z.string() }) },
      handle: async () => ({ ok: true }),
    });
    const guest = await call(route, { body: '{}' });
    expect([guest.status, await guest.json()]).toEqual([401, { error: 'Necesitas iniciar sesión para editar.', code: 'not_signed_in' }]);
    const plain = await call(route, { body: '{}', signedIn: 'user' });
    expect([plain.status, await plain.json()]).toEqual([403, { error: 'No tienes permisos para editar publicaciones', code: 'forbidden' }]);
  });
});
