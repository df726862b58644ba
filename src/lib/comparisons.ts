/**
 * Comparisons «{A} vs {B}»: one canonical address per pair, the curated pairs search engines may index,
 * and the rows of the side-by-side table, from the stored facts only («Sin confirmar» when unknown). Pure.
 */
import { countryName } from './countries.ts';
import { pricingLabel, type PricingModel } from './pricing.ts';
import { lowerFirst } from './alternatives.ts';
import { TASKS } from './tasks/vocabulary.ts';
import { answerLabel, formatPriceFrom, freePlanLabel, platformLabel, type ToolFacts } from './tool-facts.ts';

const SEPARATOR = '-vs-';
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SLUG = 200;

/** The pair in its canonical order: slugs sorted alphabetically, so each pair has one address. */
export function canonicalPair(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

export function comparisonHref(a: string, b: string): string {
  const [first, second] = canonicalPair(a, b);
  return `/comparar/${first}${SEPARATOR}${second}`;
}

/**
 * Every way to read «x-vs-y» as two slugs. A slug may itself contain «-vs-», so each occurrence is a candidate
 * split; the caller keeps the one whose two tools exist.
 */
export function pairReadings(param: string): [string, string][] {
  const readings: [string, string][] = [];
  for (let at = param.indexOf(SEPARATOR); at !== -1; at = param.indexOf(SEPARATOR, at + 1)) {
    const a = param.slice(0, at);
    const b = param.slice(at + SEPARATOR.length);
    if (SLUG.test(a) && SLUG.test(b) && a.length <= MAX_SLUG && b.length <= MAX_SLUG && a !== b) readings.push([a, b]);
  }
  return readings;
}

/** A pair compared by this many distinct visitors in the last POPULAR_PAIR_DAYS days is indexed and in the sitemap. */
export const POPULAR_PAIR_VISITORS = 20;
export const POPULAR_PAIR_DAYS = 30;

/**
 * Pairs people really compare, indexed and in the sitemap; every other pair is rendered on demand with noindex.
 * Only well-known tools whose slugs exist in supabase/seed/tools.json (a unit test checks it), in canonical order.
 */
export const CURATED_PAIRS: readonly (readonly [string, string])[] = [
  ['chatgpt', 'claude'],
  ['chatgpt', 'gemini'],
  ['claude', 'gemini'],
  ['chatgpt', 'perplexity'],
  ['chatgpt', 'deepseek'],
  ['chatgpt', 'microsoft-copilot'],
  ['chatgpt', 'grok'],
  ['dall-e-openai', 'midjourney'],
  ['adobe-firefly', 'midjourney'],
  ['ideogram', 'midjourney'],
  ['cursor', 'github-copilot'],
  ['cursor', 'windsurf'],
  ['github-copilot', 'tabnine'],
  ['heygen', 'synthesia'],
  ['pika', 'runway'],
  ['suno', 'udio'],
  ['gamma', 'tome'],
  ['grammarly', 'quillbot'],
  ['mem', 'notion-ai'],
];

const curated = new Set(CURATED_PAIRS.map(([a, b]) => `${a}${SEPARATOR}${b}`));

export function isCuratedPair(a: string, b: string): boolean {
  const [first, second] = canonicalPair(a, b);
  return curated.has(`${first}${SEPARATOR}${second}`);
}

/** What the table reads of each tool. */
export interface ComparedTool {
  slug: string;
  title: string;
  description: string;
  categories: { slug: string; name: string }[];
  useCases: string[] | null;
  pricing: PricingModel;
  facts: ToolFacts;
}

export interface ComparisonRow {
  /** The row's header cell. */
  label: string;
  values: [string, string];
}

const UNKNOWN = answerLabel.unknown;

const checkedDate = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Madrid' });

function useCasesText(tool: ComparedTool): string {
  const tags = new Set(tool.useCases ?? []);
  const labels = TASKS.filter((task) => tags.has(task.slug)).map((task) => task.label);
  if (labels.length === 0) return UNKNOWN;
  return [labels[0]!, ...labels.slice(1).map(lowerFirst)].join(', ');
}

function spanishText(facts: ToolFacts): string {
  return `Interfaz: ${answerLabel[facts.spanishInterface]}. Respuestas: ${answerLabel[facts.spanishOutput]}. Voz: ${answerLabel[facts.spanishVoice]}.`;
}

function openSourceText(facts: ToolFacts, pricing: PricingModel): string {
  if (facts.openSource === 'yes' || (facts.openSource === 'unknown' && pricing === 'open_source')) {
    return facts.license ? `Sí (licencia ${facts.license})` : 'Sí';
  }
  return answerLabel[facts.openSource];
}

function companyText(facts: ToolFacts): string {
  const country = facts.country ? countryName(facts.country) : null;
  if (facts.company) return country ? `${facts.company} (${country})` : facts.company;
  return country ? `${UNKNOWN} (${country})` : UNKNOWN;
}

const signupText: Record<ToolFacts['signupRequired'], string> = { yes: 'Hace falta cuenta', no: 'Sin cuenta', unknown: UNKNOWN };

/** One tool's cell in each row, in the rows' order. */
function cells(tool: ComparedTool): string[] {
  const { facts } = tool;
  return [
    tool.description,
    tool.categories.map((category) => category.name).join(', ') || UNKNOWN,
    useCasesText(tool),
    pricingLabel[tool.pricing],
    facts.priceFrom ? formatPriceFrom(facts.priceFrom) : UNKNOWN,
    freePlanLabel[facts.freePlan],
    spanishText(facts),
    facts.platforms.length > 0 ? facts.platforms.map((platform) => platformLabel[platform]).join(', ') : UNKNOWN,
    openSourceText(facts, tool.pricing),
    companyText(facts),
    facts.launchYear === null ? UNKNOWN : String(facts.launchYear),
    signupText[facts.signupRequired],
    facts.checkedAt ? checkedDate.format(new Date(facts.checkedAt)) : UNKNOWN,
  ];
}

const ROW_LABELS = [
  'Qué es',
  'Categoría',
  'Para qué sirve',
  'Modelo de precios',
  'Precio',
  'Plan gratuito',
  'En español',
  'Plataformas',
  'Código abierto',
  'Empresa',
  'Lanzamiento',
  'Registro',
  'Datos comprobados',
] as const;

/** The side-by-side table: one row per question, the first tool's answer then the second's. */
export function comparisonRows(a: ComparedTool, b: ComparedTool): ComparisonRow[] {
  const left = cells(a);
  const right = cells(b);
  return ROW_LABELS.map((label, index) => ({ label, values: [left[index]!, right[index]!] }));
}
