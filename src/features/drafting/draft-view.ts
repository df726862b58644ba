/**
 * What the editor's «Redactar con IA» panel and the server share: the draft as the panel shows it, how proposed
 * facts combine with the current ones, and the facts side by side in Spanish.
 */
import { answerLabel, formatPriceFrom, freePlanLabel, platformLabel, type FactAnswer, type ToolFacts, type ToolFactsInput } from '../../lib/tool-facts.ts';

export interface DraftView {
  id: string;
  status: 'queued' | 'running' | 'pending' | 'failed';
  /** Sanitized HTML; null until written. */
  articleHtml: string | null;
  /** The facts accepting would store: current ones where the draft knows nothing. */
  facts: ToolFactsInput | null;
  sourceUrl: string;
  model: string | null;
  error: string | null;
  createdAt: string;
}

/** The current article and facts beside which the panel shows a draft. */
export interface DraftPanelData {
  toolId: string;
  currentHtml: string;
  currentFacts: ToolFacts;
  draft: DraftView | null;
}

const isKnown = (value: unknown) => value !== 'unknown' && value !== null && !(Array.isArray(value) && value.length === 0);

/**
 * The facts to store on acceptance: what the draft found, and the current value wherever the draft says unknown.
 * A draft adds knowledge; it never turns a checked fact back into unknown.
 */
export function mergeFacts(current: ToolFacts, proposed: ToolFactsInput): ToolFactsInput {
  const merged = { ...proposed };
  for (const key of Object.keys(proposed) as (keyof ToolFactsInput)[]) {
    if (!isKnown(proposed[key]) && isKnown(current[key])) (merged as Record<string, unknown>)[key] = current[key];
  }
  return merged;
}

export interface FactRow {
  label: string;
  current: string;
  proposed: string;
  changed: boolean;
}

const answer = (value: FactAnswer) => answerLabel[value];
const orUnknown = (value: string | number | null) => (value === null ? answerLabel.unknown : String(value));

const FACT_ROWS: { label: string; show: (facts: ToolFactsInput) => string }[] = [
  { label: 'Interfaz en español', show: (facts) => answer(facts.spanishInterface) },
  { label: 'Responde en español', show: (facts) => answer(facts.spanishOutput) },
  { label: 'Voz en español', show: (facts) => answer(facts.spanishVoice) },
  { label: 'Plan gratuito', show: (facts) => freePlanLabel[facts.freePlan] },
  { label: 'Precio', show: (facts) => (facts.priceFrom ? formatPriceFrom(facts.priceFrom) : answerLabel.unknown) },
  {
    label: 'Plataformas',
    show: (facts) => (facts.platforms.length > 0 ? facts.platforms.map((platform) => platformLabel[platform]).join(', ') : answerLabel.unknown),
  },
  { label: 'Código abierto', show: (facts) => answer(facts.openSource) },
  { label: 'Licencia', show: (facts) => orUnknown(facts.license) },
  { label: 'Empresa', show: (facts) => orUnknown(facts.company) },
  { label: 'País', show: (facts) => orUnknown(facts.country) },
  { label: 'Año de lanzamiento', show: (facts) => orUnknown(facts.launchYear) },
  { label: 'Requiere registro', show: (facts) => answer(facts.signupRequired) },
];

/** Current and proposed facts, one Spanish line each, for the comparison table. */
export function factRows(current: ToolFacts, proposed: ToolFactsInput): FactRow[] {
  return FACT_ROWS.map(({ label, show }) => {
    const before = show(current);
    const after = show(proposed);
    return { label, current: before, proposed: after, changed: before !== after };
  });
}
