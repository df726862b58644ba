import { describe, expect, it } from 'vitest';
import { CONSENT_STORAGE_KEY, consentRequired, isTestHost, readConsent, writeConsent } from './consent.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), values };
}

describe('ad consent', () => {
  it('is always asked in mode always, and in mode europe for European time zones or an unknown one', () => {
    expect(consentRequired('always', 'America/Mexico_City')).toBe(true);
    expect(consentRequired('europe', 'Europe/Madrid')).toBe(true);
    expect(consentRequired('europe', 'Atlantic/Canary')).toBe(true);
    expect(consentRequired('europe', 'Asia/Nicosia')).toBe(true);
    expect(consentRequired('europe', undefined)).toBe(true);
    expect(consentRequired('europe', 'America/Bogota')).toBe(false);
    expect(consentRequired('europe', 'Asia/Tokyo')).toBe(false);
  });

  it('remembers the choice, and ignores anything it did not write', () => {
    const storage = memoryStorage();
    expect(readConsent(storage)).toBeNull();
    writeConsent(storage, 'denied');
    expect(readConsent(storage)).toBe('denied');
    writeConsent(storage, 'granted');
    expect(readConsent(storage)).toBe('granted');
    storage.values.set(CONSENT_STORAGE_KEY, '{"choice":"granted"}');
    expect(readConsent(storage)).toBeNull();
    storage.values.set(CONSENT_STORAGE_KEY, 'no es json');
    expect(readConsent(storage)).toBeNull();
    expect(readConsent(undefined)).toBeNull();
  });

  it('uses test ads only on local and preview hosts', () => {
    for (const host of ['localhost', '127.0.0.1', '[::1]', 'brujula-git-rama.vercel.app', 'app.localhost']) expect(isTestHost(host)).toBe(true);
    for (const host of ['www.brujula-ia.es', 'brujula-ia.es', 'vercel.app.ejemplo.es']) expect(isTestHost(host)).toBe(false);
  });
});
