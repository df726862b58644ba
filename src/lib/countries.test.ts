import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryName, countryOptions, isCountryCode } from './countries.ts';

describe('countries', () => {
  it('holds the 249 codes of ISO 3166-1, each named in Spanish by the platform', () => {
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    for (const code of COUNTRY_CODES) expect(countryName(code), code).not.toBe(code);
    expect(countryName('DE')).toBe('Alemania');
  });

  it('knows only assigned codes, and lists them in Spanish order', () => {
    expect(isCountryCode('ES')).toBe(true);
    expect(isCountryCode('XX')).toBe(false);
    const names = countryOptions().map((option) => option.name);
    expect(names.indexOf('Alemania')).toBeLessThan(names.indexOf('España'));
    expect(names.indexOf('España')).toBeLessThan(names.indexOf('Estados Unidos'));
  });
});
