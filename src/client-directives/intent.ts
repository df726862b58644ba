/**
 * client:intent hydrates an island when the visitor is about to use it: a pointer over it, a touch or
 * keyboard focus inside it. It also hydrates at once when the address carries the island's state
 * (`urlParams`) and when someone is signed in (their saved tools must show). The presses made before the
 * code arrived (clicks on buttons, or named keys such as ArrowDown on a control) are made again, in order,
 * once the island is live, so an early press is late, never lost.
 */
import type { ClientDirective } from 'astro';
import { whenSignedIn } from '../components/account/signed-in-signal.ts';

export interface IntentOptions {
  /** Query parameters that describe the island's state: any of them in the address hydrates at once. */
  urlParams?: string[];
}

const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;
/** Keys that only move or choose; typed characters already reached their field and are not replayed. */
const NOT_REPLAYED_KEYS = new Set(['Tab', 'Shift', 'Control', 'Alt', 'Meta', 'CapsLock']);
/** More early presses than this are not a visitor waiting for the page; the first ones are kept. */
const MAX_EARLY_PRESSES = 8;

/** Makes a remembered press again on the same element, now that the island's handlers are attached. */
function replay(event: Event): void {
  const target = event.target as HTMLElement;
  if (event instanceof KeyboardEvent) {
    target.dispatchEvent(new KeyboardEvent('keydown', { key: event.key, code: event.code, bubbles: true, cancelable: true }));
  } else {
    target.closest('button')?.click();
  }
}

const intentDirective: ClientDirective = (load, options, el) => {
  const { urlParams = [] } = (typeof options.value === 'object' ? options.value : {}) as IntentOptions;
  let started = false;
  const earlyPresses: Event[] = [];

  const rememberPress = (event: Event) => {
    if (earlyPresses.length >= MAX_EARLY_PRESSES) return;
    if (event instanceof KeyboardEvent) {
      if (event.key.length > 1 && !NOT_REPLAYED_KEYS.has(event.key)) earlyPresses.push(event);
    } else if ((event.target as Element).closest('button')) {
      // Enter or Space on a button arrives as a click after its keydown: the click is the press.
      earlyPresses.push(event);
    }
  };
  el.addEventListener('click', rememberPress, true);
  el.addEventListener('keydown', rememberPress, true);

  const start = async () => {
    if (started) return;
    started = true;
    let hydrate: Awaited<ReturnType<typeof load>>;
    try {
      hydrate = await load();
    } catch {
      // Offline, or a deploy replaced the chunk: the next intent tries again; the links keep working meanwhile.
      started = false;
      return;
    }
    for (const type of INTENT_EVENTS) el.removeEventListener(type, start, true);
    await hydrate();
    el.removeEventListener('click', rememberPress, true);
    el.removeEventListener('keydown', rememberPress, true);
    // React renders a discrete event's updates before the next event, so each replayed press reaches the live
    // handlers in the state the previous one left (a filter, then the category list it applies to).
    for (const press of earlyPresses.splice(0)) replay(press);
  };

  for (const type of INTENT_EVENTS) el.addEventListener(type, start, { capture: true, passive: true });
  const params = new URLSearchParams(location.search);
  if (urlParams.some((name) => params.has(name))) void start();
  whenSignedIn(() => void start());
};

export default intentDirective;
