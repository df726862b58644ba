/**
 * What an «IA para…» page shows, from the vocabulary and the published tools: its ranked tools (the
 * first 24, as on category pages), related tasks and its structured data. Pure: the page reads the tools once.
 */
import { itemListJsonLd, type JsonLd } from '../seo.ts';
import { rankForTask, type RankableTool } from './tagging.ts';
import { TASKS, taskHref, taskTitle, type Task } from './vocabulary.ts';

/** Tools a task page lists statically (no page grows with the catalogue). */
export const TASK_PAGE_TOOLS = 24;

/**
 * Tasks related to this one: those of the same category (its home first), then those its tools serve most often
 * besides it (a presentation maker also designs), in that order, without repeats.
 */
export function relatedTasks(task: Task, tools: readonly Pick<RankableTool, 'useCases'>[] = [], limit = 8, tasks: readonly Task[] = TASKS): Task[] {
  const own = new Set([task.home, ...task.categories]);
  const sameCategory = tasks
    .filter((other) => other.slug !== task.slug && (own.has(other.home) || other.categories.some((category) => own.has(category))))
    .sort((a, b) => Number(b.home === task.home) - Number(a.home === task.home));
  const together = new Map<string, number>();
  for (const tool of tools) {
    if (!tool.useCases?.includes(task.slug)) continue;
    for (const slug of tool.useCases) if (slug !== task.slug) together.set(slug, (together.get(slug) ?? 0) + 1);
  }
  const coTagged = tasks.filter((other) => together.has(other.slug)).sort((a, b) => together.get(b.slug)! - together.get(a.slug)!);
  return [...new Set([...sameCategory, ...coTagged])].slice(0, limit);
}

/** The tasks a tool serves, as its page lists them ('Sirve para: …'), in the vocabulary's order. */
export function tasksOf(useCases: readonly string[] | null, tasks: readonly Task[] = TASKS): Task[] {
  const tags = new Set(useCases ?? []);
  return tasks.filter((task) => tags.has(task.slug));
}

/** Tasks whose home or categories include this category, for its page. */
export function tasksOfCategory(categorySlug: string, tasks: readonly Task[] = TASKS): Task[] {
  return tasks.filter((task) => task.home === categorySlug || task.categories.includes(categorySlug));
}

export interface TaskPageModel<T extends RankableTool> {
  tools: T[];
  total: number;
  related: Task[];
}

export function taskPageModel<T extends RankableTool>(task: Task, tools: readonly T[]): TaskPageModel<T> {
  const ranked = rankForTask(task, tools);
  return { tools: ranked.slice(0, TASK_PAGE_TOOLS), total: ranked.length, related: relatedTasks(task, tools) };
}

/** schema.org ItemList of the listed tools, in their order, with absolute URLs. */
export function taskItemListJsonLd(task: Task, tools: readonly { slug: string; title: string }[], siteUrl: string): JsonLd {
  return itemListJsonLd(taskTitle(task), `${siteUrl}${taskHref(task.slug)}`, tools, siteUrl);
}
