/**
 * One search: tool names first (exact, then a name's start, then one-letter typos); then the
 * tasks and the category the query asks for (src/lib/tasks/vocabulary.ts), each in its own ranking — relevance
 * blended with the editorial rank and the 30-day popularity, computed when the index was built; then Pagefind's
 * full-text results in its own order, without duplicates, and nothing when Pagefind was only guessing. A query
 * that only partly names a task ('quitar fondo de una foto' names one; 'blimey imagenes' does not) still finds the
 * task, after the text matches when those explain more of it. Used by the search page and the relevance tests.
 */
import {
  matchCategory,
  matchTasks,
  nearestCategories,
  nearestTasks,
  taskHref,
  taskTerms,
  taskTitle,
  type CategoryName,
  type Task,
} from '../../lib/tasks/vocabulary.ts';
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
  topics: SearchTopic[];
  suggestions: SearchSuggestions;
  /**
   * Results per category for this query, whatever category is chosen (for the filter's counts). Asked for once the
   * results are on screen: they need the text searched again within the topics, as costly as the results' own
   * search on a common word, and Pagefind answers one search at a time.
   */
  countCategories(): Promise<Record<string, number>>;
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
      // This search's own matched words: data().locations may have been rewritten meanwhile by another search.
      if (result.words.length === 0) return false;
      const content = (await result.data()).content.split(/\s+/);
      const matched = result.words.map((location) => content[location] ?? '');
      return terms.every((term) => matched.some((word) => isPlausibleMatch(term, word)));
    }),
  );
  return judged.some(Boolean);
}

const categoriesOf = (meta: Record<string, string>): string[] => (meta.categorias ?? '').split(' ').filter(Boolean);

/** The Pagefind record of one tool, found by the unique word its record carries, if it passes `filters`. */
async function findTool(pagefind: Pagefind, slug: string, filters: PagefindFilters = {}): Promise<{ hit: PagefindResult; categories: string[] } | null> {
  const { results } = await pagefind.search(searchToken(slug), { filters });
  // The word also starts longer slugs' words (midjourney, midjourney-sref): the candidates are read side by side.
  const candidates = results.slice(0, 5);
  const records = await Promise.all(candidates.map((hit) => hit.data()));
  const index = records.findIndex((data) => data.url.endsWith(`/${slug}`));
  const hit = candidates[index];
  const data = records[index];
  return hit && data ? { hit, categories: categoriesOf(data.meta) } : null;
}

/** The tool a query asks alternatives to ('alternativas a Notion' -> 'Notion'), if it asks for alternatives. */
export function alternativeTo(query: string): string | undefined {
  const match = /^\s*alternativas?\s+(?:a|de|para)\s+(.+)$/i.exec(query);
  return match?.[1]?.trim() || undefined;
}

interface ExcludedTool {
  id: string;
  categories: string[];
}

/**
 * The tool `name` names (its index id and categories), to leave out of its own alternatives: the best name match, as
 * the search box offers it, since people write 'Notion' for «Notion AI», 'Leonardo' for «Leonardo.Ai», or a typo.
 * A name only some word of it starts with is too loose to stand for one tool.
 */
async function excludedTool(pagefind: Pagefind, names: readonly NameEntry[], name: string): Promise<ExcludedTool | undefined> {
  const [best] = matchNames(name, names, 1).filter((match) => match.rank < NameRank.WordPrefix);
  const tool = best ? await findTool(pagefind, best.slug) : null;
  return tool ? { id: tool.hit.id, categories: tool.categories } : undefined;
}

/** The category the query names or, when it asks for alternatives to a tool, that tool's primary category. */
async function namedCategoryOf(
  query: string,
  categories: readonly CategoryName[],
  excluded: Promise<ExcludedTool | undefined>,
): Promise<CategoryName | undefined> {
  const named = matchCategory(query, categories);
  if (named) return named;
  // Alternatives to a tool are, first of all, the best-known tools of its primary category.
  const tool = await excluded;
  return categories.find((entry) => entry.slug === tool?.categories[0]);
}

/** Every chosen fact filter must hold (a list of values in one Pagefind filter means all of them). */
const factScope = (facts: readonly string[]): PagefindFilters => ({ [SEARCH_FACT_FILTER]: [...facts] });

/** The filter of one category, if one is chosen, and the fact filters, applied on top of another filter. */
function withinScope(filters: PagefindFilters, category: string, facts: readonly string[]): PagefindFilters {
  const scope: PagefindFilters[] = [...(category ? [{ [SEARCH_CATEGORY_FILTER]: category }] : []), ...(facts.length > 0 ? [factScope(facts)] : [])];
  return scope.length > 0 ? { all: [filters, ...scope] } : filters;
}

/** The tasks and the category a query names, each with its tools in its own ranking, and their counts. */
interface TopicResults {
  namedCategory: CategoryName | undefined;
  rankings: PagefindResponse[];
  /** Any of these topics, when there are some. */
  scope?: PagefindFilters;
  /** Every tool of any of these topics, in the whole catalogue. */
  whole?: PagefindResponse;
}

