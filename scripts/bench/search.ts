/**
 * Search quality and speed: the relevance set, task queries included, scored against the built index, as the search page
 * searches and as Pagefind alone did before; and, in Debian's Chromium, the time from the last keystroke on
 * /buscar to the first result on screen.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../tests/e2e/chromium.ts';
import type { NameEntry } from '../../src/lib/search/name-match.ts';
import type { Pagefind, PagefindResult } from '../../src/features/search/pagefind.ts';
import type { CategoryName } from '../../src/lib/tasks/vocabulary.ts';
import { RELEVANCE_SET, TASK_RELEVANCE_SET, scoreRelevance, type RelevanceScore } from '../../src/features/search/relevance-set.ts';
import { searchTools } from '../../src/features/search/search-engine.ts';
import { SEARCH_NAMES_PATH } from '../../src/lib/search/search.ts';

/**
 * The categories the search page offers and matches queries against: the options of its category filter, as the
 * build wrote them into /buscar (the page reads them from that same list).
 */
export function searchPageCategories(html: string): CategoryName[] {
  const start = html.indexOf('id="search-category"');
  if (start < 0) return [];
  const select = html.slice(start, html.indexOf('</select>', start));
  const text = (value: string) =>
    value.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&');
  return [...select.matchAll(/<option value="([^"]+)"[^>]*>([^<]*)<\/option>/g)].map((match) => ({ slug: text(match[1]!), name: text(match[2]!) }));
}

export interface RelevanceResult {
  now: RelevanceScore;
  pagefindAlone: RelevanceScore;
}

/** Scores the relevance set against the Pagefind bundle and names file of a built client folder. */
export async function measureRelevance(clientDir: string): Promise<RelevanceResult> {
  const realFetch = globalThis.fetch;
  // The bundle fetches its index files; from Node they are read from disk.
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (url.protocol === 'file:') return new Response(await readFile(url));
    return realFetch(input, init);
  };
  try {
    const bundleDir = path.join(clientDir, 'pagefind');
    const pagefind = (await import(pathToFileURL(path.join(bundleDir, 'pagefind.js')).href)) as Pagefind & {
      options(options: { basePath: string }): Promise<void>;
    };
    await pagefind.options({ basePath: pathToFileURL(bundleDir).href + '/' });
    const names = JSON.parse(await readFile(path.join(clientDir, SEARCH_NAMES_PATH), 'utf8')) as NameEntry[];
    // Without them a query naming a category, or asking for alternatives to a tool (its primary category), finds nothing.
    const categories = searchPageCategories(await readFile(path.join(clientDir, 'buscar.html'), 'utf8'));
    if (categories.length === 0) throw new Error(`No hay categorías en el filtro de ${path.join(clientDir, 'buscar.html')}.`);
    const slugs = (hits: PagefindResult[]) => Promise.all(hits.map(async (hit) => (await hit.data()).url.split('/').pop()!));
    // Names, typos and gibberish and everyday tasks, scored together.
    const cases = [...RELEVANCE_SET, ...TASK_RELEVANCE_SET];
    return {
      now: await scoreRelevance(async (query) => slugs((await searchTools(pagefind, names, query, '', categories)).hits), cases),
      pagefindAlone: await scoreRelevance(async (query) => slugs((await pagefind.search(query)).results), cases),
    };
  } finally {
    globalThis.fetch = realFetch;
  }
}

export interface FirstResultTimes {
  /** The first search of a visit: the index and the names file load then. */
  firstMs: number;
  /** Median of the searches after it. */
  medianMs: number;
  samples: number;
}

const TYPED = ['midjourney', 'transcripción', 'chatgtp', 'editor de vídeo', 'stabel diffusion', 'clonar voz', 'notion', 'presentaciones', 'deepl', 'avatares'];

