/**
 * «Alternativas a {herramienta}»: which live tools do the same job as a tool, in what order, and one
 * honest line on how each differs. Everything comes from what the catalogue stores (use-case tasks, categories,
 * pricing model, checked facts, editorial rank): nothing is guessed. Pure: the page, the sitemap and the tests
 * share it.
 */
import { pricingLabel, type PricingModel } from './pricing.ts';
import { TASKS, type Task } from './tasks/vocabulary.ts';
import { formatPriceFrom, matchesFactFilter, type FactFilter, type ToolFacts } from './tool-facts.ts';

/** A page with fewer good alternatives than this would be thin: it is not built. */
export const MIN_ALTERNATIVES = 3;
/** The page shows at most this many (6 to 12 cards when the catalogue has them). */
export const MAX_ALTERNATIVES = 12;

/** What the ranking and the difference lines read of a tool. */
export interface AlternativeSubject {
  id: string;
  slug: string;
  title: string;
  /** Active category slugs, primary first. */
  categorySlugs: string[];
  useCases: string[] | null;
  pricing: PricingModel;
  facts: Pick<ToolFacts, 'freePlan' | 'priceFrom' | 'spanishInterface' | 'spanishOutput' | 'platforms' | 'openSource'>;
  editorialRank: number | null;
  discontinued: boolean;
}

/**
 * How much sharing counts. A shared task weighs 3 and counts up to 5 times, so a tool tagged with every task cannot
 * outrank one made for the same thing; a shared category weighs 4 and sharing the primary one 3 more, because a
 * category is the catalogue's broadest statement of what a tool is. Closeness (price and facts) only orders tools
 * that share the same amount, and the editorial rank orders what is still tied.
 */
export const ALTERNATIVE_WEIGHTS = { task: 3, maxTasks: 5, category: 4, primaryCategory: 3 } as const;

const sharedOf = (a: readonly string[] | null, b: readonly string[] | null): string[] => {
  const other = new Set(b ?? []);
  return (a ?? []).filter((item) => other.has(item));
};

/** sharedOf(a, b).length without building either list: a ranking counts it for thousands of pairs. */
const sharedCount = (a: readonly string[] | null, b: readonly string[] | null): number => {
  let count = 0;
  for (const item of a ?? []) if (b?.includes(item)) count++;
  return count;
};

/** How much two tools share: tasks and categories, with the weights above; 0 means not an alternative. */
export function sharingScore(tool: AlternativeSubject, other: AlternativeSubject): number {
  const tasks = Math.min(sharedCount(tool.useCases, other.useCases), ALTERNATIVE_WEIGHTS.maxTasks);
  const categories = sharedCount(tool.categorySlugs, other.categorySlugs);
  const samePrimary = tool.categorySlugs[0] !== undefined && tool.categorySlugs[0] === other.categorySlugs[0];
  return tasks * ALTERNATIVE_WEIGHTS.task + categories * ALTERNATIVE_WEIGHTS.category + (samePrimary ? ALTERNATIVE_WEIGHTS.primaryCategory : 0);
}

const CLOSENESS_FILTERS: readonly FactFilter[] = ['gratis', 'en-espanol', 'con-api', 'codigo-abierto'];

/** The closeness filters a tool matches, one bit each. */
function closenessBits(tool: AlternativeSubject): number {
  const subject = { ...tool.facts, pricing: tool.pricing };
  return CLOSENESS_FILTERS.reduce((bits, filter, bit) => (matchesFactFilter(filter, subject) ? bits | (1 << bit) : bits), 0);
}

/** closenessScore with each tool's closenessBits already known. */
function closenessOf(tool: AlternativeSubject, toolBits: number, other: AlternativeSubject, otherBits: number): number {
  return (tool.pricing !== 'unknown' && tool.pricing === other.pricing ? 1 : 0) + bitCount(toolBits & otherBits);
}

/** How alike two tools are on price and facts: the same pricing model, then each fact filter both match. */
export function closenessScore(tool: AlternativeSubject, other: AlternativeSubject): number {
  return closenessOf(tool, closenessBits(tool), other, closenessBits(other));
}

