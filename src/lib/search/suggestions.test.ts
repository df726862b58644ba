import { describe, expect, it } from 'vitest';
import { buildSuggestions, matchSuggestions, type SuggestionData } from './suggestions.ts';

const data: SuggestionData = buildSuggestions({
  // Editorial order: the better known first.
  tools: [
    { name: 'ChatGPT', slug: 'chatgpt', categorySlug: 'chatbots' },
    { name: 'Midjourney', slug: 'midjourney', categorySlug: 'imagen' },
    { name: 'Canva Magic Design', slug: 'canva', categorySlug: 'diseno' },
    { name: 'ChatPDF', slug: 'chatpdf', categorySlug: null },
    { name: 'Diseñador de Microsoft', slug: 'designer', categorySlug: 'diseno' },
    { name: 'Perplexity', slug: 'perplexity', categorySlug: 'retirada' },
    { name: 'Hugging Chat', slug: 'hugging-chat', categorySlug: 'chatbots' },
  ],
  categories: [
    { name: 'Asistentes y chatbots', slug: 'chatbots' },
    { name: 'Diseño gráfico', slug: 'diseno' },
    { name: 'Imagen', slug: 'imagen' },
  ],
  tasks: [
    { slug: 'disenar-logos', label: 'Diseñar logotipos', url: '/ia-para/disenar-logos' },
    { slug: 'chatear-con-pdf', label: 'Chatear con un PDF', url: '/ia-para/chatear-con-pdf' },
  ],
});

const labels = (query: string, limit?: number) => matchSuggestions(query, data, limit).flatMap((group) => group.items.map((item) => item.label));

describe('buildSuggestions', () => {
  it('keeps the order and points each tool at its category, or at none', () => {
    expect(data.tools[0]).toEqual(['ChatGPT', 'chatgpt', 0]);
    expect(data.tools[3]).toEqual(['ChatPDF', 'chatpdf', -1]);
    // A category that is not listed (inactive) is no category.
    expect(data.tools[5]).toEqual(['Perplexity', 'perplexity', -1]);
    expect(data.tasks).toEqual([
      ['Diseñar logotipos', '/ia-para/disenar-logos'],
      ['Chatear con un PDF', '/ia-para/chatear-con-pdf'],
    ]);
  });
});

describe('matchSuggestions', () => {
  it('ignores case and accents both ways', () => {
    expect(labels('DISEN')).toEqual(['Diseñador de Microsoft', 'Diseño gráfico', 'Diseñar logotipos']);
    expect(labels('DISENO')).toEqual(['Diseño gráfico']);
    expect(labels('diseño')).toEqual(labels('diseno'));
    expect(labels('imágen')).toEqual(['Imagen']);
  });

  it('puts an exact name first, then names that start so, then a word start, then anything containing it', () => {
    expect(labels('chat')).toEqual(['ChatGPT', 'ChatPDF', 'Hugging Chat', 'Asistentes y chatbots', 'Chatear con un PDF']);
    expect(labels('chatpdf')).toEqual(['ChatPDF']);
    expect(labels('journey')).toEqual(['Midjourney']);
    // A word start beats a match inside a word, whatever the editorial order.
    expect(labels('design')).toEqual(['Canva Magic Design']);
    expect(labels('gpt')).toEqual(['ChatGPT']);
  });

  it('keeps the editorial order among equally good matches', () => {
    // One letter matches the starts of names and words only.
    expect(labels('c')).toEqual(['ChatGPT', 'Canva Magic Design', 'ChatPDF', 'Hugging Chat', 'Asistentes y chatbots', 'Chatear con un PDF']);
  });

  it('matches across spaces and punctuation', () => {
    expect(labels('chat gpt')).toEqual(['ChatGPT']);
    expect(labels('hugging-chat')).toEqual(['Hugging Chat']);
  });

  it('groups tools, categories and tasks, with each tool’s category and each page’s address', () => {
    expect(matchSuggestions('dise', data)).toEqual([
      { kind: 'tool', label: 'Herramientas', items: [{ kind: 'tool', label: 'Diseñador de Microsoft', detail: 'Diseño gráfico', href: '/designer' }] },
      { kind: 'category', label: 'Categorías', items: [{ kind: 'category', label: 'Diseño gráfico', href: '/categoria/diseno' }] },
      { kind: 'task', label: 'Tareas', items: [{ kind: 'task', label: 'Diseñar logotipos', href: '/ia-para/disenar-logos' }] },
    ]);
    expect(matchSuggestions('chatpdf', data)[0]!.items[0]!.detail).toBeUndefined();
  });

  it('offers at most the limit, sharing it between the groups', () => {
    const many: SuggestionData = buildSuggestions({
      tools: Array.from({ length: 20 }, (_, n) => ({ name: `Foto ${n}`, slug: `foto-${n}`, categorySlug: null })),
      categories: [
        { name: 'Fotografía', slug: 'fotografia' },
        { name: 'Fotos de producto', slug: 'fotos-de-producto' },
        { name: 'Fotomontaje', slug: 'fotomontaje' },
      ],
      tasks: [{ slug: 'retocar-fotos', label: 'Retocar fotos', url: '/ia-para/retocar-fotos' }],
    });
    const groups = matchSuggestions('foto', many);
    expect(groups.map((group) => [group.kind, group.items.length])).toEqual([
      ['tool', 5],
      ['category', 2],
      ['task', 1],
    ]);
    expect(matchSuggestions('foto', many, 3).flatMap((group) => group.items)).toHaveLength(3);
    // With no categories or tasks matching, tools take every place.
    expect(matchSuggestions('foto 1', many).flatMap((group) => group.items)).toHaveLength(8);
  });

  it('suggests nothing for an empty or unmatched query', () => {
    expect(matchSuggestions('   ', data)).toEqual([]);
    expect(matchSuggestions('¿?', data)).toEqual([]);
    expect(matchSuggestions('zzzz', data)).toEqual([]);
  });
});
