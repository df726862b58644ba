/**
 * A tool's checkable facts: does it work in Spanish, is there a free plan, from what price, on which platforms,
 * open source, who makes it. Unknown is a value of its own, never a guess: every answer starts as 'unknown' and an
 * empty platform list means the platforms are not known. Shared by the form, the admin, the API, the tool page,
 * the JSON-LD and the filters.
 */
import { z } from './zod.ts';
import type { PricingModel } from './pricing.ts';

export const factAnswers = ['yes', 'no', 'unknown'] as const;
export type FactAnswer = (typeof factAnswers)[number];

export const freePlans = ['yes', 'trial', 'no', 'unknown'] as const;
export type FreePlan = (typeof freePlans)[number];

export const priceCurrencies = ['EUR', 'USD', 'GBP'] as const;
export type PriceCurrency = (typeof priceCurrencies)[number];

export const pricePeriods = ['month', 'year', 'once', 'usage'] as const;
export type PricePeriod = (typeof pricePeriods)[number];

export const platforms = ['web', 'ios', 'android', 'windows', 'macos', 'linux', 'extension', 'api', 'self_hosted'] as const;
export type Platform = (typeof platforms)[number];

export interface PriceFrom {
  amount: number;
  currency: PriceCurrency;
  period: PricePeriod;
}

export interface ToolFacts {
  spanishInterface: FactAnswer;
  spanishOutput: FactAnswer;
  spanishVoice: FactAnswer;
  freePlan: FreePlan;
  priceFrom: PriceFrom | null;
  /** Empty when nobody has checked. */
  platforms: Platform[];
  openSource: FactAnswer;
  license: string | null;
  company: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string | null;
  launchYear: number | null;
  signupRequired: FactAnswer;
  /** ISO date-time of the last check; null when the facts were never checked. */
  checkedAt: string | null;
  /** Profile id of who checked; null for the editorial team's seeded facts or when never checked. */
  checkedBy: string | null;
}

export const unknownFacts: ToolFacts = {
  spanishInterface: 'unknown',
  spanishOutput: 'unknown',
  spanishVoice: 'unknown',
  freePlan: 'unknown',
  priceFrom: null,
  platforms: [],
  openSource: 'unknown',
  license: null,
  company: null,
  country: null,
  launchYear: null,
  signupRequired: 'unknown',
  checkedAt: null,
  checkedBy: null,
};

export const MAX_PRICE_AMOUNT = 100_000;
export const MIN_LAUNCH_YEAR = 1990;
export const MAX_COMPANY_LENGTH = 120;
export const MAX_LICENSE_LENGTH = 60;

const PRICE_AMOUNT_INVALID = `Escribe el importe en cifras, con dos decimales como mucho (por ejemplo 9,99), hasta ${MAX_PRICE_AMOUNT.toLocaleString('es-ES')}.`;
const LAUNCH_YEAR_INVALID = `Escribe un año de ${MIN_LAUNCH_YEAR} en adelante, con cuatro cifras.`;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => value || null)
    .nullable()
    .default(null);

/**
 * What a form or the API sends: every field optional (absent means unknown). The checker and the date are set by the
 * server, never taken from the request.
 */
export const toolFactsInput = z.object({
  spanishInterface: z.enum(factAnswers).default('unknown'),
  spanishOutput: z.enum(factAnswers).default('unknown'),
  spanishVoice: z.enum(factAnswers).default('unknown'),
  freePlan: z.enum(freePlans).default('unknown'),
  priceFrom: z
    .object({
      amount: z.coerce
        .number({ error: PRICE_AMOUNT_INVALID })
        .min(0, { error: PRICE_AMOUNT_INVALID })
        .max(MAX_PRICE_AMOUNT, { error: PRICE_AMOUNT_INVALID })
        .multipleOf(0.01, { error: PRICE_AMOUNT_INVALID }),
      currency: z.enum(priceCurrencies),
      period: z.enum(pricePeriods),
    })
    .nullable()
    .default(null),
  platforms: z
    .array(z.enum(platforms))
    .max(platforms.length)
    .default([])
    .transform((list) => platforms.filter((platform) => list.includes(platform))),
  openSource: z.enum(factAnswers).default('unknown'),
  license: optionalText(MAX_LICENSE_LENGTH),
  company: optionalText(MAX_COMPANY_LENGTH),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/)
    .nullable()
    .default(null)
    .or(z.literal('').transform(() => null)),
  launchYear: z.coerce
    .number({ error: LAUNCH_YEAR_INVALID })
    .int({ error: LAUNCH_YEAR_INVALID })
    .min(MIN_LAUNCH_YEAR, { error: LAUNCH_YEAR_INVALID })
    .max(new Date().getUTCFullYear() + 1, { error: LAUNCH_YEAR_INVALID })
    .nullable()
    .default(null),
  signupRequired: z.enum(factAnswers).default('unknown'),
});
export type ToolFactsInput = z.infer<typeof toolFactsInput>;

