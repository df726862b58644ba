/**
 * Malformed requests against every endpoint of the built site, as a guest and signed in: each must get a 4xx
 * with a Spanish message (never a 500, never a library's English default, never a stack trace).
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { APIRequestContext } from '@playwright/test';
import { registerAndSignIn } from './accounts.ts';
import { expect, test } from './fixtures.ts';

const UUID = '00000000-0000-4000-8000-000000000000';
const SESSION = 'session_1795300000000_abcdefghi';

interface Target {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** A body of the right shape, which the mutations below bend out of shape. */
  valid?: Record<string, unknown>;
}

const TARGETS: Target[] = [
  { method: 'POST', path: '/api/saved', valid: { toolId: UUID } },
  { method: 'DELETE', path: '/api/saved', valid: { toolId: UUID } },
  { method: 'POST', path: '/api/views', valid: { toolId: UUID, sessionId: SESSION } },
  { method: 'POST', path: '/api/ai/images', valid: { prompt: 'un faro', model: 'flux', size: '1024x1024', count: 1, sessionId: SESSION } },
  { method: 'POST', path: '/api/ai/stories', valid: { prompt: 'un faro', genre: 'fabula', audience: 'children', length: 'short', language: 'es' } },
  { method: 'DELETE', path: `/api/images/${UUID}`, valid: { sessionId: SESSION } },
  { method: 'POST', path: `/api/images/${UUID}/save`, valid: { sessionId: SESSION } },
  { method: 'PUT', path: `/api/descriptions/${UUID}/save`, valid: { saved: true } },
  { method: 'POST', path: '/api/auth/update-user', valid: { name: 'Nombre' } },
  { method: 'DELETE', path: `/api/dashboard/posts/${UUID}` },
  { method: 'DELETE', path: `/api/dashboard/stories/${UUID}` },
  { method: 'POST', path: '/api/auth/change-password', valid: { currentPassword: 'no-es-la-clave', newPassword: 'otra-clave-1', revokeOtherSessions: true } },
  { method: 'POST', path: '/api/auth/change-email', valid: { newEmail: 'nuevo@brujula.test', callbackURL: '/dashboard/profile' } },
  { method: 'POST', path: '/api/auth/reset-password', valid: { newPassword: 'otra-clave-1', token: 'no-es-un-token' } },
  { method: 'POST', path: '/api/auth/delete-user', valid: { password: 'no-es-la-clave' } },
];

/** Each returns [label, body, content-type]. Strings are sent as they are, so broken JSON stays broken. */
function mutations(valid: Record<string, unknown>): Array<[string, string | Buffer, string]> {
  const json = (value: unknown) => JSON.stringify(value);
  const out: Array<[string, string | Buffer, string]> = [
    ['JSON roto', '{"toolId": ', 'application/json'],
    ['no es un objeto', '[1,2,3]', 'application/json'],
    ['null', 'null', 'application/json'],
    ['número', '42', 'application/json'],
    ['vacío', '', 'application/json'],
    ['bytes que no son UTF-8', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), 'application/json'],
    ['anidado sin fin', '['.repeat(5_000) + ']'.repeat(5_000), 'application/json'],
    ['tipo de contenido inesperado', json(valid), 'text/plain'],
    ['formulario en lugar de JSON', 'a=1&b=2', 'application/x-www-form-urlencoded'],
    ['__proto__', '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}', 'application/json'],
  ];
  for (const field of Object.keys(valid)) {
    out.push([`${field}: número`, json({ ...valid, [field]: 1e308 }), 'application/json']);
    out.push([`${field}: lista`, json({ ...valid, [field]: ['a', 'b'] }), 'application/json']);
    out.push([`${field}: objeto`, json({ ...valid, [field]: { $ne: null } }), 'application/json']);
    out.push([`${field}: null`, json({ ...valid, [field]: null }), 'application/json']);
    out.push([`${field}: carácter nulo`, json({ ...valid, [field]: 'a\u0000b' }), 'application/json']);
    // A lone surrogate cannot be written by JSON.stringify on purpose: it is spelled out as an escape.
    out.push([`${field}: sustituto suelto`, json({ ...valid, [field]: 'X' }).replace('"X"', '"a\\ud800b"'), 'application/json']);
    out.push([`${field}: 100 000 caracteres`, json({ ...valid, [field]: 'x'.repeat(100_000) }), 'application/json']);
    out.push([`${field}: XSS`, json({ ...valid, [field]: '<script>alert(1)</script><img src=x onerror=alert(1)>' }), 'application/json']);
  }
  return out;
}

