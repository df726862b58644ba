import { describe, expect, it } from 'vitest';
import {
  ALTERNATIVE_WEIGHTS,
  alternativesIntro,
  alternativesPageOf,
  closenessScore,
  differenceLine,
  hasAlternativesPage,
  isGoodAlternative,
  lowerFirst,
  rankAlternatives,
  rankAllAlternatives,
  sharingScore,
  type AlternativeSubject,
} from './alternatives.ts';
import { unknownFacts } from './tool-facts.ts';

let next = 0;
function tool(title: string, over: Partial<AlternativeSubject> = {}): AlternativeSubject {
  next += 1;
  return {
    id: `id-${next}`,
    slug: title.toLowerCase().replace(/\W+/g, '-'),
    title,
    categorySlugs: [],
    useCases: [],
    pricing: 'unknown',
    facts: { ...unknownFacts },
    editorialRank: null,
    discontinued: false,
    ...over,
  };
}

const chat = tool('ChatGPT', {
  categorySlugs: ['asistentes-chat'],
  useCases: ['alternativas-a-chatgpt', 'escribir-textos', 'resumir-textos'],
  pricing: 'freemium',
});

describe('alternatives ranking', () => {
  it('weighs shared tasks (at most five) and categories, the primary one more', () => {
    const other = tool('Otra', { categorySlugs: ['escritura', 'asistentes-chat'], useCases: ['escribir-textos'] });
    expect(sharingScore(chat, other)).toBe(ALTERNATIVE_WEIGHTS.task + ALTERNATIVE_WEIGHTS.category);
    const primary = tool('Primaria', { categorySlugs: ['asistentes-chat'] });
    expect(sharingScore(chat, primary)).toBe(ALTERNATIVE_WEIGHTS.category + ALTERNATIVE_WEIGHTS.primaryCategory);
    const many = Array.from({ length: 9 }, (_, index) => `t${index}`);
    expect(sharingScore(tool('A', { useCases: many }), tool('B', { useCases: many }))).toBe(ALTERNATIVE_WEIGHTS.maxTasks * ALTERNATIVE_WEIGHTS.task);
  });

  it('keeps only live tools sharing something, never the tool itself', () => {
    expect(isGoodAlternative(chat, chat)).toBe(false);
    expect(isGoodAlternative(chat, tool('Nada en común', { categorySlugs: ['video'], useCases: ['editar-videos'] }))).toBe(false);
    expect(isGoodAlternative(chat, tool('Retirada', { categorySlugs: ['asistentes-chat'], discontinued: true }))).toBe(false);
    expect(isGoodAlternative(chat, tool('Viva', { useCases: ['resumir-textos'] }))).toBe(true);
  });

  it('orders by sharing, then price and facts closeness, then editorial rank, then title', () => {
    const shared = { categorySlugs: ['asistentes-chat'], useCases: ['escribir-textos'] };
    const close = tool('Parecida', { ...shared, pricing: 'freemium', editorialRank: 50 });
    const known = tool('Conocida', { ...shared, pricing: 'paid', editorialRank: 2 });
    const unknownRank = tool('Anónima', { ...shared, pricing: 'paid' });
    const closer = tool('Muy cercana', { ...shared, useCases: ['escribir-textos', 'resumir-textos'], pricing: 'paid', editorialRank: 900 });
    const loose = tool('Lejana', { useCases: ['resumir-textos'], editorialRank: 1 });
    expect(rankAlternatives(chat, [loose, unknownRank, known, close, closer, chat]).map((t) => t.title)).toEqual([
      'Muy cercana',
      'Parecida',
      'Conocida',
      'Anónima',
      'Lejana',
    ]);
    expect(closenessScore(chat, close)).toBeGreaterThan(closenessScore(chat, known));
  });

  it('gives a page only to a live tool with at least three good alternatives, and shows at most twelve', () => {
    const peers = Array.from({ length: 15 }, (_, index) => tool(`Par ${index}`, { categorySlugs: ['asistentes-chat'] }));
    expect(hasAlternativesPage(chat, peers.slice(0, 2))).toBe(false);
    expect(hasAlternativesPage(chat, [...peers.slice(0, 2), chat])).toBe(false);
    expect(hasAlternativesPage(chat, peers.slice(0, 3))).toBe(true);
    expect(hasAlternativesPage({ ...chat, discontinued: true }, peers)).toBe(false);
    expect(rankAlternatives(chat, peers)).toHaveLength(12);
  });
});