/** Types each query on /buscar and times the last keystroke to the first result card painted. */
export async function measureTimeToFirstResult(serverUrl: string): Promise<FirstResultTimes> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'es-ES' });
    await page.goto(`${serverUrl}/buscar`);
    await page.locator('[data-search-page][data-search-ready]').waitFor({ state: 'attached', timeout: 30_000 });
    const box = page.getByRole('searchbox', { name: 'Buscar herramientas de IA' });
    const times: number[] = [];
    for (const query of TYPED) {
      await box.fill(query.slice(0, -1));
      const elapsed = page.evaluate(
        (expected) =>
          new Promise<number>((resolve, reject) => {
            const input = document.querySelector<HTMLInputElement>('#search-query')!;
            let started = 0;
            const seen = () => {
              const status = document.querySelector('main [role="status"]')?.textContent ?? '';
              return started > 0 && status.endsWith(`«${expected}»`) && document.querySelector('ul[aria-labelledby="search-results"] > li article') !== null;
            };
            const observer = new MutationObserver(() => {
              if (!seen()) return;
              observer.disconnect();
              // The frame that shows it.
              requestAnimationFrame(() => resolve(performance.now() - started));
            });
            observer.observe(document.body, { childList: true, subtree: true, characterData: true });
            input.addEventListener('input', () => (started = performance.now()), { once: true });
            setTimeout(() => reject(new Error(`sin resultados para «${expected}»`)), 15_000);
          }),
        query,
      );
      await box.press(query.slice(-1));
      times.push(await elapsed);
    }
    const rest = times.slice(1).sort((a, b) => a - b);
    return { firstMs: times[0]!, medianMs: rest[Math.floor(rest.length / 2)]!, samples: times.length };
  } finally {
    await browser.close();
  }
}

export interface FirstSuggestionTimes {
  /** The first keystroke after the box got focus: its module and the suggestions file may still be arriving. */
  firstMs: number;
  /** Median of the keystrokes after it. */
  medianMs: number;
  samples: number;
}

/** What the header search box is given, one keystroke at a time, emptied between them. */
const SUGGESTED = ['midjourney', 'transcrip', 'chatgpt', 'editor de imagen', 'notion', 'vídeo'];

/**
 * On a tool page, focuses the header search box (as `/` does) and types, timing each keystroke to the moment the
 * suggestions it asked for are in the page (target: < 100 ms on the 1,006-tool catalogue). Spaces and keystrokes whose
 * text suggests nothing are not timed.
 */
export async function measureTimeToFirstSuggestion(serverUrl: string, pathname = '/chatgpt'): Promise<FirstSuggestionTimes> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'es-ES' });
    await page.goto(`${serverUrl}${pathname}`, { waitUntil: 'load' });
    await page.keyboard.press('/');
    // A recorder in the page, in place before the first key: each input event starts a clock that the list showing
    // suggestions for that same text stops.
    await page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('input[data-header-search-input]:focus')!;
      const list = document.getElementById(input.getAttribute('aria-controls')!)!;
      const shown: Record<string, number> = {};
      let pending: { text: string; started: number } | null = null;
      // Captured at the document, before any listener of the box can act on the keystroke.
      document.addEventListener('input', () => (pending = { text: input.value, started: performance.now() }), { capture: true });
      const observer = new MutationObserver(() => {
        const current = pending;
        if (!current || input.value !== current.text || list.hidden || !list.querySelector('[role="option"]')) return;
        pending = null;
        // When the options are in the page; not at the next animation frame, which headless Chromium may hold back.
        shown[current.text] = performance.now() - current.started;
      });
      observer.observe(list, { childList: true, subtree: true, attributes: true });
      // Held by the page, so that it outlives this call.
      Object.assign(window, { suggestionTimes: shown, suggestionObserver: observer });
    });
    const times: number[] = [];
    for (const query of SUGGESTED) {
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Backspace');
      let typed = '';
      for (const key of query) {
        typed += key;
        await page.keyboard.type(key);
        if (key === ' ') continue;
        // Wrapped, so that a time of 0 ms counts as an answer; nothing to suggest for this text is not a timing.
        const timing = await page
          .waitForFunction(
            (text) => {
              const ms = (window as unknown as { suggestionTimes: Record<string, number | undefined> }).suggestionTimes[text];
              return ms === undefined ? false : ([ms] as [number]);
            },
            typed,
            { timeout: 3_000, polling: 10 },
          )
          .then((handle) => handle.jsonValue())
          .catch(() => null);
        if (timing) times.push(timing[0]);
      }
    }
    if (times.length < 2) throw new Error('la caja de la cabecera no sugirió nada');
    const rest = times.slice(1).sort((a, b) => a - b);
    return { firstMs: times[0]!, medianMs: rest[Math.floor(rest.length / 2)]!, samples: times.length };
  } finally {
    await browser.close();
  }
}
