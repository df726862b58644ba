/**
 * One search (issue 14): tool names first (exact, then a name's start, then one-letter typos), then Pagefind's
 * full-text results in its own order (Spanish stemming, accents, descriptions and categories), without
 * duplicates, and nothing when Pagefind was only guessing. Used by the search page and by the relevance tests.
 */
import { checkableTerms, isPlausibleMatch, matchNames, type NameEntry } from './name-match.ts';
import type { Pagefind, PagefindResponse, PagefindResult } from './pagefind.ts';
import { SEARCH_CATEGORY_FILTER, searchToken } from './search.ts';

export interface SearchOutcome {
  hits: PagefindResult[];
  /** Results per category for this query, whatever category is chosen (for the filter's counts). */
  categoryCounts: Record<string, number>;
}

/** How many of Pagefind's first results are looked at to judge whether it found the query or only guessed. */
const RESULTS_JUDGED = 5;

/**
 * Whether Pagefind's answer is a real match: one of its first results must hold, for every term of the query, a
 * word that could be that term (exact, completed, or the same Spanish stem), not one that merely starts alike.
 */
export async function isGenuineMatch(response: PagefindResponse, query: string): Promise<boolean> {
  const terms = checkableTerms(query);
  const judged = await Promise.all(
    response.results.slice(0, RESULTS_JUDGED).map(async (result) => {
      const data = await result.data();
      if (data.locations.length === 0) return false;
      const words = data.content.split(/\s+/);
      const matched = data.locations.map((location) => words[location] ?? '');
      return terms.every((term) => matched.some((word) => isPlausibleMatch(term, word)));
    }),
  );
  return judged.some(Boolean);
}

function categoriesOf(meta: Record<string, string>): string[] {
  try {
    const parsed: unknown = JSON.parse(meta.categories ?? '[]');
    return Array.isArray(parsed) ? parsed.map((category: { slug?: unknown }) => String(category.slug ?? '')) : [];
  } catch {
    return [];
  }
}

/** The Pagefind record of one tool, found by the unique word its record carries. */
async function findTool(pagefind: Pagefind, slug: string): Promise<{ hit: PagefindResult; categories: string[] } | null> {
  const { results } = await pagefind.search(searchToken(slug));
  for (const hit of results.slice(0, 5)) {
    const data = await hit.data();
    if (data.url.endsWith(`/${slug}`)) return { hit, categories: categoriesOf(data.meta) };
  }
  return null;
}

export async function searchTools(pagefind: Pagefind, names: readonly NameEntry[], query: string, category = ''): Promise<SearchOutcome> {
  const filters = { [SEARCH_CATEGORY_FILTER]: category ? [category] : [] };
  const response = await pagefind.search(query, { filters });
  // Judged before any other search: Pagefind keeps one object per record and rewrites its matched locations on
  // every data() call, so a concurrent search for the same record would swap them.
  const genuine = await isGenuineMatch(response, query);
  const named = await Promise.all(matchNames(query, names).map((match) => findTool(pagefind, match.slug)));
  const found = named.filter((entry) => entry !== null);
  const hits: PagefindResult[] = [];
  const seen = new Set<string>();
  const add = (hit: PagefindResult) => {
    if (seen.has(hit.id)) return;
    seen.add(hit.id);
    hits.push(hit);
  };
  for (const entry of found) if (!category || entry.categories.includes(category)) add(entry.hit);
  if (genuine) for (const hit of response.results) add(hit);

  if (genuine) return { hits, categoryCounts: { ...(response.totalFilters[SEARCH_CATEGORY_FILTER] ?? {}) } };
  // Found only by name (a typo Pagefind cannot see): the counts come from those tools.
  const categoryCounts: Record<string, number> = {};
  for (const entry of found) for (const slug of entry.categories) categoryCounts[slug] = (categoryCounts[slug] ?? 0) + 1;
  return { hits, categoryCounts };
}
