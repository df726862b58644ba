/**
 * What the browser's ads runtime shares with the server, without any schema library: a page with ads must not
 * ship zod (its eval probe alone would break the page's Content-Security-Policy).
 */

/** A banner on the home page and two slots on the tool page. */
export const AD_PLACEMENTS = ['homeBanner', 'toolTop', 'toolBottom'] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];

/** Who is asked before any ad loads: everyone, or only browsers whose time zone is in Europe (GDPR / UK GDPR). */
export const CONSENT_MODES = ['always', 'europe'] as const;
export type ConsentMode = (typeof CONSENT_MODES)[number];

/** What a page hands its ads script (data attribute, JSON): everything it needs, nothing else. */
export interface AdsClientConfig {
  client: string;
  scriptUrl: string;
  threshold: number;
  initDelayMs: number;
  testMode: boolean;
  consentMode: ConsentMode;
}

/** The attribute that carries AdsClientConfig; its presence also tells the server that the page holds ads. */
export const ADS_CONFIG_ATTRIBUTE = 'data-ads-config';

/** What a failed or empty slot shows. */
export const AD_PLACEHOLDER_TEXT = 'Espacio publicitario';
