/**
 * The ads runtime, without a framework: the consent message (asked before any ad request where consent is
 * required, remembered in this browser, reopened from the footer) and, on pages with slots, lazy ad loading with
 * the configured margins, visibility threshold and initial delay (by default 200 px for the home banner and 100 px
 * for the rest, 0.1 and 200 ms). Nothing of the ad network loads until the visitor has agreed.
 */
import { ADS_CONFIG_ATTRIBUTE, type AdsClientConfig } from '../../lib/ads/ads-shared.ts';
import { consentRequired, isTestHost, readConsent, writeConsent, type ConsentChoice } from './consent.ts';

declare global {
  interface Window {
    adsbygoogle?: unknown[];
  }
}

function localStore(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function showPlaceholder(slot: HTMLElement): void {
  slot.querySelector<HTMLElement>('[data-ad-placeholder]')?.removeAttribute('hidden');
}

let loader: Promise<void> | undefined;

/** Adds the network's loader once; resolves when it ran, rejects when it could not load. */
function loadNetwork(config: AdsClientConfig): Promise<void> {
  loader ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.src = `${config.scriptUrl}?client=${encodeURIComponent(config.client)}`;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error('ad network unavailable')));
    document.head.append(script);
  });
  return loader;
}

/** Fills one slot: the network's loader, then one request for this slot; a failure or an empty answer shows the placeholder. */
async function fillSlot(slot: HTMLElement, config: AdsClientConfig): Promise<void> {
  const ad = slot.querySelector<HTMLElement>('ins.adsbygoogle');
  if (!ad) return;
  if (config.testMode && isTestHost(location.hostname)) ad.dataset.adtest = 'on';
  // The network marks an ad it could not fill; the slot then says so instead of staying blank.
  new MutationObserver(() => {
    if (ad.dataset.adStatus === 'unfilled') showPlaceholder(slot);
  }).observe(ad, { attributes: true, attributeFilter: ['data-ad-status'] });
  (window.adsbygoogle ??= []).push({});
  try {
    await loadNetwork(config);
  } catch {
    showPlaceholder(slot);
  }
}

/** Each slot loads when it comes within its margin of the viewport, after the initial delay. */
function startSlots(slots: HTMLElement[], config: AdsClientConfig): void {
  window.setTimeout(() => {
    for (const slot of slots) {
      const margin = Number(slot.querySelector<HTMLElement>('ins.adsbygoogle')?.dataset.lazyMargin ?? 100);
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          void fillSlot(slot, config);
        },
        { rootMargin: `${margin}px 0px`, threshold: config.threshold },
      );
      observer.observe(slot);
    }
  }, config.initDelayMs);
}

export function startAds(): void {
  const runtime = document.querySelector<HTMLElement>('[data-ads-runtime]');
  const dialog = document.querySelector<HTMLElement>('[data-ads-consent]');
  if (!runtime || !dialog) return;
  const raw = runtime.getAttribute(ADS_CONFIG_ATTRIBUTE);
  const config = raw ? (JSON.parse(raw) as AdsClientConfig) : null;
  const slots = [...document.querySelectorAll<HTMLElement>('[data-ad-slot-container]')];
  const storage = localStore();
  let started = false;

  const start = () => {
    if (started || !config || slots.length === 0) return;
    started = true;
    startSlots(slots, config);
  };
  const hideSlots = () => {
    for (const slot of slots) slot.hidden = true;
  };
  const open = (focus: boolean) => {
    dialog.hidden = false;
    if (focus) dialog.querySelector<HTMLElement>('[data-ads-consent-title]')?.focus();
  };
  const choose = (choice: ConsentChoice) => {
    writeConsent(storage, choice);
    dialog.hidden = true;
    if (choice === 'granted') {
      for (const slot of slots) slot.hidden = false;
      start();
    } else if (started) {
      // Ads already on this page stay until the next page; no new request is made from now on.
      location.reload();
    } else hideSlots();
  };

  dialog.querySelector('[data-ads-accept]')?.addEventListener('click', () => choose('granted'));
  dialog.querySelector('[data-ads-refuse]')?.addEventListener('click', () => choose('denied'));
  for (const button of document.querySelectorAll('[data-ads-preferences]')) button.addEventListener('click', () => open(true));

  const choice = readConsent(storage);
  const mode = config?.consentMode ?? 'always';
  if (choice === 'granted' || (choice === null && !consentRequired(mode, Intl.DateTimeFormat().resolvedOptions().timeZone))) start();
  else if (choice === 'denied') hideSlots();
  // The message appears on its own where there are ads to ask about; elsewhere only from the footer.
  else if (slots.length > 0) open(false);
}
