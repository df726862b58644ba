import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { directRoute, sendWebResponse } from './direct-routes.ts';

let server: Server | undefined;

afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(web: () => Response): Promise<string> {
  server = createServer((request, response) => void sendWebResponse(request, response, web()));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

describe('direct routes', () => {
  it('answers only the listed public endpoints', () => {
    expect(directRoute('/api/tools')).toBeTypeOf('function');
    expect(directRoute('/api/auth/get-session')).toBeUndefined();
    expect(directRoute('/api/tools/')).toBeUndefined();
    expect(directRoute('constructor')).toBeUndefined();
  });

  it('sends status, headers and a measured body; HEAD gets the headers alone', async () => {
    const base = await serve(
      () =>
        new Response('{"error":"Filtro no válido"}', {
          status: 400,
          headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
        }),
    );
    const got = await fetch(base);
    expect(got.status).toBe(400);
    expect(got.headers.get('cache-control')).toBe('no-store');
    expect(got.headers.get('content-length')).toBe(String(Buffer.byteLength('{"error":"Filtro no válido"}')));
    expect(await got.json()).toEqual({ error: 'Filtro no válido' });
    const head = await fetch(base, { method: 'HEAD' });
    expect(head.status).toBe(400);
    expect(await head.text()).toBe('');
  });
});