// English defaults we have seen from libraries; a Spanish message has none of these and some Spanish.
const ENGLISH = /\b(invalid|expected|required|not found|failed|error occurred|internal server|too many requests|unauthorized|forbidden|must be|cannot)\b/i;
const SPANISH = /[áéíóúñ¿¡]|\b(la|el|los|las|de|del|no|un|una|tu|en|es|se|debe|puede|solicitud)\b/i;

async function expectSpanishRefusal(response: Awaited<ReturnType<APIRequestContext['fetch']>>, label: string): Promise<void> {
  const status = response.status();
  expect(status, `${label}: nunca un 5xx`).toBeLessThan(500);
  if (status < 400) return;
  const text = await response.text();
  expect(text, `${label}: sin traza de error`).not.toMatch(/\bat \S+ \(|node_modules|Error: /);
  expect(response.headers()['content-type'], `${label}: JSON`).toContain('application/json');
  const message = String((JSON.parse(text) as { error?: unknown }).error ?? '');
  expect(message, `${label}: un mensaje`).not.toBe('');
  expect(message, `${label}: en español`).toMatch(SPANISH);
  expect(message, `${label}: sin inglés`).not.toMatch(ENGLISH);
}

async function fuzz(request: APIRequestContext, origin: string): Promise<number> {
  let sent = 0;
  for (const target of TARGETS) {
    for (const [label, body, type] of mutations(target.valid ?? {})) {
      const response = await request.fetch(target.path, { method: target.method, data: body, headers: { 'content-type': type, origin } });
      await expectSpanishRefusal(response, `${target.method} ${target.path} (${label})`);
      sent++;
    }
  }
  return sent;
}

test.describe('malformed requests', () => {
  test.describe.configure({ timeout: 180_000 });

  test('get a Spanish 4xx from every endpoint, as a guest', async ({ request, baseURL }) => {
    expect(await fuzz(request, baseURL!)).toBeGreaterThan(200);
  });

  test('get a Spanish 4xx from every endpoint, signed in', async ({ page, baseURL }) => {
    await registerAndSignIn(page, `fuzz-${Date.now()}@brujula.test`, 'Prueba Fuzz');
    expect(await fuzz(page.request, baseURL!)).toBeGreaterThan(200);
  });

  test('bad ids, queries, methods, huge bodies and other sites get a Spanish 4xx', async ({ request, baseURL }) => {
    const origin = baseURL!;
    const cases: Array<[string, Parameters<APIRequestContext['fetch']>[1] & { path: string }]> = [
      ['id que no es uuid', { path: '/api/views/no-es-un-id/stats', method: 'GET' }],
      ['id con carácter nulo', { path: '/api/views/%00/stats', method: 'GET' }],
      ['id con ruta', { path: `/api/images/..%2F..%2Fetc%2Fpasswd`, method: 'DELETE', data: '{}', headers: { 'content-type': 'application/json', origin } }],
      ['página negativa', { path: '/api/tools?page=-1', method: 'GET' }],
      ['filtro desconocido', { path: '/api/tools?filter=%3Cscript%3E', method: 'GET' }],
      ['categoría con nulo', { path: '/api/tools?category=a%00b', method: 'GET' }],
      ['galería con nulo', { path: '/api/images?tab=all&sessionId=a%00b', method: 'GET' }],
      ['método no previsto', { path: '/api/saved', method: 'PUT', data: '{}', headers: { 'content-type': 'application/json', origin } }],
      [
        'otro sitio',
        { path: '/api/saved', method: 'POST', data: `{"toolId":"${UUID}"}`, headers: { 'content-type': 'application/json', origin: 'https://otro.example' } },
      ],
      [
        'registro desde otro sitio',
        {
          path: '/api/auth/sign-up/email',
          method: 'POST',
          data: '{"name":"x","email":"x@y.es","password":"123456"}',
          headers: { 'content-type': 'application/json', origin: 'https://otro.example' },
        },
      ],
      [
        'correo de verificación desde otro sitio',
        {
          path: '/api/auth/send-verification-email',
          method: 'POST',
          data: '{"email":"x@y.es"}',
          headers: { 'content-type': 'application/json', origin: 'https://otro.example' },
        },
      ],
      [
        'registro de 20 MB',
        {
          path: '/api/auth/sign-up/email',
          method: 'POST',
          data: `{"name":"${'x'.repeat(20_000_000)}"}`,
          headers: { 'content-type': 'application/json', origin },
        },
      ],
      [
        'registro con nulo',
        {
          path: '/api/auth/sign-up/email',
          method: 'POST',
          data: '{"name":"a\\u0000b","email":"x@y.es","password":"123456"}',
          headers: { 'content-type': 'application/json', origin },
        },
      ],
      ['guardado de 20 MB', { path: '/api/saved', method: 'POST', data: 'x'.repeat(20_000_000), headers: { 'content-type': 'application/json', origin } }],
      ['descripción sin multipart', { path: '/api/ai/descriptions', method: 'POST', data: '{}', headers: { 'content-type': 'application/json', origin } }],
      ['foto sin multipart', { path: '/api/me/avatar', method: 'POST', data: '{}', headers: { 'content-type': 'application/json', origin } }],
      [
        'foto multipart rota',
        { path: '/api/me/avatar', method: 'POST', data: '--x\r\nbasura', headers: { 'content-type': 'multipart/form-data; boundary=x', origin } },
      ],
      [
        'foto de otro sitio',
        { path: '/api/me/avatar', method: 'DELETE', data: '{}', headers: { 'content-type': 'application/json', origin: 'https://otro.example' } },
      ],
      ['guardados con página rara', { path: '/api/dashboard/saved?page=%00', method: 'GET' }],
      ['publicación con id nulo', { path: '/api/dashboard/posts/%00', method: 'DELETE', headers: { origin } }],
      ['exportación sin sesión', { path: '/api/me/export', method: 'GET' }],
      [
        'borrar la cuenta desde otro sitio',
        { path: '/api/auth/delete-user', method: 'POST', data: '{}', headers: { 'content-type': 'application/json', origin: 'https://otro.example' } },
      ],
      [
        'descripción multipart rota',
        { path: '/api/ai/descriptions', method: 'POST', data: '--x\r\nbasura', headers: { 'content-type': 'multipart/form-data; boundary=x', origin } },
      ],
    ];
    for (const [label, { path, ...init }] of cases) {
      const response = await request.fetch(`${origin}${path}`, init);
      expect(response.status(), label).toBeGreaterThanOrEqual(400);
      await expectSpanishRefusal(response, label);
    }
  });
});

interface RawAnswer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A request through node:http, for methods and headers a browser or Playwright's client would not send. */
function raw(baseURL: string, method: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(baseURL);
    // The path as it is written ("//login//" is a path here, not another host).
    const sent = httpRequest({ hostname, port, path, method, headers }, (answer) => {
      let body = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => (body += chunk));
      answer.on('end', () => resolve({ status: answer.statusCode!, headers: answer.headers, body }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

// Words of Astro's and Node's own English answers that must never reach a visitor.
const FRAMEWORK_ENGLISH = /Redirecting|Internal Server Error|Not Found|Method Not Allowed|Bad Request|Forbidden/i;

test.describe('methods and the framework’s own answers', () => {
  test('a method a route does not handle gets a Spanish 405 with Allow; HEAD and OPTIONS keep working', async ({ baseURL }) => {
    const site = baseURL!;
    // Prerendered pages and static files, an on-demand page, a stored file route and API routes.
    const pages = ['/', '/categorias', '/favicon.svg', '/login', '/dashboard', '/media/no-existe.jpg'];
    for (const path of pages) {
      for (const method of ['TRACE', 'PUT', 'DELETE', 'PATCH', 'PROPFIND', 'POST']) {
        const answer = await raw(site, method, path, { origin: site });
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.allow, `${method} ${path}`).toBe('GET, HEAD, OPTIONS');
        expect(answer.body, `${method} ${path}`).toMatch(/no permitido/i);
        expect(answer.body, `${method} ${path}`).not.toMatch(FRAMEWORK_ENGLISH);
      }
      const head = await raw(site, 'HEAD', path);
      expect(head.status, `HEAD ${path}`).not.toBe(405);
      expect(head.body).toBe('');
      const options = await raw(site, 'OPTIONS', path);
      expect([options.status, options.headers.allow], `OPTIONS ${path}`).toEqual([204, 'GET, HEAD, OPTIONS']);
    }
    const api: Array<[string, string]> = [
      ['/api/saved', 'GET, HEAD, POST, DELETE, OPTIONS'],
      ['/api/tools', 'GET, HEAD, OPTIONS'],
      ['/api/posts', 'POST, OPTIONS'],
      ['/api/auth/get-session', 'GET, POST, OPTIONS'],
    ];
    for (const [path, allow] of api) {
      for (const method of ['TRACE', 'PATCH', 'PROPFIND']) {
        const answer = await raw(site, method, path, { origin: site });
        expect([answer.status, answer.headers.allow], `${method} ${path}`).toEqual([405, allow]);
        expect(JSON.parse(answer.body), `${method} ${path}`).toEqual({ error: 'Este método no está permitido aquí.', code: 'method_not_allowed' });
      }
    }
    expect((await raw(site, 'HEAD', '/api/tools')).status).toBe(200);
    expect((await raw(site, 'OPTIONS', '/api/saved')).headers.allow).toBe('GET, HEAD, POST, DELETE, OPTIONS');
    // The public API answers its own CORS preflight.
    const preflight = await raw(site, 'OPTIONS', '/api/v1/tools', { origin: 'https://otro.example', 'access-control-request-method': 'GET' });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers['access-control-allow-origin']).toBeTruthy();
  });

  test('redirects, unknown paths and broken requests never answer with the framework’s English', async ({ baseURL }) => {
    const site = baseURL!;
    for (const path of ['/api/v1/tools/%2e%2e', '/categorias/', '/api/saved/', '/a/b/%2e%2e/', '//login//']) {
      const answer = await raw(site, 'GET', path);
      expect(answer.status, path).toBe(301);
      expect(answer.headers.location, path).not.toMatch(/\/$|^\/\//);
      expect(answer.body, path).toBe('');
    }
    expect((await raw(site, 'GET', '/api/v1/tools/%2e%2e')).headers.location).toBe('/api/v1');
    // One address per page: "/chatgpt/" and "/ChatGPT" lead to "/chatgpt"; an unknown name in capitals stays a 404.
    expect((await raw(site, 'GET', '/chatgpt/')).headers.location).toBe('/chatgpt');
    const capitals = await raw(site, 'GET', '/ChatGPT?ref=x');
    expect([capitals.status, capitals.headers.location]).toEqual([301, '/chatgpt?ref=x']);
    expect((await raw(site, 'GET', '/Categoria/Imagen')).headers.location).toBe('/categoria/imagen');
    expect((await raw(site, 'GET', '/NoExisteNada')).status).toBe(404);
    expect((await raw(site, 'POST', '/api/saved/', { origin: site })).status).toBe(308);
    const unknownApi = await raw(site, 'GET', '/api/v1');
    expect([unknownApi.status, JSON.parse(unknownApi.body).error]).toEqual([404, 'No se encontró lo que buscas.']);
    const brokenHost = await raw(site, 'GET', '/login', { host: 'a b' });
    expect([brokenHost.status, brokenHost.body]).toEqual([400, 'La solicitud no tiene un formato válido.']);
    for (const answer of [unknownApi, brokenHost, await raw(site, 'GET', '/no-existe-esta-pagina')]) expect(answer.body).not.toMatch(FRAMEWORK_ENGLISH);
  });

  test('a signed-out 5 MB upload is refused before its body is sent', async ({ baseURL }) => {
    const site = baseURL!;
    const boundary = 'x'.repeat(16);
    const answer = await new Promise<{ status: number; body: string; sentBytes: number }>((resolve, reject) => {
      const upload = httpRequest(
        new URL('/api/uploads', site),
        { method: 'POST', headers: { origin: site, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(5 * 1024 * 1024) } },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => {
            resolve({ status: response.statusCode!, body, sentBytes: upload.socket?.bytesWritten ?? 0 });
            upload.destroy();
          });
        },
      );
      upload.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error)));
      // The first 64 KB only: the rest is never sent, so an answer proves the server did not wait for it.
      upload.write(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`);
      upload.write(Buffer.alloc(64 * 1024));
    });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'not_signed_in' });
    expect(answer.sentBytes).toBeLessThan(1024 * 1024);
  });
});
