import { describe, expect, it } from 'vitest';
import { TASK_INTROS } from './intros.ts';
import { TASK_PAGE_TOOLS, relatedTasks, taskItemListJsonLd, taskPageModel, tasksOf, tasksOfCategory } from './task-page.ts';
import type { RankableTool } from './tagging.ts';
import { TASKS, findTask } from './vocabulary.ts';

const tool = (slug: string, fields: Partial<RankableTool> = {}): RankableTool => ({
  slug,
  title: slug.toUpperCase(),
  description: '',
  categories: ['presentaciones'],
  keywords: [],
  useCases: ['hacer-presentaciones'],
  editorialRank: null,
  popularityScore: 0,
  isFeatured: false,
  isPopular: false,
  ...fields,
});

describe('task pages', () => {
  it('have an original introduction of at least two paragraphs for every task', () => {
    for (const task of TASKS) {
      const intro = TASK_INTROS[task.slug];
      expect(intro, task.slug).toBeDefined();
      expect(intro!.join(' ').length, task.slug).toBeGreaterThan(150);
    }
    expect(Object.keys(TASK_INTROS).sort()).toEqual(TASKS.map((task) => task.slug).sort());
  });

  it('list the first 24 tagged tools in ranking order and count them all', () => {
    const task = findTask('hacer-presentaciones')!;
    const tools = Array.from({ length: 30 }, (_, index) => tool(`t${index}`, { editorialRank: index + 1 }));
    const model = taskPageModel(task, [...tools, tool('otra', { useCases: ['programar'] })]);
    expect(model.tools).toHaveLength(TASK_PAGE_TOOLS);
    expect(model.tools[0]?.slug).toBe('t0');
    expect(model.total).toBe(30);
  });

  it('relate tasks of the same category, home first, never the task itself', () => {
    const related = relatedTasks(findTask('editar-videos')!);
    expect(related.map((task) => task.slug)).toContain('subtitular-videos');
    expect(related.map((task) => task.slug)).not.toContain('editar-videos');
    expect(related.every((task) => task.home === 'video')).toBe(true);
    // A task alone in its category relates to what its tools also do.
    const presentations = findTask('hacer-presentaciones')!;
    const tools = [
      tool('a', { useCases: ['hacer-presentaciones', 'diseno-grafico'] }),
      tool('b', { useCases: ['hacer-presentaciones', 'diseno-grafico', 'escribir-textos'] }),
    ];
    expect(relatedTasks(presentations, tools).map((task) => task.slug)).toEqual(['diseno-grafico', 'escribir-textos']);
  });

  it("name a tool's tasks and a category's tasks in the vocabulary's order", () => {
    expect(tasksOf(['traducir', 'programar', 'no-existe']).map((task) => task.slug)).toEqual(['programar', 'traducir']);
    expect(tasksOf(null)).toEqual([]);
    expect(tasksOfCategory('presentaciones').map((task) => task.slug)).toEqual(['hacer-presentaciones']);
  });

  it('describe their tools as a schema.org ItemList', () => {
    const json = taskItemListJsonLd(findTask('programar')!, [{ slug: 'cursor', title: 'Cursor' }], 'https://brujula.example');
    expect(json).toMatchObject({
      '@type': 'ItemList',
      name: 'IA para programar',
      url: 'https://brujula.example/ia-para/programar',
      itemListElement: [{ '@type': 'ListItem', position: 1, url: 'https://brujula.example/cursor', name: 'Cursor' }],
    });
  });
});
