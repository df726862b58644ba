import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  placesAmongCurrent,
  readIndexedRecords,
  searchPlaces,
  SEARCH_RECORDS_FILE,
  toSearchRecord,
  type IndexedRecord,
  type SearchRow,
} from '../../server/search/search-index.ts';
import type { SearchPlaces } from '../../server/search/search-places.ts';
import { alternativeTo } from './search-engine.ts';
import { resultCountLabel, searchCardPath, searchHref, searchQuery } from '../../lib/search/search.ts';

const row: SearchRow = {
  id: '6f1c2a8e-1111-4222-8333-944455556666',
  slug: 'pintor-magico',
  title: 'Pintor Mágico',
  description: 'Generador de imágenes a partir de texto, con estilos de ilustración y fotografía.',
  url: 'https://pintor.example/',
  imageUrl: null,
  logoUrl: 'https://pintor.example/logo.png',
  keywords: ['ilustración', 'arte con IA'],
  useCases: ['crear-imagenes', 'diseno-grafico'],
  editorialRank: null,
  popularityScore: 0,
  pricing: 'freemium',
  isFeatured: true,
  isPopular: false,
  isVerified: true,
  freePlan: 'unknown',
  spanishInterface: 'yes',
  spanishOutput: 'unknown',
  platforms: ['web', 'api'],
  openSource: 'unknown',
  categories: [
    { slug: 'imagen', name: 'Imagen', icon: 'image', color: '#8B5CF6' },
    { slug: 'diseno', name: 'Diseño', icon: 'palette', color: '#EC4899' },
  ],
};

describe('toSearchRecord', () => {
  const record = toSearchRecord(row);

  it('points at the tool page and indexes it as Spanish', () => {
    expect(record.url).toBe('/pintor-magico');
    expect(record.language).toBe('es');
  });

  it('matches on title, description, category names, keywords and the pricing label, as written', () => {
    for (const text of ['Pintor Mágico', row.description, 'Imagen', 'Diseño', 'ilustración', 'arte con IA', 'Freemium']) {
      expect(record.content).toContain(text);
    }
  });

  it('filters by every category slug, by pricing, by use case and by the fact filters it passes', () => {
    expect(record.filters).toEqual({
      categoria: ['imagen', 'diseno'],
      precio: ['freemium'],
      tarea: ['crear-imagenes', 'diseno-grafico'],
      filtro: ['gratis', 'en-espanol', 'con-api'],
    });
  });

  it('matches on the names of its use cases too', () => {
    expect(record.content).toContain('Crear imágenes');
    expect(record.content).toContain('Diseño gráfico');
  });

  it('adds no card chrome, links or ids to the words Pagefind indexes: metadata is the name and the category slugs', () => {
    expect(record.meta).toEqual({ title: 'Pintor Mágico', categorias: 'imagen diseno' });
    expect(record.content).not.toMatch(/Guardar|Visitar|https?:|6f1c2a8e/);
  });

  it('handles a tool without categories, keywords or tags', () => {
    const bare = toSearchRecord({
      ...row,
      categories: [],
      keywords: null,
      useCases: null,
      url: null,
      pricing: 'paid',
      spanishInterface: 'unknown',
      platforms: [],
    });
    expect(bare.filters).toEqual({ categoria: [], precio: ['paid'], tarea: [], filtro: [] });
    expect(bare.meta.categorias).toBe('');
  });

  it('sorts by prominence and by its place in each task it serves', () => {
    const known: SearchRow = { ...row, id: 'b', slug: 'famosa', title: 'Famosa', editorialRank: 1 };
    const places = searchPlaces([row, known]);
    const placeOnly = (id: string) => {
      const { prominence, tasks } = places.get(id)!;
      return { prominence: prominence[0], tasks: Object.fromEntries(Object.entries(tasks).map(([slug, [place]]) => [slug, place])) };
    };
    expect(placeOnly('b')).toEqual({ prominence: 1, tasks: { 'crear-imagenes': 1, 'diseno-grafico': 1 } });
    expect(placeOnly(row.id)).toEqual({ prominence: 2, tasks: { 'crear-imagenes': 2, 'diseno-grafico': 2 } });
    expect(toSearchRecord(known, places.get('b')).sort).toEqual({ rango: '1', 't-crear-imagenes': '1', 't-diseno-grafico': '1' });
  });

  it('keeps the score of each place, and scores a tool alone as in the whole ranking given the same top popularity', () => {
    const popular: SearchRow = { ...row, id: 'c', slug: 'popular', title: 'Popular', popularityScore: 40 };
    const lesser: SearchRow = { ...row, popularityScore: 10 };
    const whole = searchPlaces([lesser, popular]);
    // Featured (0.1) plus a quarter of the top popularity.
    expect(whole.get(row.id)!.prominence).toEqual([2, 0.1 + 10 / 40]);
    const alone = searchPlaces([lesser], 40).get(row.id)!;
    expect(alone.prominence[1]).toBe(whole.get(row.id)!.prominence[1]);
    for (const [task, [, score]] of Object.entries(whole.get(row.id)!.tasks)) expect(alone.tasks[task]).toEqual([1, score]);
    // Measured against itself instead, it is the top.
    expect(searchPlaces([lesser]).get(row.id)!.prominence[1]).toBe(0.1 + 1);
  });
});