async function searchTopics(
  pagefind: Pagefind,
  tasks: readonly Task[],
  namedCategory: CategoryName | undefined,
  category: string,
  facts: readonly string[],
): Promise<TopicResults> {
  const topicFilters: PagefindFilters[] = [
    ...tasks.map((task) => ({ [SEARCH_TASK_FILTER]: task.slug })),
    ...(namedCategory ? [{ [SEARCH_CATEGORY_FILTER]: namedCategory.slug }] : []),
  ];
  if (topicFilters.length === 0) return { namedCategory, rankings: [] };
  const rankings = [
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
  const scope: PagefindFilters = { any: topicFilters };
  const [responses, whole] = await Promise.all([Promise.all(rankings), pagefind.search(null, { filters: scope })]);
  return { namedCategory, rankings: responses, scope, whole };
}

function addCounts(into: Record<string, number>, counts: Record<string, number> | undefined, sign = 1): void {
  for (const [slug, count] of Object.entries(counts ?? {})) into[slug] = (into[slug] ?? 0) + sign * count;
}

/** What a search found, as the category counts need it. */
interface CountedSearch {
  query: string;
  category: string;
  facts: readonly string[];
  topic: TopicResults;
  /** The text search within the chosen category and fact filters, and whether it is a genuine match. */
  text: PagefindResponse;
  genuine: boolean;
  /** Tools found by name, with their categories; counted unless the topics or the text found them too. */
  named: readonly { hit: PagefindResult; categories: string[] }[];
  counted: ReadonlySet<string>;
}

/** Per category: the topics' tools plus the text's, less those in both; then tools found only by name. */
async function countCategories(
  pagefind: Pagefind,
  { query, category, facts, topic, text, genuine, named, counted }: CountedSearch,
): Promise<Record<string, number>> {
  const filtering = facts.length > 0;
  const { scope } = topic;
  const [inScope, textInScope, withText] = await Promise.all([
    filtering && scope ? pagefind.search(null, { filters: withinScope(scope, '', facts) }) : topic.whole,
    // The category filter's counts follow the fact filters, whatever category is chosen.
    genuine && filtering && category ? pagefind.search(query, { filters: { [SEARCH_CATEGORY_FILTER]: [], ...factScope(facts) } }) : undefined,
    genuine && scope ? pagefind.search(query, { filters: withinScope(scope, '', facts) }) : undefined,
  ]);
  const counts: Record<string, number> = {};
  addCounts(counts, inScope?.filters?.[SEARCH_CATEGORY_FILTER]);
  if (genuine) {
    // Without fact filters, the text's counts over every category; with them, those of the filtered results.
    const textCounts = !filtering ? text.totalFilters : (textInScope ?? text).filters;
    addCounts(counts, textCounts?.[SEARCH_CATEGORY_FILTER]);
    addCounts(counts, withText?.filters?.[SEARCH_CATEGORY_FILTER], -1);
  }
  for (const entry of named) if (!counted.has(entry.hit.id)) for (const slug of entry.categories) counts[slug] = (counts[slug] ?? 0) + 1;
  return counts;
}

export async function searchTools(
  pagefind: Pagefind,
  names: readonly NameEntry[],
  query: string,
  category: string,
  /** The categories a query may name; a query asking for alternatives to a tool finds them through its primary one. */
  categories: readonly CategoryName[],
  /** Fact filters (gratis, en-espanol…) every result must pass. */
  facts: readonly string[] = [],
): Promise<SearchOutcome> {
  // Every search that needs no other's answer starts at once, those used only for a genuine text match included:
  // each new word or filter loads index files, and one after another they added up.
  // An empty list, not an absent key: Pagefind then still counts every category value (totalFilters).
  const textSearch = pagefind.search(query, { filters: { [SEARCH_CATEGORY_FILTER]: category ? [category] : [], ...factScope(facts) } });
  // «alternativa a chatgpt» asks for the others: the tool it names is left out of the results.
  const replaced = alternativeTo(query);
  const excludedSearch = replaced ? excludedTool(pagefind, names, replaced) : Promise.resolve(undefined);
  const nameSearches = replaced ? [] : matchNames(query, names).map((match) => findTool(pagefind, match.slug, factScope(facts)));
  const taskMatches = matchTasks(query);
  const tasks = taskMatches.map((match) => match.task);
  const [response, genuine, excluded, named, topic] = await Promise.all([
    textSearch,
    textSearch.then((text) => isGenuineMatch(text, query)),
    excludedSearch,
    Promise.all(nameSearches),
    namedCategoryOf(query, categories, excludedSearch).then((namedCategory) => searchTopics(pagefind, tasks, namedCategory, category, facts)),
  ]);
  const found = named.filter((entry) => entry !== null);
  const { namedCategory } = topic;

  const topicHits = topic.rankings.flatMap((ranking) => ranking.results);
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

  const counted = new Set([...topicHits, ...textHits].map((hit) => hit.id));
  let counting: Promise<Record<string, number>> | undefined;
  const counter: CountedSearch = { query, category, facts, topic, text: response, genuine, named: found, counted };

  const topics: SearchTopic[] = [
    ...(namedCategory
      ? [
          {
            kind: 'category' as const,
            slug: namedCategory.slug,
            label: namedCategory.name,
            href: `/categoria/${namedCategory.slug}`,
            count: topic.whole?.filters?.[SEARCH_CATEGORY_FILTER]?.[namedCategory.slug] ?? 0,
          },
        ]
      : []),
    ...tasks.map((task) => ({
      kind: 'task' as const,
      slug: task.slug,
      label: taskTitle(task),
      href: taskHref(task.slug),
      count: topic.whole?.filters?.[SEARCH_TASK_FILTER]?.[task.slug] ?? 0,
    })),
  ];
  const suggestions: SearchSuggestions =
    hits.length > 0
      ? { tasks: [], categories: [] }
      : {
          tasks: nearestTasks(query).map((task) => ({ slug: task.slug, label: task.label, href: taskHref(task.slug) })),
          categories: nearestCategories(query, categories),
        };
  return { hits, topics, suggestions, countCategories: () => (counting ??= countCategories(pagefind, counter)) };
}
