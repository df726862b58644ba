/**
 * Where each tool stands in the search's orders, ranked from what the task ranking reads. A module of its own, so
 * the worker thread that ranks off the serving thread (search-places-off-thread.ts) loads nothing else.
 */
import { scoreByProminence, scoreForTasks, topPopularityOf, type RankableTool } from '../../lib/tasks/tagging.ts';
import { TASKS } from '../../lib/tasks/vocabulary.ts';

/** Where a tool stands in one order: its place (1 = first) and the score that put it there. */
export type Standing = [place: number, score: number];

/** Where a tool stands among all tools, and in the ranking of each task it is tagged with. */
export interface SearchPlaces {
  prominence: Standing;
  tasks: Record<string, Standing>;
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

/**
 * Every tool's places: by prominence overall, and in each task's ranking (relevance blended with prominence).
 * `topPopularity` as in scoreForTasks (tagging.ts).
 */
export function placesOf(tools: readonly PlacedTool[], topPopularity = topPopularityOf(tools)): Map<string, SearchPlaces> {
  const places = new Map<string, SearchPlaces>(
    scoreByProminence(tools, topPopularity).map(({ tool, score }, index) => [tool.id, { prominence: [index + 1, score], tasks: {} }]),
  );
  for (const [task, scored] of scoreForTasks(TASKS, tools, topPopularity)) {
    scored.forEach(({ tool, score }, index) => {
      places.get(tool.id)!.tasks[task] = [index + 1, score];
    });
  }
  return places;
}
