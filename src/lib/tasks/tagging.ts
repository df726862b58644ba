/**
 * Use-case tags: which tasks of the vocabulary a tool serves, derived by one deterministic rule from its
 * categories, its keywords and its own texts, and how relevant each tagged tool is to a task, blended with how well
 * known it is. The seed tags the catalogue with it, the publish form proposes it, and the search index and the
 * «IA para…» pages order tools with it. Pure functions.
 */
import { TASKS, phraseTerms, taskTerms, termKey, type Task } from './vocabulary.ts';

export interface TaggableTool {
  /** Category slugs, primary first. */
  categories: readonly string[];
  keywords: readonly string[] | null;
  title: string;
  description: string;
  /** The article body (HTML); its «Alternativas» section speaks of other tools and is left out. */
  content?: string | null;
}

const fold = (text: string) => taskTerms(text, new Set(['sin', 'web', 'app', 'apps', 'aplicacion']));

/** The article's own text: tags stripped, and nothing from the heading that introduces other tools onwards. */
function ownArticleText(html: string): string {
  const alternatives = html.search(/<h[1-6][^>]*>\s*Alternativas/i);
  return (alternatives >= 0 ? html.slice(0, alternatives) : html).replace(/<[^>]+>/g, ' ');
}

/** Word positions by term family, for finding phrases in a text. */
function indexTerms(text: string): Map<string, number[]> {
  const positions = new Map<string, number[]>();
  fold(text).forEach((word, position) => {
    const key = termKey(word);
    const list = positions.get(key);
    if (list) list.push(position);
    else positions.set(key, [position]);
  });
  return positions;
}

/** Whether the indexed text holds the phrase's terms one after another. */
function holdsPhrase(text: Map<string, number[]>, terms: readonly string[]): boolean {
  const [first, ...rest] = terms.map(termKey);
  return (text.get(first!) ?? []).some((start) => rest.every((key, offset) => text.get(key)?.includes(start + offset + 1)));
}

/** A task's phrases as their terms: all of them, and those of two words or more. */
interface TaskPhrases {
  anyLength: (readonly string[])[];
  twoWordsOrMore: (readonly string[])[];
}

const phrasesByTask = new WeakMap<Task, TaskPhrases>();

function phrasesOf(task: Task): TaskPhrases {
  let phrases = phrasesByTask.get(task);
  if (!phrases) {
    const anyLength = task.phrases.map(phraseTerms).filter((terms) => terms.length > 0);
    phrases = { anyLength, twoWordsOrMore: anyLength.filter((terms) => terms.length >= 2) };
    phrasesByTask.set(task, phrases);
  }
  return phrases;
}

const foldedKeywords = (tool: Pick<TaggableTool, 'keywords'>) => new Set((tool.keywords ?? []).map((keyword) => keyword.toLocaleLowerCase('es')));

function hasKeyword(task: Task, keywords: ReadonlySet<string>): boolean {
  return task.keywords.some((keyword) => keywords.has(keyword.toLocaleLowerCase('es')));
}

/**
 * The tasks a tool serves, in the vocabulary's order: every task of one of its categories, every task one of its
 * keywords names, and every task one of whose phrases its name, description or article says: of two words or more,
 * since a single word in a text says too little ('código' in «sin código»).
 */
export function deriveUseCases(tool: TaggableTool, tasks: readonly Task[] = TASKS): string[] {
  const keywords = foldedKeywords(tool);
  const text = indexTerms([tool.title, tool.description, ownArticleText(tool.content ?? '')].join(' \n '));
  return tasks
    .filter(
      (task) =>
        task.categories.some((category) => tool.categories.includes(category)) ||
        hasKeyword(task, keywords) ||
        phrasesOf(task).twoWordsOrMore.some((terms) => holdsPhrase(text, terms)),
    )
    .map((task) => task.slug);
}

/**
 * How closely a tagged tool fits a task, 0 to 5.5: its primary category is the task's home or one of its categories
 * (1.5), or another of its categories is (1); one of its keywords names it (2); its description says it (1); its
 * name does (1: 'AI Logo Generator' for logos). A tag that only its article or an editor gave scores 0: it still
 * belongs, after the closer fits.
 */
export function taskRelevance(task: Task, tool: TaggableTool): number {
  return relevance(task, relevanceTexts(tool));
}

/** What taskRelevance reads of a tool, prepared once for every task a ranking scores it for. */
interface RelevanceTexts {
  categories: readonly string[];
  keywords: ReadonlySet<string>;
  title: Map<string, number[]>;
  description: Map<string, number[]>;
}

const relevanceTexts = (tool: TaggableTool): RelevanceTexts => ({
  categories: tool.categories,
  keywords: foldedKeywords(tool),
  title: indexTerms(tool.title),
  description: indexTerms(tool.description),
});

