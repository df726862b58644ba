/**
 * Where each tool stands in the search's orders, ranked from what the task ranking reads. A module of its own, so
 * the worker thread that ranks off the serving thread (search-places-off-thread.ts) loads nothing else.
 */
import { rankByProminence, rankForTasks, type RankableTool } from '../../lib/tasks/tagging.ts';
import { TASKS } from '../../lib/tasks/vocabulary.ts';

/** Where a tool stands: its place among all tools, and in the ranking of each task it is tagged with (1 = first). */
export interface SearchPlaces {
  prominence: number;
  tasks: Record<string, number>;
}

export type PlacedTool = RankableTool & { id: string };

/**
 * What the ranking reads of a tool (all of PlacedTool but the optional article): what crosses to the worker thread
 * is copied, so only that goes.
 */
export const rankingFields = (tool: PlacedTool): PlacedTool => ({
  id: tool.id,
  slug: tool.slug,
  title: tool.title,
  description: tool.description,
  keywords: tool.keywords,
  categories: tool.categories,
  useCases: tool.useCases,
  editorialRank: tool.editorialRank,
  popularityScore: tool.popularityScore,
  isFeatured: tool.isFeatured,
  isPopular: tool.isPopular,
});

/** Every tool's places: by prominence overall, and in each task's ranking (relevance blended with prominence). */
export function placesOf(tools: readonly PlacedTool[]): Map<string, SearchPlaces> {
  const places = new Map<string, SearchPlaces>(rankByProminence(tools).map((tool, index) => [tool.id, { prominence: index + 1, tasks: {} }]));
  for (const [task, ranked] of rankForTasks(TASKS, tools)) {
    ranked.forEach((tool, index) => {
      places.get(tool.id)!.tasks[task] = index + 1;
    });
  }
  return places;
}
