import { describe, expect, it } from 'vitest';
import { searchPlaces, toSearchRecord, type SearchRow } from '../../server/search/search-index.ts';
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
    expect(places.get('b')).toEqual({ prominence: 1, tasks: { 'crear-imagenes': 1, 'diseno-grafico': 1 } });
    expect(places.get(row.id)).toEqual({ prominence: 2, tasks: { 'crear-imagenes': 2, 'diseno-grafico': 2 } });
    expect(toSearchRecord(known, places.get('b')).sort).toEqual({ rango: '1', 't-crear-imagenes': '1', 't-diseno-grafico': '1' });
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
