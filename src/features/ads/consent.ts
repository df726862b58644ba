/** The visitor's ad consent: whether it must be asked, and the remembered choice (this browser only). */
import type { ConsentMode } from '../../lib/ads/ads-shared.ts';

export type ConsentChoice = 'granted' | 'denied';

export const CONSENT_STORAGE_KEY = 'brujula:consentimiento-anuncios';
/** Bumped when the message changes in a way that calls for asking again. */
const CONSENT_VERSION = 1;

/** Time zones of the EU/EEA, the United Kingdom and Switzerland outside Europe/*: where GDPR-style consent applies. */
const EUROPEAN_ZONES_ELSEWHERE = new Set([
  'Atlantic/Canary',
  'Atlantic/Madeira',
  'Atlantic/Azores',
  'Atlantic/Reykjavik',
  'Atlantic/Faroe',
  'Arctic/Longyearbyen',
  'Asia/Nicosia',
  'Asia/Famagusta',
  'Africa/Ceuta',
]);

/**
 * Whether consent must be asked before any ad loads. 'europe' judges by the browser's time zone, the one hint a
 * static page has without geolocating the visitor; an unknown zone is treated as European (ask rather than not).
 */
export function consentRequired(mode: ConsentMode, timeZone: string | undefined): boolean {
  if (mode === 'always') return true;
  if (!timeZone) return true;
  return timeZone.startsWith('Europe/') || EUROPEAN_ZONES_ELSEWHERE.has(timeZone);
}

export function readConsent(storage: Pick<Storage, 'getItem'> | undefined): ConsentChoice | null {
  try {
    const stored = JSON.parse(storage?.getItem(CONSENT_STORAGE_KEY) ?? 'null') as { choice?: unknown; version?: unknown } | null;
    if (stored?.version !== CONSENT_VERSION) return null;
    return stored.choice === 'granted' || stored.choice === 'denied' ? stored.choice : null;
  } catch {
    return null;
  }
}

export function writeConsent(storage: Pick<Storage, 'setItem'> | undefined, choice: ConsentChoice, now = new Date()): void {
  try {
    storage?.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ choice, version: CONSENT_VERSION, at: now.toISOString() }));
  } catch {
    // Storage refused (private mode, full): the choice holds for this page only.
  }
}

/** Test ads only on localhost and preview hosts, never on the real site. */
export function isTestHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host) || /\.(?:vercel|netlify)\.app$/.test(host);
}