function relevance(task: Task, tool: RelevanceTexts): number {
  const [primary, ...others] = tool.categories;
  let score = 0;
  if (primary !== undefined && (primary === task.home || task.categories.includes(primary))) score += 1.5;
  else if (others.some((category) => task.categories.includes(category))) score += 1;
  if (hasKeyword(task, tool.keywords)) score += 2;
  // Single words too: a tool's own name or description saying one counts.
  const says = (indexed: Map<string, number[]>) => phrasesOf(task).anyLength.some((terms) => holdsPhrase(indexed, terms));
  if (says(tool.description)) score += 1;
  if (says(tool.title)) score += 1;
  return score;
}

export interface RankableTool extends TaggableTool {
  slug: string;
  title: string;
  useCases: readonly string[] | null;
  /** Lower is better known (the seed's editorial order); null for the rest. */
  editorialRank: number | null;
  /** The 30-day popularity score ('Populares'). */
  popularityScore: number;
  isFeatured: boolean;
  isPopular: boolean;
}

/**
 * How well known a tool is, 0 to 3.7: the editorial rank (up to 2.5), the 30-day popularity (up to 1), the editorial
 * flags. Weighed so that a famous tool made for a task (keyword) passes an unknown one whose category is also the
 * task's, while a famous generalist whose article merely mentions the task stays behind both.
 */
export function prominence(tool: RankableTool, topPopularity: number): number {
  const known = tool.editorialRank === null ? 0 : Math.max(0, 1 - (tool.editorialRank - 1) / 250);
  const popular = topPopularity > 0 ? tool.popularityScore / topPopularity : 0;
  return known * 2.5 + popular + (tool.isFeatured ? 0.1 : 0) + (tool.isPopular ? 0.1 : 0);
}

/**
 * The tools tagged with a task, best first: relevance blended with prominence, so that a well-known tool that fits
 * leads, and a famous generalist tagged only by its article comes after the tools made for the task.
 */
export function rankForTask<T extends RankableTool>(task: Task, tools: readonly T[]): T[] {
  return rankForTasks([task], tools).get(task.slug)!;
}

/** A tool with the score that ranks it. */
export interface Scored<T> {
  tool: T;
  score: number;
}

/**
 * rankForTask for each of `tasks`, by slug. Each tool is looked at once, and its texts prepared once: task by task,
 * ranking the search index's 76 tasks took 4 s at 50,000 tools.
 */
export function rankForTasks<T extends RankableTool>(tasks: readonly Task[], tools: readonly T[]): Map<string, T[]> {
  return new Map([...scoreForTasks(tasks, tools)].map(([slug, scored]) => [slug, scored.map((entry) => entry.tool)]));
}

/**
 * rankForTasks with each tool's score. `topPopularity`: the popularity prominence is measured against, the top of
 * `tools` unless a ranking made before sets it (a few changed tools scored to find their place in it).
 */
export function scoreForTasks<T extends RankableTool>(
  tasks: readonly Task[],
  tools: readonly T[],
  topPopularity = topPopularityOf(tools),
): Map<string, Scored<T>[]> {
  const tagged = new Map(tasks.map((task) => [task.slug, [] as T[]]));
  for (const tool of tools) for (const slug of new Set(tool.useCases ?? [])) tagged.get(slug)?.push(tool);
  const texts = new Map<T, RelevanceTexts>();
  const textsOf = (tool: T) => texts.get(tool) ?? texts.set(tool, relevanceTexts(tool)).get(tool)!;
  return new Map(tasks.map((task) => [task.slug, byScore(tagged.get(task.slug)!, (tool) => relevance(task, textsOf(tool)) + prominence(tool, topPopularity))]));
}

/** Every tool in order of prominence alone (a category's results in the search). */
export function rankByProminence<T extends RankableTool>(tools: readonly T[]): T[] {
  return scoreByProminence(tools).map((entry) => entry.tool);
}

/** rankByProminence with each tool's score; `topPopularity` as in scoreForTasks. */
export function scoreByProminence<T extends RankableTool>(tools: readonly T[], topPopularity = topPopularityOf(tools)): Scored<T>[] {
  return byScore(tools, (tool) => prominence(tool, topPopularity));
}

/**
 * The highest 30-day popularity among `tools`, which prominence measures each against. A loop rather than
 * Math.max(...scores): 50,000 arguments are slow to spread, and too many overflow the stack.
 */
export const topPopularityOf = (tools: readonly Pick<RankableTool, 'popularityScore'>[]) => tools.reduce((top, tool) => Math.max(top, tool.popularityScore), 0);

/** Highest score first, then by name. */
function byScore<T extends RankableTool>(tools: readonly T[], score: (tool: T) => number): Scored<T>[] {
  return tools.map((tool) => ({ tool, score: score(tool) })).sort((a, b) => b.score - a.score || a.tool.title.localeCompare(b.tool.title, 'es'));
}