/**
 * Where the verified rating will join the ranking once reviews exist: a bonus added to the
 * closeness score. There is no rating yet, and none is invented: every tool gets 0.
 */
export function ratingBonus(_tool: AlternativeSubject): number {
  return 0;
}

/** A good alternative: live, not the tool itself, sharing at least one task or category. */
export function isGoodAlternative(tool: AlternativeSubject, other: AlternativeSubject): boolean {
  return other.id !== tool.id && !other.discontinued && sharingScore(tool, other) > 0;
}

const spanish = new Intl.Collator('es');

/**
 * Adds `item` to `best`, kept in `order` and at most `limit` long, after the items it ties with (as a stable sort
 * would): a tool is ranked against thousands of others and shows twelve, so nothing sorts them all.
 */
function keepBest<T>(best: T[], item: T, limit: number, order: (a: T, b: T) => number): void {
  if (best.length === limit && order(item, best[limit - 1]!) >= 0) return;
  let at = best.length;
  while (at > 0 && order(item, best[at - 1]!) < 0) at--;
  best.splice(at, 0, item);
  if (best.length > limit) best.pop();
}

/** The tool's alternatives, best first: sharing, then closeness (and rating), then editorial rank, then title. */
export function rankAlternatives<T extends AlternativeSubject>(tool: AlternativeSubject, candidates: readonly T[], limit = MAX_ALTERNATIVES): T[] {
  type Entry = { other: T; sharing: number; closeness: number };
  const order = (a: Entry, b: Entry) =>
    b.sharing - a.sharing ||
    b.closeness - a.closeness ||
    (a.other.editorialRank ?? Infinity) - (b.other.editorialRank ?? Infinity) ||
    spanish.compare(a.other.title, b.other.title);
  const toolBits = closenessBits(tool);
  const best: Entry[] = [];
  for (const other of candidates) {
    if (other.id === tool.id || other.discontinued) continue;
    const sharing = sharingScore(tool, other);
    // Not a good alternative (isGoodAlternative) when it shares nothing.
    if (sharing === 0) continue;
    keepBest(best, { other, sharing, closeness: closenessOf(tool, toolBits, other, closenessBits(other)) + ratingBonus(other) }, limit, order);
  }
  return best.map((entry) => entry.other);
}

/**
 * rankAlternatives for every tool of the catalogue at once, with the same answers (a test compares them): the tools
 * that get a page, by id, each with its ranked alternatives. Ranking each tool against all others is quadratic (at
 * 10,000 tools about 40 ms a tool, seven minutes of a build; at 50,000 three hours), so each tool here only meets
 * the tools that share a task or a category with it, through an index of both, and the scores become integers read
 * from precomputed tables: the sharing counts, a bit per closeness filter, the title's place in Spanish order.
 * Only the first `subjects` tools are ranked (the pages a build prerenders, docs/decisions/015); every tool is still
 * met as an alternative.
 */
