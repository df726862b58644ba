import { describe, expect, it, vi } from 'vitest';
import type { ToolListQuery } from '../../lib/catalogue/filters.ts';
import type { ToolPage } from '../../server/db/queries/public/tools.ts';
import { TOOL_LIST_CACHE_CONTROL, TOOL_LIST_UNAVAILABLE, parseToolListParams, toolListResponse } from '../../server/catalogue/tool-list.ts';

const emptyPage = (query: ToolListQuery): Promise<ToolPage> => Promise.resolve({ items: [], page: query.page, hasMore: false });
const request = (search: string) => new URL(`http://local/api/tools${search}`);

describe('parseToolListParams', () => {
  it('gives the defaults when nothing is asked', () => {
    expect(parseToolListParams(new URLSearchParams())).toEqual({ ok: true, query: { filter: 'new', category: '', page: 1, facts: [], q: '', size: 12 } });
  });

  it('accepts every filter, a category slug and a page number', () => {
    const parsed = parseToolListParams(new URLSearchParams('filter=most_saved&category=asistentes-chat&page=3'));
    expect(parsed).toEqual({ ok: true, query: { filter: 'most_saved', category: 'asistentes-chat', page: 3, facts: [], q: '', size: 12 } });
  });

  it('reads the fact filters of ?filtro= in the order the pages show them, without repeats', () => {
    const parsed = parseToolListParams(new URLSearchParams('filtro=con-api,gratis,con-api'));
    expect(parsed).toEqual({ ok: true, query: { filter: 'new', category: '', page: 1, facts: ['gratis', 'con-api'], q: '', size: 12 } });
    expect(parseToolListParams(new URLSearchParams('filtro=en-espanol%2Ccodigo-abierto'))).toMatchObject({
      query: { facts: ['en-espanol', 'codigo-abierto'] },
    });
    expect(parseToolListParams(new URLSearchParams('filtro='))).toMatchObject({ query: { facts: [] } });
  });

  it("reads a category page's sort, trimmed search text and page size", () => {
    const parsed = parseToolListParams(new URLSearchParams('category=imagen&sort=rating&q=%20retrato%20&size=24&page=2'));
    expect(parsed).toEqual({ ok: true, query: { filter: 'new', category: 'imagen', page: 2, facts: [], sort: 'rating', q: 'retrato', size: 24 } });
  });

  it.each([
    ['filter=mejores', /^Filtro no válido/],
    ['filter=', /^Filtro no válido/],
    ['page=-1', /^La página debe ser un número entero mayor que 0/],
    ['page=0', /^La página debe ser un número entero mayor que 0/],
    ['page=1.5', /^La página debe ser un número entero mayor que 0/],
    ['page=dos', /^La página debe ser un número entero mayor que 0/],
    ['page=', /^La página debe ser un número entero mayor que 0/],
    ['page=10001', /^Página fuera de rango/],
    ['category=Imagen', /^Categoría no válida/],
    ["category=x'%20OR%201=1", /^Categoría no válida/],
    [`category=${'a'.repeat(81)}`, /^Categoría no válida/],
    ['filtro=gratis,barato', /^Filtro no válido\. Usa uno o varios de: gratis, en-espanol, con-api, codigo-abierto\.$/],
    ['filtro=Gratis', /^Filtro no válido/],
    ['sort=likes', /^Orden no válido\. Usa uno de: newest, popular, rating\.$/],
    ['size=100', /^Tamaño de página no válido\. Usa 12 o 24\.$/],
    ['size=veinte', /^Tamaño de página no válido/],
    [`q=${'a'.repeat(101)}`, /^La búsqueda no puede superar 100 caracteres\.$/],
    ['q=a%00b', /^La búsqueda contiene caracteres no válidos\.$/],
  ])('rejects %s with a Spanish message', (search, message) => {
    const parsed = parseToolListParams(new URLSearchParams(search));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(message);
  });
});

describe('toolListResponse', () => {
  it('answers a valid request with the page as JSON, cacheable by a CDN', async () => {
    const list = vi.fn(emptyPage);
    const response = await toolListResponse(request('?filter=featured&category=imagen&page=2'), list);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe(TOOL_LIST_CACHE_CONTROL);
    expect(await response.json()).toEqual({ items: [], page: 2, hasMore: false });
    expect(list).toHaveBeenCalledWith({ filter: 'featured', category: 'imagen', page: 2, facts: [], q: '', size: 12 });
  });

  it('answers invalid input with 400 and never asks the database', async () => {
    const list = vi.fn(emptyPage);
    const response = await toolListResponse(request('?page=-1'), list);
    expect(response.status).toBe(400);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ error: 'La página debe ser un número entero mayor que 0.', code: 'invalid_input' });
    expect(list).not.toHaveBeenCalled();
  });

  it('answers a database failure with 503 and a Spanish message, without the cause', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await toolListResponse(request(''), () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('10');
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({ error: TOOL_LIST_UNAVAILABLE, code: 'unavailable', retryAfter: 10 });
    expect(body).not.toContain('ECONNREFUSED');
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
