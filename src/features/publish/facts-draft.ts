/**
 * The facts fieldset's state: what the inputs hold (text for the numbers, so a half-typed «9,» stays as typed) and
 * the body it sends, which the server validates with the same schema (tool-form.ts factsInput).
 */
import type { FactAnswer, FreePlan, Platform, PriceCurrency, PricePeriod, ToolFactsInput } from '../../lib/tool-facts.ts';

export interface FactsDraft {
  spanishInterface: FactAnswer;
  spanishOutput: FactAnswer;
  spanishVoice: FactAnswer;
  freePlan: FreePlan;
  priceAmount: string;
  priceCurrency: PriceCurrency;
  pricePeriod: PricePeriod;
  platforms: Platform[];
  openSource: FactAnswer;
  license: string;
  company: string;
  country: string;
  launchYear: string;
  signupRequired: FactAnswer;
}

/** A stored tool's facts as the inputs show them; without a tool, everything unknown and the price in euros a month. */
export function factsDraft(facts: ToolFactsInput | undefined): FactsDraft {
  return {
    spanishInterface: facts?.spanishInterface ?? 'unknown',
    spanishOutput: facts?.spanishOutput ?? 'unknown',
    spanishVoice: facts?.spanishVoice ?? 'unknown',
    freePlan: facts?.freePlan ?? 'unknown',
    priceAmount: facts?.priceFrom ? String(facts.priceFrom.amount).replace('.', ',') : '',
    priceCurrency: facts?.priceFrom?.currency ?? 'EUR',
    pricePeriod: facts?.priceFrom?.period ?? 'month',
    platforms: facts?.platforms ?? [],
    openSource: facts?.openSource ?? 'unknown',
    license: facts?.license ?? '',
    company: facts?.company ?? '',
    country: facts?.country ?? '',
    launchYear: facts?.launchYear ? String(facts.launchYear) : '',
    signupRequired: facts?.signupRequired ?? 'unknown',
  };
}

/**
 * What the form sends: an empty amount or year is unknown (null); an amount is read with a decimal comma or point
 * («9,99», «9.99»), anything else goes as typed for the schema to refuse with its message.
 */
export function factsBody(draft: FactsDraft) {
  const amount = draft.priceAmount.replace(/\s/g, '');
  const year = draft.launchYear.trim();
  return {
    spanishInterface: draft.spanishInterface,
    spanishOutput: draft.spanishOutput,
    spanishVoice: draft.spanishVoice,
    freePlan: draft.freePlan,
    priceFrom: amount
      ? { amount: /^\d+(?:,\d+)?$/.test(amount) ? amount.replace(',', '.') : amount, currency: draft.priceCurrency, period: draft.pricePeriod }
      : null,
    platforms: draft.platforms,
    openSource: draft.openSource,
    license: draft.license,
    company: draft.company,
    country: draft.country,
    launchYear: year || null,
    signupRequired: draft.signupRequired,
  };
}
