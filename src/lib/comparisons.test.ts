import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalPair, comparisonHref, comparisonRows, CURATED_PAIRS, isCuratedPair, pairReadings, type ComparedTool } from './comparisons.ts';
import { unknownFacts } from './tool-facts.ts';

describe('comparison addresses', () => {
  it('puts the slugs in alphabetical order, whichever comes first', () => {
    expect(canonicalPair('claude', 'chatgpt')).toEqual(['chatgpt', 'claude']);
    expect(comparisonHref('claude', 'chatgpt')).toBe('/comparar/chatgpt-vs-claude');
    expect(comparisonHref('chatgpt', 'claude')).toBe('/comparar/chatgpt-vs-claude');
  });

  it('reads every split of «-vs-», refusing malformed slugs and a tool against itself', () => {
    expect(pairReadings('chatgpt-vs-claude')).toEqual([['chatgpt', 'claude']]);
    expect(pairReadings('a-vs-b-vs-c')).toEqual([
      ['a', 'b-vs-c'],
      ['a-vs-b', 'c'],
    ]);
    expect(pairReadings('chatgpt-vs-chatgpt')).toEqual([]);
    expect(pairReadings('chatgpt')).toEqual([]);
    expect(pairReadings('-vs-claude')).toEqual([]);
    expect(pairReadings('Chat%20GPT-vs-claude')).toEqual([]);
  });

  it('curates only real pairs of seeded slugs, stored in canonical order', () => {
    const seeded = new Set((JSON.parse(readFileSync('supabase/seed/tools.json', 'utf8')) as { slug: string }[]).map((row) => row.slug));
    for (const [a, b] of CURATED_PAIRS) {
      expect(seeded.has(a) && seeded.has(b), `${a} y ${b}`).toBe(true);
      expect(canonicalPair(a, b)).toEqual([a, b]);
    }
    expect(isCuratedPair('claude', 'chatgpt')).toBe(true);
    expect(isCuratedPair('chatgpt', 'midjourney')).toBe(false);
  });
});

describe('comparison table', () => {
  const base: ComparedTool = {
    slug: 'a',
    title: 'A',
    description: 'Primera.',
    categories: [],
    useCases: null,
    pricing: 'unknown',
    facts: unknownFacts,
  };

  it('says «Sin confirmar» for everything unknown, the description and the pricing model aside', () => {
    const rows = comparisonRows(base, { ...base, slug: 'b', title: 'B', description: 'Segunda.' });
    expect(rows.map((row) => row.label)).toEqual([
      'Qué es',
      'Categoría',
      'Para qué sirve',
      'Modelo de precios',
      'Precio',
      'Plan gratuito',
      'En español',
      'Plataformas',
      'Código abierto',
      'Empresa',
      'Lanzamiento',
      'Registro',
      'Datos comprobados',
    ]);
    expect(rows[0]!.values).toEqual(['Primera.', 'Segunda.']);
    for (const row of rows.slice(1)) {
      expect(row.values[0], row.label).toContain('Sin confirmar');
    }
  });

  it('writes the known facts in Spanish', () => {
    const known: ComparedTool = {
      ...base,
      categories: [{ slug: 'asistentes-chat', name: 'Asistentes y chatbots' }],
      useCases: ['resumir-textos', 'escribir-textos'],
      pricing: 'freemium',
      facts: {
        ...unknownFacts,
        spanishInterface: 'yes',
        spanishOutput: 'yes',
        spanishVoice: 'no',
        freePlan: 'yes',
        priceFrom: { amount: 23, currency: 'EUR', period: 'month' },
        platforms: ['web', 'ios'],
        openSource: 'yes',
        license: 'MIT',
        company: 'OpenAI',
        country: 'US',
        launchYear: 2022,
        signupRequired: 'yes',
        checkedAt: '2026-11-25T10:00:00.000Z',
      },
    };
    const values = Object.fromEntries(comparisonRows(known, base).map((row) => [row.label, row.values[0]]));
    expect(values).toMatchObject({
      Categoría: 'Asistentes y chatbots',
      'Para qué sirve': 'Escribir textos, resumir textos',
      'Modelo de precios': 'Freemium',
      Precio: 'Desde 23 €/mes',
      'Plan gratuito': 'Plan gratuito',
      'En español': 'Interfaz: Sí. Respuestas: Sí. Voz: No.',
      Plataformas: 'Web, iPhone y iPad',
      'Código abierto': 'Sí (licencia MIT)',
      Empresa: 'OpenAI (Estados Unidos)',
      Lanzamiento: '2022',
      Registro: 'Hace falta cuenta',
      'Datos comprobados': '25 de noviembre de 2026',
    });
  });
});
