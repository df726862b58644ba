import { describe, expect, it } from 'vitest';
import { searchPlaces, type SearchRow } from './search-index.ts';
import { searchPlacesOffThread } from './search-places-off-thread.ts';

const tool = (index: number): SearchRow => ({
  id: `id-${index}`,
  slug: `herramienta-${index}`,
  title: `Herramienta ${index % 7} ${index}`,
  description: index % 3 === 0 ? 'Genera imágenes a partir de texto.' : 'Escribe textos y resume documentos largos.',
  url: `https://herramienta-${index}.example/`,
  imageUrl: null,
  logoUrl: null,
  keywords: index % 2 === 0 ? ['generador de imágenes'] : null,
  useCases: index % 3 === 0 ? ['crear-imagenes', 'diseno-grafico'] : ['escribir-textos', 'resumir'],
  editorialRank: index % 5 === 0 ? index : null,
  popularityScore: index % 11,
  pricing: 'freemium',
  isFeatured: index % 13 === 0,
  isPopular: index % 4 === 0,
  isVerified: false,
  freePlan: 'unknown',
  spanishInterface: 'unknown',
  spanishOutput: 'unknown',
  platforms: [],
  openSource: 'unknown',
  categories: [{ slug: index % 3 === 0 ? 'imagen' : 'escritura', name: 'Categoría', icon: 'image', color: '#8B5CF6' }],
});

describe('search places off the serving thread', () => {
  const rows = Array.from({ length: 300 }, (_, index) => tool(index));

  it('ranks in a worker exactly as on this thread', async () => {
    const places = await searchPlacesOffThread(rows);
    expect(places.size).toBe(rows.length);
    expect([...places]).toEqual([...searchPlaces(rows)]);
  });

  it('stops the worker when the rebuild is aborted, with the rebuild’s reason', async () => {
    const controller = new AbortController();
    const placing = searchPlacesOffThread(rows, controller.signal);
    controller.abort(new Error('Reconstrucción cancelada'));
    await expect(placing).rejects.toThrow('Reconstrucción cancelada');
    await expect(searchPlacesOffThread(rows, controller.signal)).rejects.toThrow('Reconstrucción cancelada');
  });
});
