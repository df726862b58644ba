import { describe, expect, it } from 'vitest';
import { TASKS, findTask, matchCategory, matchTasks, nearestTasks, taskHref, taskSuggestions, taskTerms, taskTitle } from './vocabulary.ts';
import { slugify } from '../slug.ts';

const slugsFor = (query: string) => matchTasks(query).map((match) => match.task.slug);

describe('task vocabulary', () => {
  it('has at least 60 tasks and 150 phrases, unique slugs that are URL-safe', () => {
    expect(TASKS.length).toBeGreaterThanOrEqual(60);
    expect(TASKS.flatMap((task) => task.phrases).length).toBeGreaterThanOrEqual(150);
    expect(new Set(TASKS.map((task) => task.slug)).size).toBe(TASKS.length);
    for (const task of TASKS) expect(task.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('names only categories and keywords of the seeded catalogue', async () => {
    const { readFile } = await import('node:fs/promises');
    const categories = new Set((JSON.parse(await readFile('supabase/seed/categories.json', 'utf8')) as { slug: string }[]).map((c) => c.slug));
    const keywords = new Set((JSON.parse(await readFile('supabase/seed/tools.json', 'utf8')) as { keywords: string[] }[]).flatMap((t) => t.keywords));
    for (const task of TASKS) {
      for (const category of [task.home, ...task.categories]) expect(categories, `${task.slug}: ${category}`).toContain(category);
      for (const keyword of task.keywords) expect(keywords, `${task.slug}: ${keyword}`).toContain(keyword);
    }
  });

  it('drops stop words and folds accents and case', () => {
    expect(taskTerms('Una IA para hacer PRESENTACIONES con diapositivas')).toEqual(['hacer', 'presentaciones', 'diapositivas']);
    expect(taskTerms('herramienta gratis de ia')).toEqual([]);
  });

  it('maps everyday queries to their task, whatever the accents, case and inflection', () => {
    expect(slugsFor('hacer presentaciones')).toEqual(['hacer-presentaciones']);
    expect(slugsFor('Diseñar una presentación')).toEqual(['hacer-presentaciones']);
    expect(slugsFor('quitar el fondo de una foto')).toEqual(['quitar-fondo']);
    expect(slugsFor('borrar fondo')).toEqual(['quitar-fondo']);
    expect(slugsFor('pasar audio a texto')).toEqual(['transcribir-audio']);
    expect(slugsFor('ia para programar')).toEqual(['programar']);
    expect(slugsFor('código')).toEqual(['programar']);
    expect(slugsFor('editar vídeos')).toEqual(['editar-videos']);
    expect(slugsFor('escribir una novela')).toEqual(['escribir-historias']);
    expect(slugsFor('detectar texto escrito por ia')).toEqual(['detectar-textos-ia']);
    expect(slugsFor('alternativa a chatgpt')).toEqual(['alternativas-a-chatgpt']);
  });

  it('tells phrases with the same words apart by their order', () => {
    expect(slugsFor('texto a voz')).toEqual(['texto-a-voz']);
    expect(slugsFor('voz a texto')).toEqual(['transcribir-audio']);
  });

  it('prefers the task whose phrases explain more of the query', () => {
    expect(slugsFor('crear un chatbot para mi web')).toEqual(['crear-chatbots']);
    expect(slugsFor('generar vídeos a partir de texto')).toEqual(['crear-videos']);
    expect(slugsFor('crear una web')).toEqual(['crear-paginas-web']);
  });

  it('keeps only the best-covered tasks and says when the whole query is the task', () => {
    const [match] = matchTasks('quitar fondo de una foto');
    expect(match?.task.slug).toBe('quitar-fondo');
    expect(match?.complete).toBe(false);
    expect(matchTasks('hacer presentaciones')[0]?.complete).toBe(true);
    expect(matchTasks('xyzzyqq')).toEqual([]);
    expect(matchTasks('con para de una')).toEqual([]);
  });

  it('finds a category by its name', () => {
    const categories = [
      { slug: 'video', name: 'Vídeo' },
      { slug: 'presentaciones', name: 'Presentaciones' },
      { slug: 'asistentes-chat', name: 'Asistentes y chatbots' },
    ];
    expect(matchCategory('video con ia', categories)?.slug).toBe('video');
    expect(matchCategory('VÍDEOS', categories)?.slug).toBe('video');
    expect(matchCategory('presentación', categories)?.slug).toBe('presentaciones');
    expect(matchCategory('asistentes y chatbots', categories)?.slug).toBe('asistentes-chat');
    expect(matchCategory('editar vídeo', categories)).toBeUndefined();
  });

  it('suggests the nearest tasks for a query that matched nothing, or the first ones', () => {
    expect(nearestTasks('trancribir').map((task) => task.slug)).toContain('transcribir-audio');
    expect(nearestTasks('presentacione diapositiva').map((task) => task.slug)[0]).toBe('hacer-presentaciones');
    expect(nearestTasks('xyzzyqq', 4)).toEqual(TASKS.slice(0, 4));
  });

  it('exports suggestions with their page address and titles', () => {
    const suggestions = taskSuggestions();
    expect(suggestions).toHaveLength(TASKS.length);
    expect(suggestions[0]).toEqual({ slug: 'hacer-presentaciones', label: 'Hacer presentaciones', url: '/ia-para/hacer-presentaciones' });
    expect(taskHref('programar')).toBe('/ia-para/programar');
    expect(taskTitle(findTask('quitar-fondo')!)).toBe('IA para quitar el fondo de una imagen');
    for (const task of TASKS) expect(slugify(task.slug)).toBe(task.slug);
  });
});