describe('a changed tool among the full index', () => {
  const indexedTool = (title: string, place: number, score: number): IndexedRecord => ({
    slug: title.toLowerCase(),
    record: `es_${place}`,
    digest: '',
    filters: {},
    title,
    sort: { rango: [place, score] },
  });
  // The full index's order: by score, ties by name.
  const indexed = {
    topPopularity: 0,
    tools: { a: indexedTool('Alfa', 1, 3), b: indexedTool('Beta', 2, 2), d: indexedTool('Delta', 3, 2), e: indexedTool('Eco', 4, 1) },
  };

  it('counts the current records that come before it in each order it has, by score and then by name', () => {
    const changed = (title: string) => ({ ...row, id: title, title });
    const places = new Map<string, SearchPlaces>([
      ['Cabra', { prominence: [1, 2], tasks: { 'crear-imagenes': [1, 4] } }],
      ['Zeta', { prominence: [2, 0.5], tasks: {} }],
      ['Alfa', { prominence: [3, 3], tasks: {} }],
    ]);
    const all = new Set(['a', 'b', 'd', 'e']);
    const after = placesAmongCurrent(indexed, all, [changed('Cabra'), changed('Zeta'), changed('Alfa')], places);
    // After Alfa (3) and Beta (2, before it by name); before Delta. No task order in the full index: first.
    expect(after.get('Cabra')).toEqual({ rango: 2, 't-crear-imagenes': 0 });
    expect(after.get('Zeta')).toEqual({ rango: 4 });
    // Equal in score and name: after the one already there.
    expect(after.get('Alfa')).toEqual({ rango: 1 });
    // A record hidden by the changes (withdrawn, or the changed tool's own old one) is not counted.
    expect(placesAmongCurrent(indexed, new Set(['a', 'd', 'e']), [changed('Cabra')], places).get('Cabra')).toEqual({ rango: 1, 't-crear-imagenes': 0 });
  });
});

describe('the records a build kept of its full index', () => {
  it('reads those of this code, and takes a missing file or one in an older shape for none', async () => {
    const buildDir = await mkdtemp(path.join(tmpdir(), 'registros-'));
    try {
      expect(await readIndexedRecords(buildDir)).toBeUndefined();
      await mkdir(path.join(buildDir, path.dirname(SEARCH_RECORDS_FILE)));
      const write = (content: unknown) => writeFile(path.join(buildDir, SEARCH_RECORDS_FILE), JSON.stringify(content));
      const current = { topPopularity: 12, tools: { a: { slug: 'alfa', record: 'es_1', digest: 'x', filters: {}, title: 'Alfa', sort: {} } } };
      await write(current);
      expect(await readIndexedRecords(buildDir)).toEqual(current);
      // Before the scores were kept, the file was the tools by id alone.
      await write({ a: { slug: 'alfa', record: 'es_1', digest: 'x', filters: {} } });
      expect(await readIndexedRecords(buildDir)).toBeUndefined();
      await write(null);
      expect(await readIndexedRecords(buildDir)).toBeUndefined();
    } finally {
      await rm(buildDir, { recursive: true, force: true });
    }
  });
});

describe('search helpers', () => {
  it('trims the query and collapses whitespace; blank means nothing to search', () => {
    expect(searchQuery('  generador   de\timágenes ')).toBe('generador de imágenes');
    expect(searchQuery(' \n ')).toBe('');
  });

  it('says how many results there are, singular or plural', () => {
    expect(resultCountLabel(0, 'voz')).toBe('0 resultados para «voz»');
    expect(resultCountLabel(1, 'voz')).toBe('1 resultado para «voz»');
    expect(resultCountLabel(37, 'voz')).toBe('37 resultados para «voz»');
  });

  it('keeps each card in a file of its own beside the index', () => {
    expect(searchCardPath('chatgpt')).toBe('/pagefind/tarjetas/chatgpt.html');
  });

  it('builds search addresses', () => {
    expect(searchHref('generador de imágenes')).toBe('/buscar?q=generador+de+im%C3%A1genes');
    expect(searchHref('voz', 'audio')).toBe('/buscar?q=voz&categoria=audio');
    expect(searchHref('')).toBe('/buscar');
    expect(searchHref('chat', '', ['gratis', 'en-espanol'])).toBe('/buscar?q=chat&filtro=gratis,en-espanol');
    expect(searchHref('voz', 'audio', ['con-api'])).toBe('/buscar?q=voz&categoria=audio&filtro=con-api');
  });
});

describe('alternativeTo', () => {
  it('reads the tool a query asks alternatives to', () => {
    expect(alternativeTo('alternativa a chatgpt')).toBe('chatgpt');
    expect(alternativeTo('Alternativas de Notion AI')).toBe('Notion AI');
    expect(alternativeTo('alternativas')).toBeUndefined();
    expect(alternativeTo('hacer presentaciones')).toBeUndefined();
  });
});
