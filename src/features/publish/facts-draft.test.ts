import { describe, expect, it } from 'vitest';
import { factsBody, factsDraft } from './facts-draft.ts';
import { factsInput } from '../../lib/tool-form.ts';

describe('the facts fieldset’s draft', () => {
  it('starts all unknown, and an untouched draft sends all unknown', () => {
    const draft = factsDraft(undefined);
    expect(draft).toMatchObject({ spanishInterface: 'unknown', freePlan: 'unknown', priceAmount: '', priceCurrency: 'EUR', pricePeriod: 'month' });
    expect(factsInput.parse(factsBody(draft))).toEqual(factsInput.parse({}));
  });

  it('round-trips stored facts, reading a decimal comma', () => {
    const stored = factsInput.parse({
      spanishOutput: 'yes',
      priceFrom: { amount: 9.99, currency: 'USD', period: 'year' },
      platforms: ['web', 'api'],
      company: 'Acme',
      country: 'ES',
      launchYear: 2023,
    });
    const draft = factsDraft(stored);
    expect(draft).toMatchObject({ priceAmount: '9,99', launchYear: '2023', country: 'ES' });
    expect(factsInput.parse(factsBody(draft))).toEqual(stored);
    expect(factsInput.parse(factsBody({ ...draft, priceAmount: ' 1 200,5 ' })).priceFrom).toEqual({ amount: 1200.5, currency: 'USD', period: 'year' });
  });

  it('sends what cannot be a number as typed, and the schema refuses it in Spanish', () => {
    const draft = { ...factsDraft(undefined), priceAmount: '20 euros', launchYear: '22' };
    const parsed = factsInput.safeParse(factsBody(draft));
    expect(parsed.success).toBe(false);
    const messages = Object.fromEntries(parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages['priceFrom.amount']).toMatch(/^Escribe el importe en cifras/);
    expect(messages['launchYear']).toMatch(/^Escribe un año de 1990 en adelante/);
  });

  it('refuses a country outside ISO 3166', () => {
    const parsed = factsInput.safeParse({ country: 'XX' });
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['country'], message: 'Elige un país de la lista.' });
  });
});