describe('difference lines', () => {
  it('states only the known facts the alternative has and the tool lacks, its price and an extra task', () => {
    const open = tool('Abierta', {
      pricing: 'open_source',
      useCases: ['escribir-textos', 'hacer-presentaciones'],
      facts: { ...unknownFacts, spanishOutput: 'yes', platforms: ['web', 'api'], priceFrom: { amount: 20, currency: 'EUR', period: 'month' } },
    });
    expect(differenceLine(chat, open)).toBe('En español · Código abierto · Con API · Desde 20 €/mes');
    const free = tool('Gratuita', { pricing: 'free', useCases: ['escribir-textos', 'hacer-presentaciones'] });
    expect(differenceLine(chat, free)).toBe('Gratis · También sirve para hacer presentaciones');
    expect(differenceLine(chat, tool('Cara', { pricing: 'paid' }))).toBe('De pago');
  });

  it('says what the two share when no difference is known, never inventing one', () => {
    const twin = tool('Gemela', { pricing: 'freemium', useCases: ['resumir-textos'] });
    expect(differenceLine(chat, twin)).toBe('Como ChatGPT, sirve para resumir textos');
    expect(differenceLine(chat, tool('Prima', { categorySlugs: ['asistentes-chat'], pricing: 'freemium' }))).toBe('De la misma categoría que ChatGPT');
    // The «alternativas a ChatGPT» tag is a task for search, not a sentence.
    expect(differenceLine(tool('X', { pricing: 'freemium' }), tool('Y', { pricing: 'freemium', useCases: ['alternativas-a-chatgpt'] }))).toBe(
      'De la misma categoría que X',
    );
  });

  it('lower-cases a label for the middle of a sentence but keeps acronyms', () => {
    expect(lowerFirst('Hacer presentaciones')).toBe('hacer presentaciones');
    expect(lowerFirst('SEO local')).toBe('SEO local');
  });

  it('builds the introduction from the tasks and the counted facts', () => {
    const listed = [
      tool('A', { pricing: 'free', facts: { ...unknownFacts, spanishInterface: 'yes' } }),
      tool('B', { pricing: 'paid' }),
      tool('C', { pricing: 'freemium' }),
    ];
    const [first, second, third] = alternativesIntro(chat, listed);
    expect(first).toBe('3 herramientas que sirven para lo mismo que ChatGPT: escribir textos o resumir textos.');
    expect(second).toBe('Según nuestros datos, 2 se pueden usar gratis y 1 funciona en español.');
    expect(third).toContain('comparten más tareas y categorías con ChatGPT');
    expect(alternativesIntro(chat, [listed[1]!])).toHaveLength(2);
  });
});

describe('rankAllAlternatives', () => {
  it('answers what hasAlternativesPage and rankAlternatives answer for each tool, on a catalogue with every kind of tie', () => {
    // A small deterministic generator: few categories, tasks, prices and titles, so ties and repeats abound.
    let seed = 7;
    const pick = <T>(values: readonly T[]) => values[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % values.length]!;
    const categories = ['texto', 'imagen', 'audio', 'video'];
    const tasks = ['escribir-textos', 'resumir-textos', 'crear-imagenes', 'editar-videos', 'transcribir-audio'];
    const titles = ['Nova', 'nova', 'Órbita', 'Alba', 'Álamo', 'Eco'];
    const catalogue = Array.from({ length: 160 }, (_, index) =>
      tool(pick(titles), {
        categorySlugs: pick([[], [pick(categories)], [pick(categories), pick(categories)]]),
        useCases: pick([null, [], [pick(tasks)], [pick(tasks), pick(tasks), pick(tasks)]]),
        pricing: pick(['free', 'freemium', 'paid', 'unknown'] as const),
        facts: { ...unknownFacts, freePlan: pick(['yes', 'no', 'trial', 'unknown'] as const), spanishInterface: pick(['yes', 'no', 'unknown'] as const) },
        editorialRank: pick([null, 1, 2, index]),
        discontinued: pick([false, false, false, true]),
      }),
    );
    const all = rankAllAlternatives(catalogue);
    for (const subject of catalogue) {
      expect(all.has(subject.id)).toBe(hasAlternativesPage(subject, catalogue));
      if (all.has(subject.id)) expect(all.get(subject.id)!.map((other) => other.id)).toEqual(rankAlternatives(subject, catalogue).map((other) => other.id));
      // The incremental rebuild's one-tool answer is the same entry, or none.
      expect(alternativesPageOf(subject, catalogue)?.map((other) => other.id)).toEqual(all.get(subject.id)?.map((other) => other.id));
    }
    expect(all.size).toBeGreaterThan(20);

    // A build that prerenders only the first 40 ranks only those, against the whole catalogue.
    const first = rankAllAlternatives(catalogue, undefined, 40);
    expect([...first.keys()]).toEqual([...all.keys()].filter((id) => catalogue.findIndex((subject) => subject.id === id) < 40));
    for (const [id, listed] of first) expect(listed).toEqual(all.get(id));

    // A page rendered on demand reads only the tool and the live tools sharing something with it, in catalogue order.
    for (const subject of catalogue) {
      const sharing = catalogue.filter((other) => other === subject || isGoodAlternative(subject, other));
      expect(alternativesPageOf(subject, sharing)?.map((other) => other.id)).toEqual(all.get(subject.id)?.map((other) => other.id));
    }
  });
});
