import { describe, expect, it } from 'vitest';
import { endpointMethods, methodNotAllowed, optionsResponse, PAGE_METHODS } from './methods.ts';

const handler = () => new Response();

describe('methods a route answers', () => {
  it('are the endpoint’s exports, HEAD with GET and OPTIONS always', () => {
    expect(endpointMethods({ prerender: false, GET: handler, DELETE: handler })).toEqual(['GET', 'HEAD', 'DELETE', 'OPTIONS']);
    expect(endpointMethods({ POST: handler })).toEqual(['POST', 'OPTIONS']);
    expect(endpointMethods({ GET: handler, OPTIONS: handler })).toEqual(['GET', 'HEAD', 'OPTIONS']);
  });

  it('are the listed ones for a catch-all, or every one when it lists none (the API’s 404)', () => {
    expect(endpointMethods({ ALL: handler, methods: ['GET', 'POST'] })).toEqual(['GET', 'POST', 'OPTIONS']);
    expect(endpointMethods({ ALL: handler })).toBeNull();
  });

  it('refuses the others with a Spanish 405 that says what works', async () => {
    const api = methodNotAllowed('/api/saved', ['GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS']);
    expect(api.status).toBe(405);
    expect(api.headers.get('allow')).toBe('GET, HEAD, POST, DELETE, OPTIONS');
    expect(await api.json()).toEqual({ error: 'Este método no está permitido aquí.', code: 'method_not_allowed' });
    const page = methodNotAllowed('/categorias', PAGE_METHODS);
    expect([page.status, page.headers.get('allow'), page.headers.get('content-type')]).toEqual([405, 'GET, HEAD, OPTIONS', 'text/html; charset=utf-8']);
    expect(await page.text()).toContain('Método no permitido');
    const options = optionsResponse(PAGE_METHODS);
    expect([options.status, options.headers.get('allow')]).toEqual([204, 'GET, HEAD, OPTIONS']);
  });
});
