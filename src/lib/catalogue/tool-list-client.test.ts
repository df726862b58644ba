import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ALL_CATEGORIES,
  activeFilterChips,
  categoryOptions,
  fetchToolPage,
  hasNewBadge,
  isDefaultState,
  moveActiveIndex,
  searchFromState,
  stateFromSearch,
  toolsApiUrl,
  type CatalogueCategory,
} from './tool-list-client.ts';

const categories: CatalogueCategory[] = [
  { slug: 'asistentes-chat', name: 'Asistentes y chatbots', toolCount: 48 },
  { slug: 'diseno', name: 'Diseño', toolCount: 26 },
  { slug: 'imagen', name: 'Imagen', toolCount: 155 },
  { slug: 'traduccion', name: 'Traducción', toolCount: 4 },
];

describe('URL state', () => {
  it('reads a shared address in Spanish', () => {
    expect(stateFromSearch('?filtro=destacadas&categoria=imagen', categories)).toEqual({ filter: 'featured', category: 'imagen' });
    expect(stateFromSearch('?filtro=mas-guardadas', categories)).toEqual({ filter: 'most_saved', category: '' });
  });

  it('falls back to the defaults for unknown or listing-only values', () => {
    expect(stateFromSearch('', categories)).toEqual({ filter: 'new', category: '' });
    expect(stateFromSearch('?filtro=mejores&categoria=no-existe', categories)).toEqual({ filter: 'new', category: '' });
    expect(stateFromSearch('?filtro=featured', categories)).toEqual({ filter: 'new', category: '' });
    expect(stateFromSearch('?filtro=aplicaciones', categories)).toEqual({ filter: 'new', category: '' });
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    expect(searchFromState({ filter: 'new', category: '' }, '')).toBe('');
    expect(searchFromState({ filter: 'most_visited', category: '' }, '')).toBe('?filtro=mas-visitadas');
    expect(searchFromState({ filter: 'new', category: 'diseno' }, '?filtro=populares&utm_source=x')).toBe('?utm_source=x&categoria=diseno');
  });

  it('round-trips every home filter', () => {
    for (const filter of ['new', 'featured', 'popular', 'most_visited', 'most_saved', 'most_used'] as const) {
      const state = { filter, category: 'traduccion' };
      expect(stateFromSearch(searchFromState(state, ''), categories)).toEqual(state);
    }
  });

  it('knows the default state', () => {
    expect(isDefaultState({ filter: 'new', category: '' })).toBe(true);
    expect(isDefaultState({ filter: 'popular', category: '' })).toBe(false);
    expect(isDefaultState({ filter: 'new', category: 'imagen' })).toBe(false);
  });
});

describe('toolsApiUrl', () => {
  it('asks the endpoint for one page, with the category only when chosen', () => {
    expect(toolsApiUrl({ filter: 'new', category: '' }, 1)).toBe('/api/tools?filter=new&page=1');
    expect(toolsApiUrl({ filter: 'featured', category: 'imagen' }, 3)).toBe('/api/tools?filter=featured&page=3&category=imagen');
  });
});

describe('category dropdown', () => {
  it('offers all categories first while the search box is empty', () => {
    const options = categoryOptions(categories, '  ');
    expect(options[0]).toEqual({ slug: '', name: ALL_CATEGORIES, toolCount: 0 });
    expect(options).toHaveLength(categories.length + 1);
  });

  it('matches names and slugs ignoring case and accents', () => {
    expect(categoryOptions(categories, 'TRADUCCION').map((option) => option.slug)).toEqual(['traduccion']);
    expect(categoryOptions(categories, 'diseño').map((option) => option.slug)).toEqual(['diseno']);
    expect(categoryOptions(categories, 'chat').map((option) => option.slug)).toEqual(['asistentes-chat']);
    expect(categoryOptions(categories, 'xyz')).toEqual([]);
  });

  it("gives the chatbot category SPEC's 'Nuevo' badge", () => {
    expect(hasNewBadge('chatbot')).toBe(true);
    expect(hasNewBadge('asistentes-chat')).toBe(true);
    expect(hasNewBadge('imagen')).toBe(false);
  });

  it('moves the highlighted option and stops at both ends', () => {
    expect(moveActiveIndex(0, 'ArrowDown', 3)).toBe(1);
    expect(moveActiveIndex(2, 'ArrowDown', 3)).toBe(2);
    expect(moveActiveIndex(0, 'ArrowUp', 3)).toBe(0);
    expect(moveActiveIndex(1, 'Home', 3)).toBe(0);
    expect(moveActiveIndex(0, 'End', 3)).toBe(2);
    expect(moveActiveIndex(1, 'a', 3)).toBe(1);
    expect(moveActiveIndex(0, 'ArrowDown', 0)).toBe(-1);
  });
});

describe('activeFilterChips', () => {
  it("lists the category's name and the filter only when it is not 'new'", () => {
    expect(activeFilterChips({ filter: 'new', category: '' }, categories)).toEqual([]);
    expect(activeFilterChips({ filter: 'new', category: 'imagen' }, categories)).toEqual(['Imagen']);
    expect(activeFilterChips({ filter: 'most_used', category: 'diseno' }, categories)).toEqual(['Diseño', 'Más Usadas']);
    expect(activeFilterChips({ filter: 'featured', category: '' }, categories)).toEqual(['Destacadas']);
  });
});

describe('fetchToolPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('returns the JSON page', async () => {
    const page = { items: [], page: 2, hasMore: false };
    const fetchMock = vi.fn(() => Promise.resolve(Response.json(page)));
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchToolPage({ filter: 'popular', category: '' }, 2)).resolves.toEqual(page);
    expect(fetchMock).toHaveBeenCalledWith('/api/tools?filter=popular&page=2', expect.anything());
  });

  it("turns an error answer into the server's Spanish message, or a default one", async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ error: 'Filtro no válido.' }, { status: 400 })));
    await expect(fetchToolPage({ filter: 'new', category: '' }, 1)).rejects.toThrow('Filtro no válido.');
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('<html>', { status: 502 })));
    await expect(fetchToolPage({ filter: 'new', category: '' }, 1)).rejects.toThrow('No se pudieron cargar las herramientas');
  });
});
