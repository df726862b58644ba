/**
 * Matching a query against tool names, in the browser and in the relevance tests: an exact name or a
 * name's start ranks first, a one-letter typo in a name still finds it ('midjorney', 'chatgtp', 'stabel
 * diffusion'), and a full-text hit that is only Pagefind guessing from a word's first letters is told apart
 * from a real match, so gibberish finds nothing. Pure functions, no DOM.
 */
import { foldAccents, roughStem } from '../text.ts';

/**
 * A name as the names file lists it, in editorial order (best known first): title and slug. A changed tool's name
 * (search-changes.ts) also carries the id of its record in the small index, as the records file gives the others'
 * (name-records.ts).
 */
export type NameEntry = readonly [title: string, slug: string, record?: string];

/** Lower case, no accents, letters and digits only, words separated by one space. */
export function foldWords(text: string): string {
  return foldAccents(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const compact = (text: string) => text.replace(/ /g, '');

/** Optimal string alignment distance (one transposition counts as one edit), giving up past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previousPrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, previousPrevious[j - 2]! + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previousPrevious = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** How a name matched, best first. */
export const NameRank = { Exact: 0, Prefix: 1, Word: 2, Typo: 3, TypoPrefix: 4, WordPrefix: 5 } as const;
export type NameRank = (typeof NameRank)[keyof typeof NameRank];

export interface NameMatch {
  slug: string;
  title: string;
  rank: NameRank;
}

/** Typos are only forgiven in queries this long: shorter ones match too many names by accident. */
const TYPO_MIN = 4;
const TYPO_PREFIX_MIN = 5;
const WORD_PREFIX_MIN = 3;

interface Variant {
  words: string;
  compact: string;
}

/** The forms of a name worth matching: as written, and without a parenthesis ("Stable Diffusion (Stability AI)"). */
function variants(title: string): Variant[] {
  const forms = new Set([foldWords(title), foldWords(title.replace(/\(.*?\)/g, ' '))]);
  return [...forms].filter(Boolean).map((words) => ({ words, compact: compact(words) }));
}

const foldedNames = new WeakMap<readonly NameEntry[], Variant[][]>();

/**
 * Each name's forms, folded once per names file: folding every name again took most of a keystroke's matching
 * (6 ms at 1,006 tools, 60 ms at 10,000 in Node; more in a busy browser).
 */
function variantsOf(names: readonly NameEntry[]): Variant[][] {
  let folded = foldedNames.get(names);
  if (!folded) {
    folded = names.map(([title]) => variants(title));
    foldedNames.set(names, folded);
  }
  return folded;
}

function rankOf(query: Variant, name: Variant): NameRank | null {
  if (name.compact === query.compact) return NameRank.Exact;
  if (name.compact.startsWith(query.compact)) return NameRank.Prefix;
  if (` ${name.words} `.includes(` ${query.words} `)) return NameRank.Word;
  const length = query.compact.length;
  if (length >= TYPO_MIN && editDistance(query.compact, name.compact, 1) <= 1) return NameRank.Typo;
  if (length >= TYPO_PREFIX_MIN && name.compact.length > length + 1) {
    for (const cut of [length - 1, length, length + 1]) {
      if (editDistance(query.compact, name.compact.slice(0, cut), 1) <= 1) return NameRank.TypoPrefix;
    }
  }
  if (query.words.length >= WORD_PREFIX_MIN && ` ${name.words}`.includes(` ${query.words}`)) return NameRank.WordPrefix;
  return null;
}

/** Tools whose name matches the query, best match first, then in the file's (editorial) order. */
export function matchNames(query: string, names: readonly NameEntry[], limit = 6): NameMatch[] {
  const words = foldWords(query);
  if (!words) return [];
  const asked: Variant = { words, compact: compact(words) };
  const matches: (NameMatch & { order: number })[] = [];
  const folded = variantsOf(names);
  names.forEach(([title, slug], order) => {
    let best: NameRank | null = null;
    for (const name of folded[order] ?? []) {
      const rank = rankOf(asked, name);
      if (rank !== null && (best === null || rank < best)) best = rank;
    }
    if (best !== null) matches.push({ slug, title, rank: best, order });
  });
  // A name typed right needs no guessing: typos only count when nothing matched as written.
  const asWritten = matches.some((match) => match.rank <= NameRank.Word);
  return matches
    .filter((match) => !asWritten || (match.rank !== NameRank.Typo && match.rank !== NameRank.TypoPrefix))
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .slice(0, limit)
    .map(({ slug, title, rank }) => ({ slug, title, rank }));
}

/**
 * Whether a word Pagefind matched could really be what the query term asked for. Pagefind stems Spanish
 * ('generador' finds 'generación', 'imagenes' finds 'imagen') and completes the last word ('transcrip'), but when
 * a term matches nothing it falls back to words that share only its first letters ('pizza' finds 'Pi',
 * 'chatgtp' finds 'chat', 'deepsek' finds 'DeepDream'); those are not matches.
 */
export function isPlausibleMatch(term: string, word: string): boolean {
  const t = compact(foldWords(term));
  const w = compact(foldWords(word));
  if (!t || !w) return false;
  if (w.startsWith(t)) return true;
  const stem = roughStem(t);
  if (stem.length < 4) return false;
  // The query's stem completed into a longer word ('logos' finds 'logotipos', 'generador' finds 'generados').
  if (w.startsWith(stem)) return true;
  // Or two forms of one word ('programación' and 'programa' share 'program').
  const other = roughStem(w);
  const [shorter, longer] = [stem, other].sort((a, b) => a.length - b.length) as [string, string];
  return shorter.length >= 4 && longer.startsWith(shorter) && longer.length - shorter.length <= 2;
}

/** Query terms worth checking: two letters or fewer ('de', 'ia') say too little to judge. */
export function checkableTerms(query: string): string[] {
  return foldWords(query)
    .split(' ')
    .filter((term) => term.length > 2);
}
