import { describe, expect, it } from 'vitest';
import { deriveUseCases, prominence, rankForTask, taskRelevance, type RankableTool } from './tagging.ts';
import { findTask } from './vocabulary.ts';

const tool = (slug: string, fields: Partial<RankableTool> = {}): RankableTool => ({
  slug,
  title: slug,
  description: '',
  content: '',
  categories: [],
  keywords: [],
  useCases: null,
  editorialRank: null,
  popularityScore: 0,
  isFeatured: false,
  isPopular: false,
  ...fields,
});

describe('deriveUseCases', () => {
  it('tags from the categories, the keywords and two-word phrases of the texts', () => {
    expect(deriveUseCases(tool('a', { categories: ['presentaciones'] }))).toContain('hacer-presentaciones');
    expect(deriveUseCases(tool('b', { keywords: ['Eliminación de fondos'] }))).toEqual(['quitar-fondo']);
    expect(deriveUseCases(tool('c', { description: 'Sirve para quitar el fondo de tus fotos de producto.' }))).toEqual(
      expect.arrayContaining(['quitar-fondo', 'vender-online']),
    );
  });

  it('ignores single words and what the article says about alternatives', () => {
    expect(deriveUseCases(tool('d', { description: 'Crea webs sin código.' }))).not.toContain('programar');
    const content = '<h2>Qué es</h2><p>Un editor de notas.</p><h2>Alternativas</h2><p>Otra, que sirve para clonar voz.</p>';
    expect(deriveUseCases(tool('e', { content }))).not.toContain('clonar-voz');
  });

  it('is deterministic and in the vocabulary order', () => {
    const input = tool('f', { categories: ['codigo'], keywords: ['revisión de código', 'generación de código'] });
    expect(deriveUseCases(input)).toEqual(['programar', 'revisar-codigo']);
    expect(deriveUseCases(input)).toEqual(deriveUseCases(input));
  });
});

describe('ranking for a task', () => {
  const presentations = findTask('hacer-presentaciones')!;

  it('scores the primary category, keywords, the description and the name', () => {
    expect(taskRelevance(presentations, tool('a', { categories: ['presentaciones'], keywords: ['presentaciones'] }))).toBe(3.5);
    expect(taskRelevance(presentations, tool('b', { categories: ['diseno', 'presentaciones'] }))).toBe(1);
    expect(taskRelevance(presentations, tool('c', { description: 'Hace presentaciones.', keywords: ['presentaciones'], categories: ['presentaciones'] }))).toBe(
      4.5,
    );
    expect(taskRelevance(findTask('crear-logos')!, tool('AI Logo Generator'))).toBe(1);
    expect(taskRelevance(presentations, tool('d', { categories: ['imagen'] }))).toBe(0);
  });

  it('blends relevance with the editorial rank and the 30-day popularity', () => {
    expect(prominence(tool('a', { editorialRank: 1 }), 0)).toBeCloseTo(2.5);
    expect(prominence(tool('b', { popularityScore: 5 }), 10)).toBeCloseTo(0.5);
    const tools = [
      tool('generalist', { categories: ['asistentes-chat'], useCases: ['hacer-presentaciones'], editorialRank: 1 }),
      tool('unknown-maker', { categories: ['presentaciones'], keywords: ['presentaciones'], useCases: ['hacer-presentaciones'] }),
      tool('known-maker', { categories: ['presentaciones'], keywords: ['presentaciones'], useCases: ['hacer-presentaciones'], editorialRank: 20 }),
      tool('popular-maker', { categories: ['presentaciones'], keywords: ['presentaciones'], useCases: ['hacer-presentaciones'], popularityScore: 40 }),
      tool('untagged', { categories: ['presentaciones'], useCases: [] }),
    ];
    expect(rankForTask(presentations, tools).map((entry) => entry.slug)).toEqual(['known-maker', 'popular-maker', 'unknown-maker', 'generalist']);
  });
});
