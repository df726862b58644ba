/**
 * The header search box's suggestions: a compact file the build writes from the database (tools,
 * categories, tasks) and the matcher the box runs on every keystroke. Pure functions, no DOM, no server code: the
 * build and the browser share them.
 */
import { foldWords } from './name-match.ts';

/** Where the build leaves the suggestions file; under /pagefind/ so it is revalidated after every build. */
export const SUGGESTIONS_PATH = '/pagefind/sugerencias.json';

/** At most this many suggestions show at once, across the groups. */
export const SUGGESTION_LIMIT = 8;

/**
 * The suggestions file. Arrays rather than objects keep it small (1,006 tools weigh about 15 KB compressed); each
 * list is in the order it should be offered when matches are equally good (tools: editorial rank, then popularity).
 */
export interface SuggestionData {
  /** [name, slug, index of its main category in `categories`, or -1]. */
  tools: [name: string, slug: string, category: number][];
  /** [name, slug]. */
  categories: [name: string, slug: string][];
  /** [label, page address]. */
  tasks: [label: string, url: string][];
}

export interface SuggestionSources {
  tools: readonly { name: string; slug: string; categorySlug: string | null }[];
  categories: readonly { name: string; slug: string }[];
  /** A task vocabulary's pages (`/ia-para/{slug}`). */
  tasks: readonly { slug: string; label: string; url: string }[];
}

/** The suggestions file from the database's lists, keeping their order. */
export function buildSuggestions({ tools, categories, tasks }: SuggestionSources): SuggestionData {
  const categoryIndex = new Map(categories.map((category, index) => [category.slug, index]));
  return {
    tools: tools.map((tool) => [tool.name, tool.slug, tool.categorySlug === null ? -1 : (categoryIndex.get(tool.categorySlug) ?? -1)]),
    categories: categories.map((category) => [category.name, category.slug]),
    tasks: tasks.map((task) => [task.label, task.url]),
  };
}

export type SuggestionKind = 'tool' | 'category' | 'task';

export interface Suggestion {
  kind: SuggestionKind;
  label: string;
  /** A tool's category, shown beside its name. */
  detail?: string;
  href: string;
}

export interface SuggestionGroup {
  kind: SuggestionKind;
  label: string;
  items: Suggestion[];
}

const GROUP_LABELS: Record<SuggestionKind, string> = { tool: 'Herramientas', category: 'Categorías', task: 'Tareas' };

/** How many of the limit each group may take before the others have had their share; leftovers go to whoever has more. */
const GROUP_SHARE: Record<SuggestionKind, number> = { tool: 4, category: 2, task: 2 };
const GROUP_ORDER: readonly SuggestionKind[] = ['tool', 'category', 'task'];

/** How a name matched, best first. */
export const SuggestionRank = { Exact: 0, Prefix: 1, WordPrefix: 2, Substring: 3 } as const;
export type SuggestionRank = (typeof SuggestionRank)[keyof typeof SuggestionRank];

const SUBSTRING_MIN = 2;

interface Folded {
  words: string;
  compact: string;
}

const fold = (text: string): Folded => {
  const words = foldWords(text);
  return { words, compact: words.replace(/ /g, '') };
};

/** How `name` matches `query` (both folded), or null: case, accents, spaces and punctuation do not count. */
export function suggestionRank(query: Folded, name: Folded): SuggestionRank | null {
  if (!query.compact) return null;
  if (name.compact === query.compact) return SuggestionRank.Exact;
  if (name.compact.startsWith(query.compact)) return SuggestionRank.Prefix;
  if (` ${name.words}`.includes(` ${query.words}`)) return SuggestionRank.WordPrefix;
  // One letter inside a word matches almost everything: only from two on.
  if (query.compact.length >= SUBSTRING_MIN && (name.words.includes(query.words) || name.compact.includes(query.compact))) return SuggestionRank.Substring;
  return null;
}

interface Entry {
  label: string;
  folded: Folded;
  make: () => Suggestion;
}

/** Folding every name once per file, not per keystroke. */
const prepared = new WeakMap<SuggestionData, Record<SuggestionKind, Entry[]>>();

function entriesOf(data: SuggestionData): Record<SuggestionKind, Entry[]> {
  let entries = prepared.get(data);
  if (!entries) {
    entries = {
      tool: data.tools.map(([name, slug, category]) => ({
        label: name,
        folded: fold(name),
        make: () => ({ kind: 'tool', label: name, detail: data.categories[category]?.[0], href: `/${slug}` }),
      })),
      category: data.categories.map(([name, slug]) => ({
        label: name,
        folded: fold(name),
        make: () => ({ kind: 'category', label: name, href: `/categoria/${slug}` }),
      })),
      task: data.tasks.map(([label, url]) => ({ label, folded: fold(label), make: () => ({ kind: 'task', label, href: url }) })),
    };
    prepared.set(data, entries);
  }
  return entries;
}

/** The entries of one group that match, best first, then in the file's order; at most `limit`. */
function matchGroup(query: Folded, entries: readonly Entry[], limit: number): Suggestion[] {
  const found: { entry: Entry; rank: SuggestionRank; order: number }[] = [];
  entries.forEach((entry, order) => {
    const rank = suggestionRank(query, entry.folded);
    if (rank !== null) found.push({ entry, rank, order });
  });
  return found
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .slice(0, limit)
    .map(({ entry }) => entry.make());
}

/**
 * Suggestions for what the visitor typed, grouped (tools, categories, tasks) and at most `limit` in all: each group
 * first gets its share, then the places left go to the groups with more matches, in that order.
 */
export function matchSuggestions(text: string, data: SuggestionData, limit = SUGGESTION_LIMIT): SuggestionGroup[] {
  const query = fold(text);
  if (!query.compact) return [];
  const entries = entriesOf(data);
  const matched = Object.fromEntries(GROUP_ORDER.map((kind) => [kind, matchGroup(query, entries[kind], limit)])) as Record<SuggestionKind, Suggestion[]>;
  const taken = Object.fromEntries(GROUP_ORDER.map((kind) => [kind, Math.min(GROUP_SHARE[kind], matched[kind].length)])) as Record<SuggestionKind, number>;
  let left = limit - GROUP_ORDER.reduce((sum, kind) => sum + taken[kind], 0);
  for (const kind of GROUP_ORDER) {
    const more = Math.max(0, Math.min(left, matched[kind].length - taken[kind]));
    taken[kind] += more;
    left -= more;
  }
  // A limit below the shares' sum still holds.
  let room = limit;
  return GROUP_ORDER.flatMap((kind) => {
    const items = matched[kind].slice(0, Math.min(taken[kind], room));
    room -= items.length;
    return items.length > 0 ? [{ kind, label: GROUP_LABELS[kind], items }] : [];
  });
}
