/**
 * What the Content-Security-Policy must allow for the ad network, and only on pages that carry ad slots while
 * ads are on: read from the settings at request time, so switching ads off stops them at once, before the
 * rebuild removes the slots.
 */
import type { PolicySources } from '../http/security-headers.ts';
import { serverEnv } from '../env.ts';
import { currentSettings } from '../settings/site-settings.ts';
import { ADS_CONFIG_ATTRIBUTE } from '../../lib/ads/ads-config.ts';

/** Google AdSense's loader; ADS_SCRIPT_URL replaces it (tests serve a fake network from loopback). */
export const ADSENSE_SCRIPT_URL = 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js';

/**
 * AdSense loads its loader, then scripts, frames and beacons from these hosts (Google's published list for a CSP
 * with host allowlists). All https: the policy is ready for an https site as it is.
 */
const ADSENSE_SOURCES: PolicySources = {
  script: [
    'https://pagead2.googlesyndication.com',
    'https://tpc.googlesyndication.com',
    'https://*.googlesyndication.com',
    'https://*.doubleclick.net',
    'https://www.googletagservices.com',
    'https://adservice.google.com',
    'https://*.adtrafficquality.google',
  ],
  frame: [
    'https://googleads.g.doubleclick.net',
    'https://tpc.googlesyndication.com',
    'https://*.googlesyndication.com',
    'https://*.doubleclick.net',
    'https://www.google.com',
    'https://*.adtrafficquality.google',
  ],
  connect: ['https://pagead2.googlesyndication.com', 'https://*.googlesyndication.com', 'https://*.doubleclick.net', 'https://*.adtrafficquality.google'],
};

export function adsScriptUrl(): string {
  return serverEnv().ADS_SCRIPT_URL ?? ADSENSE_SCRIPT_URL;
}

const otherNetworks = new Map<string, PolicySources>();

/** The sources a network needs: AdSense's list, or for another loader (the tests' fake) its own origin. Same object per URL. */
export function adNetworkSources(scriptUrl: string): PolicySources {
  if (scriptUrl === ADSENSE_SCRIPT_URL) return ADSENSE_SOURCES;
  let sources = otherNetworks.get(scriptUrl);
  if (!sources) {
    const origin = new URL(scriptUrl).origin;
    sources = { script: [origin], frame: [origin], connect: [origin] };
    otherNetworks.set(scriptUrl, sources);
  }
  return sources;
}

/** Whether a rendered page carries ad slots (their loader's configuration attribute). */
export function pageCarriesAds(html: string): boolean {
  return html.includes(ADS_CONFIG_ATTRIBUTE);
}

/** Extra policy sources for a page that carries ads, or undefined when ads are off. */
export async function adPolicySources(): Promise<PolicySources | undefined> {
  const { ads } = await currentSettings();
  return ads.enabled ? adNetworkSources(adsScriptUrl()) : undefined;
}
