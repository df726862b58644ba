/**
 * «Datos clave» on a tool page: what the facts box says, row by row, from the stored facts. The questions a Spanish
 * speaker asks first (Spanish, price, free plan, platforms) always have a row, «Sin confirmar» when unknown; the
 * others appear only when known. Nothing is inferred beyond what the facts and the pricing model say.
 */
import { countryName } from './countries.ts';
import { pricingLabel, type PricingModel } from './pricing.ts';
import { formatPriceFrom, platformLabel, spanishSummary, type FactAnswer, type FreePlan, type Platform, type ToolFacts } from './tool-facts.ts';

export interface FactsBoxRow {
  /** A stable name for the row (tests and styling), not shown. */
  key: 'spanish' | 'voice' | 'price' | 'freePlan' | 'platforms' | 'openSource' | 'company' | 'country' | 'launchYear' | 'signup';
  label: string;
  value: string;
  /** The platforms row lists each one with its icon. */
  platforms?: { platform: Platform; label: string }[];
}

export interface FactsBox {
  rows: FactsBoxRow[];
  /** «25 de noviembre de 2026», when someone checked the facts. */
  checkedOn: string | null;
  /** The same moment for a <time datetime>. */
  checkedAt: string | null;
}

const UNKNOWN = 'Sin confirmar';

const freePlanValue: Record<FreePlan, string> = { yes: 'Sí', trial: 'Prueba gratuita', no: 'No', unknown: UNKNOWN };
const voiceValue: Record<Exclude<FactAnswer, 'unknown'>, string> = { yes: 'Sí', no: 'No' };
const signupValue: Record<Exclude<FactAnswer, 'unknown'>, string> = { yes: 'Hace falta crear una cuenta', no: 'Se puede usar sin cuenta' };

const checkedDate = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Madrid' });

/** The price: «Desde 20 €/mes» when known, otherwise the pricing model («Freemium», «Sin confirmar»). */
export function priceText(facts: Pick<ToolFacts, 'priceFrom'>, pricing: PricingModel): string {
  return facts.priceFrom ? formatPriceFrom(facts.priceFrom) : pricingLabel[pricing];
}

export function toolFactsBox(facts: ToolFacts, pricing: PricingModel): FactsBox {
  const rows: FactsBoxRow[] = [{ key: 'spanish', label: 'En español', value: spanishSummary(facts) }];
  if (facts.spanishVoice !== 'unknown') rows.push({ key: 'voice', label: 'Voz en español', value: voiceValue[facts.spanishVoice] });
  rows.push({ key: 'price', label: 'Precio', value: priceText(facts, pricing) });
  rows.push({ key: 'freePlan', label: 'Plan gratuito', value: freePlanValue[facts.freePlan] });
  const platforms = facts.platforms.map((platform) => ({ platform, label: platformLabel[platform] }));
  rows.push({
    key: 'platforms',
    label: 'Plataformas',
    value: platforms.length > 0 ? platforms.map((platform) => platform.label).join(', ') : UNKNOWN,
    ...(platforms.length > 0 ? { platforms } : {}),
  });
  if (facts.openSource === 'yes') rows.push({ key: 'openSource', label: 'Código abierto', value: facts.license ? `Sí, licencia ${facts.license}` : 'Sí' });
  if (facts.openSource === 'no') rows.push({ key: 'openSource', label: 'Código abierto', value: 'No' });
  const country = facts.country ? countryName(facts.country) : null;
  if (facts.company) rows.push({ key: 'company', label: 'Empresa', value: country ? `${facts.company} (${country})` : facts.company });
  else if (country) rows.push({ key: 'country', label: 'País', value: country });
  if (facts.launchYear !== null) rows.push({ key: 'launchYear', label: 'Lanzamiento', value: String(facts.launchYear) });
  if (facts.signupRequired !== 'unknown') rows.push({ key: 'signup', label: 'Registro', value: signupValue[facts.signupRequired] });
  const checked = facts.checkedAt ? new Date(facts.checkedAt) : null;
  return { rows, checkedOn: checked ? checkedDate.format(checked) : null, checkedAt: checked ? checked.toISOString() : null };
}