/** True when at least one fact is known: a facts box with nothing in it is not shown. */
export function hasKnownFacts(facts: ToolFacts): boolean {
  return (
    facts.spanishInterface !== 'unknown' ||
    facts.spanishOutput !== 'unknown' ||
    facts.spanishVoice !== 'unknown' ||
    facts.freePlan !== 'unknown' ||
    facts.priceFrom !== null ||
    facts.platforms.length > 0 ||
    facts.openSource !== 'unknown' ||
    facts.company !== null ||
    facts.country !== null ||
    facts.launchYear !== null ||
    facts.signupRequired !== 'unknown'
  );
}

export const answerLabel: Record<FactAnswer, string> = { yes: 'Sí', no: 'No', unknown: 'Sin confirmar' };

export const freePlanLabel: Record<FreePlan, string> = {
  yes: 'Plan gratuito',
  trial: 'Prueba gratuita',
  no: 'Sin plan gratuito',
  unknown: 'Sin confirmar',
};

export const platformLabel: Record<Platform, string> = {
  web: 'Web',
  ios: 'iPhone y iPad',
  android: 'Android',
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
  extension: 'Extensión de navegador',
  api: 'API',
  self_hosted: 'Autoalojable',
};

export const pricePeriodLabel: Record<PricePeriod, string> = { month: 'al mes', year: 'al año', once: 'pago único', usage: 'por uso' };

const currencySymbol: Record<PriceCurrency, string> = { EUR: '€', USD: 'US$', GBP: '£' };
const periodSuffix: Record<PricePeriod, string> = { month: '/mes', year: '/año', once: ' (pago único)', usage: ' (pago por uso)' };

/** «Desde 20 €/mes», «Desde 9,99 US$/mes», «Desde 49 € (pago único)». */
export function formatPriceFrom(price: PriceFrom): string {
  const amount = new Intl.NumberFormat('es-ES', {
    minimumFractionDigits: Number.isInteger(price.amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(price.amount);
  return `Desde ${amount} ${currencySymbol[price.currency]}${periodSuffix[price.period]}`;
}

/** One line on Spanish support for the facts box: «Sí», «Solo la interfaz», «No», «Sin confirmar». */
export function spanishSummary(facts: Pick<ToolFacts, 'spanishInterface' | 'spanishOutput' | 'spanishVoice'>): string {
  const { spanishInterface, spanishOutput } = facts;
  if (spanishInterface === 'yes' && spanishOutput === 'yes') return 'Sí';
  if (spanishInterface === 'yes') return spanishOutput === 'no' ? 'Solo la interfaz' : 'La interfaz, sí';
  if (spanishOutput === 'yes') return spanishInterface === 'no' ? 'Entiende y responde en español (interfaz en inglés)' : 'Entiende y responde en español';
  if (spanishInterface === 'no' && spanishOutput === 'no') return 'No';
  return 'Sin confirmar';
}

/** The catalogue's fact filters, in the order the interface shows them; the key is the URL value (?filtro=gratis). */
export const factFilters = ['gratis', 'en-espanol', 'con-api', 'codigo-abierto'] as const;
export type FactFilter = (typeof factFilters)[number];

export const factFilterLabel: Record<FactFilter, string> = {
  gratis: 'Gratis',
  'en-espanol': 'En español',
  'con-api': 'Con API',
  'codigo-abierto': 'Código abierto',
};

type FilterSubject = Pick<ToolFacts, 'freePlan' | 'spanishInterface' | 'spanishOutput' | 'platforms' | 'openSource'> & {
  pricing: PricingModel;
};

/**
 * What each filter means. The SQL in src/server/db/queries/public/tool-facts-sql.ts says the same; its test keeps
 * the two in step.
 */
export function matchesFactFilter(filter: FactFilter, tool: FilterSubject): boolean {
  switch (filter) {
    case 'gratis':
      return tool.freePlan === 'yes' || tool.pricing === 'free' || tool.pricing === 'freemium';
    case 'en-espanol':
      return tool.spanishInterface === 'yes' || tool.spanishOutput === 'yes';
    case 'con-api':
      return tool.platforms.includes('api');
    case 'codigo-abierto':
      return tool.openSource === 'yes' || tool.pricing === 'open_source';
  }
}

/** Filters a tool matches, for search index attributes and card data. */
export function factFiltersOf(tool: FilterSubject): FactFilter[] {
  return factFilters.filter((filter) => matchesFactFilter(filter, tool));
}
