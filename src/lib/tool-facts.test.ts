import { describe, expect, it } from 'vitest';
import { factFiltersOf, formatPriceFrom, hasKnownFacts, spanishSummary, toolFactsInput, unknownFacts } from './tool-facts.ts';

describe('tool facts', () => {
  it('reads an empty form as all unknown', () => {
    const parsed = toolFactsInput.parse({});
    expect(parsed).toMatchObject({ spanishInterface: 'unknown', freePlan: 'unknown', priceFrom: null, platforms: [], country: null });
    expect(hasKnownFacts({ ...unknownFacts, ...parsed })).toBe(false);
  });

  it('refuses values outside the lists and normalises the rest', () => {
    expect(toolFactsInput.safeParse({ platforms: ['web', 'playstation'] }).success).toBe(false);
    expect(toolFactsInput.safeParse({ priceFrom: { amount: -1, currency: 'EUR', period: 'month' } }).success).toBe(false);
    expect(toolFactsInput.safeParse({ launchYear: 1800 }).success).toBe(false);
    expect(toolFactsInput.parse({ platforms: ['api', 'web', 'api'], country: 'es', company: '  ' })).toMatchObject({
      platforms: ['web', 'api'],
      country: 'ES',
      company: null,
    });
  });

  it('writes prices the Spanish way', () => {
    expect(formatPriceFrom({ amount: 20, currency: 'EUR', period: 'month' })).toBe('Desde 20 €/mes');
    expect(formatPriceFrom({ amount: 9.99, currency: 'USD', period: 'month' })).toBe('Desde 9,99 US$/mes');
    expect(formatPriceFrom({ amount: 1200, currency: 'EUR', period: 'year' })).toBe('Desde 1200 €/año');
    expect(formatPriceFrom({ amount: 49, currency: 'GBP', period: 'once' })).toBe('Desde 49 £ (pago único)');
  });

  it('says only what is known about Spanish', () => {
    expect(spanishSummary({ spanishInterface: 'yes', spanishOutput: 'yes', spanishVoice: 'unknown' })).toBe('Sí');
    expect(spanishSummary({ spanishInterface: 'unknown', spanishOutput: 'unknown', spanishVoice: 'yes' })).toBe('Sin confirmar');
    expect(spanishSummary({ spanishInterface: 'no', spanishOutput: 'no', spanishVoice: 'no' })).toBe('No');
  });

  it('matches the filters from facts and the pricing model', () => {
    const base = { ...unknownFacts, pricing: 'unknown' as const };
    expect(factFiltersOf(base)).toEqual([]);
    expect(factFiltersOf({ ...base, pricing: 'freemium' })).toEqual(['gratis']);
    expect(factFiltersOf({ ...base, spanishOutput: 'yes', platforms: ['web', 'api'], openSource: 'yes' })).toEqual(['en-espanol', 'con-api', 'codigo-abierto']);
  });
});