export function rankAllAlternatives<T extends AlternativeSubject>(
  candidates: readonly T[],
  limit = MAX_ALTERNATIVES,
  subjects = candidates.length,
): Map<string, T[]> {
  const byTask = new Map<string, number[]>();
  const byCategory = new Map<string, number[]>();
  const index = (map: Map<string, number[]>, keys: readonly string[] | null, position: number) => {
    // Once per distinct key, as sharedOf counts a shared item once however often the other tool lists it.
    for (const key of new Set(keys ?? [])) {
      const list = map.get(key);
      if (list) list.push(position);
      else map.set(key, [position]);
    }
  };
  const closeness = candidates.map(closenessBits);
  const titleOrder = candidates.map((_, position) => position).sort((a, b) => spanish.compare(candidates[a]!.title, candidates[b]!.title));
  const titleRank = new Int32Array(candidates.length);
  titleOrder.forEach((position, rank) => (titleRank[position] = rank));
  candidates.forEach((tool, position) => {
    if (tool.discontinued) return;
    index(byTask, tool.useCases, position);
    index(byCategory, tool.categorySlugs, position);
  });

  const tasks = new Int32Array(candidates.length);
  const categories = new Int32Array(candidates.length);
  // Scores against the tool being ranked, by index: written for the tools it meets, read by the order below.
  const sharing = new Int32Array(candidates.length);
  const nearness = new Float64Array(candidates.length);
  const ranked = new Map<string, T[]>();
  candidates.slice(0, subjects).forEach((tool, position) => {
    if (tool.discontinued) return;
    const met: number[] = [];
    const meet = (counts: Int32Array, lists: Map<string, number[]>, keys: readonly string[] | null) => {
      for (const key of keys ?? []) {
        for (const other of lists.get(key) ?? []) {
          if (tasks[other] === 0 && categories[other] === 0) met.push(other);
          counts[other]!++;
        }
      }
    };
    meet(tasks, byTask, tool.useCases);
    meet(categories, byCategory, tool.categorySlugs);
    const primary = tool.categorySlugs[0];
    for (const other of met) {
      const peer = candidates[other]!;
      sharing[other] =
        Math.min(tasks[other]!, ALTERNATIVE_WEIGHTS.maxTasks) * ALTERNATIVE_WEIGHTS.task +
        categories[other]! * ALTERNATIVE_WEIGHTS.category +
        (primary !== undefined && primary === peer.categorySlugs[0] ? ALTERNATIVE_WEIGHTS.primaryCategory : 0);
      nearness[other] = closenessOf(tool, closeness[position]!, peer, closeness[other]!) + ratingBonus(peer);
    }
    // rankAlternatives's order, on indices: negative when `a` goes first.
    const order = (a: number, b: number) =>
      sharing[b]! - sharing[a]! ||
      nearness[b]! - nearness[a]! ||
      (candidates[a]!.editorialRank ?? Infinity) - (candidates[b]!.editorialRank ?? Infinity) ||
      titleRank[a]! - titleRank[b]!;
    const best: number[] = [];
    let good = 0;
    for (const other of met) {
      if (candidates[other]!.id === tool.id) continue;
      good++;
      keepBest(best, other, limit, order);
    }
    for (const other of met) tasks[other] = categories[other] = 0;
    if (good >= MIN_ALTERNATIVES)
      ranked.set(
        tool.id,
        best.map((other) => candidates[other]!),
      );
  });
  return ranked;
}

function bitCount(bits: number): number {
  let count = 0;
  for (let rest = bits; rest !== 0; rest &= rest - 1) count++;
  return count;
}

/** Whether the tool gets an alternatives page: live, with at least MIN_ALTERNATIVES good alternatives. */
export function hasAlternativesPage(tool: AlternativeSubject, candidates: readonly AlternativeSubject[]): boolean {
  if (tool.discontinued) return false;
  let found = 0;
  for (const other of candidates) if (isGoodAlternative(tool, other) && ++found >= MIN_ALTERNATIVES) return true;
  return false;
}

/**
 * One tool's entry of rankAllAlternatives: its ranked alternatives, or undefined when it gets no page. For the
 * incremental rebuild, which renders the pages of the few tools that changed and must not rank the whole catalogue
 * to do it (at 50,000 tools that is minutes; one tool against all is a fraction of a second).
 */
export function alternativesPageOf<T extends AlternativeSubject>(
  tool: AlternativeSubject,
  candidates: readonly T[],
  limit = MAX_ALTERNATIVES,
): T[] | undefined {
  return hasAlternativesPage(tool, candidates) ? rankAlternatives(tool, candidates, limit) : undefined;
}

export function alternativesHref(slug: string): string {
  return `/alternativas/${slug}`;
}

/** «Hacer presentaciones» → «hacer presentaciones», for the middle of a sentence (acronyms such as «SEO» stay). */
export function lowerFirst(text: string): string {
  return /^.[A-ZÁÉÍÓÚÑ]/u.test(text) ? text : text.charAt(0).toLocaleLowerCase('es-ES') + text.slice(1);
}

// «Chatear con una IA» is stored as alternativas-a-chatgpt: a fine shared task, but no sentence for a card.
const describable = (task: Task) => !task.slug.startsWith('alternativas-a-');

function tasksIn(slugs: readonly string[], tasks: readonly Task[]): Task[] {
  const wanted = new Set(slugs);
  return tasks.filter((task) => wanted.has(task.slug) && describable(task));
}

