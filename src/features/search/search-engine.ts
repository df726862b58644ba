/**
 * One search: tool names first (exact, then a name's start, then one-letter typos); then the
 * tasks and the category the query asks for (src/lib/tasks/vocabulary.ts), each in its own ranking — relevance
 * blended with the editorial rank and the 30-day popularity, computed when the index was built; then Pagefind's
 * full-text results in its own order, without duplicates, and nothing when Pagefind was only guessing. A query
 * that only partly names a task ('quitar fondo de una foto' names one; 'blimey imagenes' does not) still finds the
 * task, after the text matches when those explain more of it. Used by the search page and the relevance tests.
 */
import { matchCategory, matchTasks, nearestCategories, nearestTasks, taskHref, taskTerms, taskTitle, type CategoryName } from '../../lib/tasks/vocabulary.ts';
import { NameRank, checkableTerms, isPlausibleMatch, matchNames, type NameEntry } from '../../lib/search/name-match.ts';
import type { Pagefind, PagefindFilters, PagefindResponse, PagefindResult } from './pagefind.ts';
import { SEARCH_CATEGORY_FILTER, SEARCH_FACT_FILTER, SEARCH_PROMINENCE_SORT, SEARCH_TASK_FILTER, searchToken, taskSortKey } from '../../lib/search/search.ts';

/** A task or category the query names, shown above the results with a link to its page. */
export interface SearchTopic {
  kind: 'task' | 'category';
  slug: string;
  label: string;
  href: string;
  /** Its tools in the whole catalogue. */
  count: number;
}

/** Where to go when nothing matched: the nearest tasks and categories. */
export interface SearchSuggestions {
  tasks: { slug: string; label: string; href: string }[];
  categories: CategoryName[];
}

