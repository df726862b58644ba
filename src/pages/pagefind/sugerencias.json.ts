import type { APIRoute } from 'astro';
import { buildSuggestions } from '../../lib/search/suggestions.ts';
import { listCategories } from '../../server/db/queries/public/categories.ts';
import { taskSuggestions } from '../../lib/tasks/vocabulary.ts';
import { listSuggestionTools } from '../../server/db/queries/public/tools.ts';

/** The header search box's suggestions (SUGGESTIONS_PATH), written with the rest of the site from the database. */
export const GET: APIRoute = async () => {
  const [tools, categories] = await Promise.all([listSuggestionTools(), listCategories()]);
  return Response.json(buildSuggestions({ tools, categories: categories.map(({ name, slug }) => ({ name, slug })), tasks: taskSuggestions() }));
};