/** The facts a card can state about a tool, in the order a Spanish speaker asks them. */
function factTags(tool: AlternativeSubject): { key: string; text: string }[] {
  const tags: { key: string; text: string }[] = [];
  const subject = { ...tool.facts, pricing: tool.pricing };
  if (tool.pricing === 'free') tags.push({ key: 'gratis', text: 'Gratis' });
  else if (tool.facts.freePlan === 'yes' || tool.pricing === 'freemium') tags.push({ key: 'plan-gratuito', text: 'Con plan gratuito' });
  else if (tool.facts.freePlan === 'trial') tags.push({ key: 'prueba', text: 'Prueba gratuita' });
  else if (tool.pricing === 'paid') tags.push({ key: 'de-pago', text: pricingLabel.paid });
  if (matchesFactFilter('en-espanol', subject)) tags.push({ key: 'en-espanol', text: 'En español' });
  if (matchesFactFilter('codigo-abierto', subject)) tags.push({ key: 'codigo-abierto', text: 'Código abierto' });
  if (matchesFactFilter('con-api', subject)) tags.push({ key: 'con-api', text: 'Con API' });
  return tags;
}

const priceOf = (tool: AlternativeSubject) => (tool.facts.priceFrom ? formatPriceFrom(tool.facts.priceFrom) : null);

/**
 * One line on how `other` differs from `tool`, from known facts only: what it has that the tool lacks («Gratis»,
 * «En español», «Código abierto», «Con API», «De pago»), its price when that differs («Desde 20 €/mes») and a task
 * it serves that the tool does not («También sirve para hacer presentaciones»). With no known difference it says
 * what the two share, so the line never claims more than the catalogue knows.
 */
export function differenceLine(tool: AlternativeSubject, other: AlternativeSubject, tasks: readonly Task[] = TASKS): string {
  const own = new Set(factTags(tool).map((tag) => tag.key));
  const parts = factTags(other)
    .filter((tag) => !own.has(tag.key))
    .map((tag) => tag.text);
  const price = priceOf(other);
  if (price && price !== priceOf(tool)) parts.push(price);
  const extra = tasksIn(
    (other.useCases ?? []).filter((slug) => !(tool.useCases ?? []).includes(slug)),
    tasks,
  )[0];
  if (extra) parts.push(`También sirve para ${lowerFirst(extra.label)}`);
  if (parts.length > 0) return parts.slice(0, 4).join(' · ');
  const shared = tasksIn(sharedOf(tool.useCases, other.useCases), tasks)[0];
  if (shared) return `Como ${tool.title}, sirve para ${lowerFirst(shared.label)}`;
  return `De la misma categoría que ${tool.title}`;
}

/** The page's introduction, built from the listed tools' facts and the tool's tasks. */
export function alternativesIntro(tool: AlternativeSubject, listed: readonly AlternativeSubject[], tasks: readonly Task[] = TASKS): string[] {
  const jobs = tasksIn(tool.useCases ?? [], tasks)
    .slice(0, 3)
    .map((task) => lowerFirst(task.label));
  const jobText = jobs.length > 1 ? `${jobs.slice(0, -1).join(', ')} o ${jobs.at(-1)}` : jobs[0];
  const count = listed.length;
  const first = jobText
    ? `${count} herramientas que sirven para lo mismo que ${tool.title}: ${jobText}.`
    : `${count} herramientas que hacen lo mismo que ${tool.title}.`;
  const free = listed.filter((other) => matchesFactFilter('gratis', { ...other.facts, pricing: other.pricing })).length;
  const spanish = listed.filter((other) => matchesFactFilter('en-espanol', { ...other.facts, pricing: other.pricing })).length;
  const counts = [
    free > 0 ? `${free} ${free === 1 ? 'se puede usar gratis' : 'se pueden usar gratis'}` : null,
    spanish > 0 ? `${spanish} ${spanish === 1 ? 'funciona en español' : 'funcionan en español'}` : null,
  ].filter(Boolean);
  const second = counts.length > 0 ? `Según nuestros datos, ${counts.join(' y ')}.` : null;
  const order = `Van primero las que comparten más tareas y categorías con ${tool.title}; a igualdad, las más parecidas en precio e idioma y las más conocidas.`;
  return [first, ...(second ? [second] : []), order];
}