export interface SearchOutcome {
  hits: PagefindResult[];
  /** Results per category for this query, whatever category is chosen (for the filter's counts). */
  categoryCounts: Record<string, number>;
  topics: SearchTopic[];
  suggestions: SearchSuggestions;
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

const categoriesOf = (meta: Record<string, string>): string[] => (meta.categorias ?? '').split(' ').filter(Boolean);

/** The Pagefind record of one tool, found by the unique word its record carries, if it passes `filters`. */
async function findTool(pagefind: Pagefind, slug: string, filters: PagefindFilters = {}): Promise<{ hit: PagefindResult; categories: string[] } | null> {
  const { results } = await pagefind.search(searchToken(slug), { filters });
  for (const hit of results.slice(0, 5)) {
    const data = await hit.data();
    if (data.url.endsWith(`/${slug}`)) return { hit, categories: categoriesOf(data.meta) };
  }
  return null;
}

/** The tool a query asks alternatives to ('alternativas a Notion' -> 'Notion'), if it asks for alternatives. */
export function alternativeTo(query: string): string | undefined {
  const match = /^\s*alternativas?\s+(?:a|de|para)\s+(.+)$/i.exec(query);
  return match?.[1]?.trim() || undefined;
}

/** The tool named exactly by `name` (its index id and categories), to leave out of its own alternatives. */
async function excludedTool(pagefind: Pagefind, names: readonly NameEntry[], name: string): Promise<{ id: string; categories: string[] } | undefined> {
  const [exact] = matchNames(name, names).filter((match) => match.rank === NameRank.Exact);
  const tool = exact ? await findTool(pagefind, exact.slug) : null;
  return tool ? { id: tool.hit.id, categories: tool.categories } : undefined;
}

/** Every chosen fact filter must hold (a list of values in one Pagefind filter means all of them). */
const factScope = (facts: readonly string[]): PagefindFilters => ({ [SEARCH_FACT_FILTER]: [...facts] });

/** The filter of one category, if one is chosen, and the fact filters, applied on top of another filter. */
function withinScope(filters: PagefindFilters, category: string, facts: readonly string[]): PagefindFilters {
  const scope: PagefindFilters[] = [...(category ? [{ [SEARCH_CATEGORY_FILTER]: category }] : []), ...(facts.length > 0 ? [factScope(facts)] : [])];
  return scope.length > 0 ? { all: [filters, ...scope] } : filters;
}

function addCounts(into: Record<string, number>, counts: Record<string, number> | undefined, sign = 1): void {
  for (const [slug, count] of Object.entries(counts ?? {})) into[slug] = (into[slug] ?? 0) + sign * count;
}

export async function searchTools(
  pagefind: Pagefind,
  names: readonly NameEntry[],
  query: string,
  category = '',
  categories: readonly CategoryName[] = [],
  /** Fact filters (gratis, en-espanol…) every result must pass. */
  facts: readonly string[] = [],
): Promise<SearchOutcome> {
  // An empty list, not an absent key: Pagefind then still counts every category value (totalFilters).
  const response = await pagefind.search(query, { filters: { [SEARCH_CATEGORY_FILTER]: category ? [category] : [], ...factScope(facts) } });
  // Judged before any other search: Pagefind keeps one object per record and rewrites its matched locations on
  // every data() call, so a concurrent search for the same record would swap them.
  const genuine = await isGenuineMatch(response, query);
  // «alternativa a chatgpt» asks for the others: the tool it names is left out of the results.
  const replaced = alternativeTo(query);
  const excluded = replaced ? await excludedTool(pagefind, names, replaced) : undefined;
  const named = replaced ? [] : await Promise.all(matchNames(query, names).map((match) => findTool(pagefind, match.slug, factScope(facts))));
  const found = named.filter((entry) => entry !== null);

  const taskMatches = matchTasks(query);
  const tasks = taskMatches.map((match) => match.task);
  // Alternatives to a tool are, first of all, the best-known tools of its primary category.
  const namedCategory = matchCategory(query, categories) ?? categories.find((entry) => entry.slug === excluded?.categories[0]);
  const topicFilters: PagefindFilters[] = [
    ...tasks.map((task) => ({ [SEARCH_TASK_FILTER]: task.slug })),
    ...(namedCategory ? [{ [SEARCH_CATEGORY_FILTER]: namedCategory.slug }] : []),
  ];
  const topicSearches = [
    ...tasks.map((task) =>
      pagefind.search(null, {
        filters: withinScope({ [SEARCH_TASK_FILTER]: task.slug }, category, facts),
        sort: { [taskSortKey(task.slug)]: 'asc' },
      }),
    ),
    ...(namedCategory
      ? [
          pagefind.search(null, {
            filters: withinScope({ [SEARCH_CATEGORY_FILTER]: namedCategory.slug }, category, facts),
            sort: { [SEARCH_PROMINENCE_SORT]: 'asc' },
          }),
        ]
      : []),
  ];
  const anyTopic: PagefindFilters = { any: topicFilters };
  const filtering = facts.length > 0;
  // The category filter's counts follow the fact filters, whatever category is chosen.
  const [topicResponses, wholeTopic, topicInScope, topicAndText, textInScope] = await Promise.all([
    Promise.all(topicSearches),
    topicFilters.length > 0 ? pagefind.search(null, { filters: anyTopic }) : undefined,
    topicFilters.length > 0 && filtering ? pagefind.search(null, { filters: withinScope(anyTopic, '', facts) }) : undefined,
    topicFilters.length > 0 && genuine ? pagefind.search(query, { filters: withinScope(anyTopic, '', facts) }) : undefined,
    genuine && filtering && category ? pagefind.search(query, { filters: { [SEARCH_CATEGORY_FILTER]: [], ...factScope(facts) } }) : undefined,
  ]);
  const topicHits = topicResponses.flatMap((topic) => topic.results);
  const textHits = genuine ? response.results : [];
  // The task leads when it explains at least half of what was asked, or the query names a category.
  const best = taskMatches[0];
  const topicLeads = namedCategory !== undefined || (best !== undefined && best.covered * 2 >= taskTerms(query).length);

  const hits: PagefindResult[] = [];
  const seen = new Set<string>(excluded ? [excluded.id] : []);
  const add = (hit: PagefindResult) => {
    if (seen.has(hit.id)) return;
    seen.add(hit.id);
    hits.push(hit);
  };
  for (const entry of found) if (!category || entry.categories.includes(category)) add(entry.hit);
  for (const hit of topicLeads ? [...topicHits, ...textHits] : [...textHits, ...topicHits]) add(hit);

  // Per category: the topics' tools plus the text's, less those in both; then tools found only by name.
  const categoryCounts: Record<string, number> = {};
  addCounts(categoryCounts, (filtering ? topicInScope : wholeTopic)?.filters?.[SEARCH_CATEGORY_FILTER]);
  if (genuine) {
    // Without fact filters, the text's counts over every category; with them, those of the filtered results.
    const textCounts = !filtering ? response.totalFilters : (textInScope ?? response).filters;
    addCounts(categoryCounts, textCounts?.[SEARCH_CATEGORY_FILTER]);
    addCounts(categoryCounts, topicAndText?.filters?.[SEARCH_CATEGORY_FILTER], -1);
  }
  const counted = new Set([...topicHits, ...textHits].map((hit) => hit.id));
  for (const entry of found) if (!counted.has(entry.hit.id)) for (const slug of entry.categories) categoryCounts[slug] = (categoryCounts[slug] ?? 0) + 1;

  const topics: SearchTopic[] = [
    ...(namedCategory
      ? [
          {
            kind: 'category' as const,
            slug: namedCategory.slug,
            label: namedCategory.name,
            href: `/categoria/${namedCategory.slug}`,
            count: wholeTopic?.filters?.[SEARCH_CATEGORY_FILTER]?.[namedCategory.slug] ?? 0,
          },
        ]
      : []),
    ...tasks.map((task) => ({
      kind: 'task' as const,
      slug: task.slug,
      label: taskTitle(task),
      href: taskHref(task.slug),
      count: wholeTopic?.filters?.[SEARCH_TASK_FILTER]?.[task.slug] ?? 0,
    })),
  ];
  const suggestions: SearchSuggestions =
    hits.length > 0
      ? { tasks: [], categories: [] }
      : {
          tasks: nearestTasks(query).map((task) => ({ slug: task.slug, label: task.label, href: taskHref(task.slug) })),
          categories: nearestCategories(query, categories),
        };
  return { hits, categoryCounts, topics, suggestions };
}
