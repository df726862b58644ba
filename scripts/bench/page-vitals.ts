/**
 * A page's load as a phone on a slow network lives it, in Debian's Chromium: first and largest contentful paint,
 * layout shift and total blocking time, the figures Lighthouse's mobile score weighs most.
 * Throttled like Lighthouse's mobile preset (CPU 4× slower, 150 ms latency, 1.6 Mbit/s down, 750 kbit/s up), but
 * applied to the real load rather than simulated, so the figures move with the machine: run it on a quiet one.
 */
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../tests/e2e/chromium.ts';

export interface PageVitals {
  status: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  /** Long tasks' time past 50 ms, from the first contentful paint until the page has been quiet for 5 s. */
  tbtMs: number;
}

const MOBILE = { width: 412, height: 823 };
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
const QUIET_MS = 5_000;

/** Runs in the page before its own scripts: collects paints, shifts and long tasks as they happen. */
function observe(): void {
  const vitals = { fcp: 0, lcp: 0, cls: 0, longTasks: [] as { start: number; duration: number }[] };
  (window as unknown as { __vitals: typeof vitals }).__vitals = vitals;
  const watch = (type: string, take: (entry: PerformanceEntry) => void) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(take)).observe({ type, buffered: true });
    } catch {
      // An entry type this Chromium does not know: its figure stays 0.
    }
  };
  watch('paint', (entry) => {
    if (entry.name === 'first-contentful-paint') vitals.fcp = entry.startTime;
  });
  watch('largest-contentful-paint', (entry) => (vitals.lcp = entry.startTime));
  watch('layout-shift', (entry) => {
    const shift = entry as PerformanceEntry & { value: number; hadRecentInput: boolean };
    if (!shift.hadRecentInput) vitals.cls += shift.value;
  });
  watch('longtask', (entry) => vitals.longTasks.push({ start: entry.startTime, duration: entry.duration }));
}

/** Loads `pathname` once, cold, throttled; `cookie` signs the page's own request in (the publish form). */
export async function measurePageVitals(origin: string, pathname: string, cookie?: string): Promise<PageVitals> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ viewport: MOBILE, deviceScaleFactor: 2.6, isMobile: true, hasTouch: true, locale: 'es-ES' });
    if (cookie) {
      await context.addCookies(
        cookie.split(/;\s*/).map((pair) => {
          const [name, ...value] = pair.split('=');
          return { name: name!, value: value.join('='), url: origin };
        }),
      );
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(observe);
    const response = await page.goto(new URL(pathname, origin).href, { waitUntil: 'load', timeout: 120_000 });
    // Quiet: no long task for QUIET_MS (or a minute at most), as Lighthouse waits for the main thread to settle.
    const started = Date.now();
    let lastCount = -1;
    let quietSince = Date.now();
    while (Date.now() - quietSince < QUIET_MS && Date.now() - started < 60_000) {
      await page.waitForTimeout(500);
      const count = await page.evaluate(() => (window as unknown as { __vitals: { longTasks: unknown[] } }).__vitals.longTasks.length);
      if (count !== lastCount) {
        lastCount = count;
        quietSince = Date.now();
      }
    }
    const vitals = await page.evaluate(
      () => (window as unknown as { __vitals: { fcp: number; lcp: number; cls: number; longTasks: { start: number; duration: number }[] } }).__vitals,
    );
    const blocking = vitals.longTasks.filter((task) => task.start >= vitals.fcp).reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
    return {
      status: response?.status() ?? 0,
      fcpMs: Math.round(vitals.fcp),
      lcpMs: Math.round(vitals.lcp),
      cls: Math.round(vitals.cls * 1000) / 1000,
      tbtMs: Math.round(blocking),
    };
  } finally {
    await browser.close();
  }
}
