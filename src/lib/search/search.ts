/**
 * The search index's record format (matching ignores case, accents and repeated spaces), shared by the build that writes
 * Pagefind records and the page that searches them and shows their cards.
 */

import { FACT_FILTER_PARAM, withFactFilterParam } from '../fact-filter-param.ts';

/** Pagefind filter names, also the query parameters of the category and fact filters. */
export const SEARCH_CATEGORY_FILTER = 'categoria';
export const SEARCH_PRICING_FILTER = 'precio';
/** The fact filters a tool passes (gratis, en-espanol, con-api, codigo-abierto): ?filtro=gratis,en-espanol. */
export const SEARCH_FACT_FILTER = FACT_FILTER_PARAM;

/** The names file the build writes next to the index: every tool's [title, slug], best known first. */
export const SEARCH_NAMES_PATH = '/pagefind/nombres.json';

/**
 * A word only one tool's record holds, so the search page can fetch that tool's card from the index when it is
 * found by name (a typo Pagefind cannot see). Letters and digits of the slug behind a prefix no real word has.
 */
export function searchToken(slug: string): string {
  return `brjtool${slug.replace(/[^a-z0-9]/g, '')}`;
}

/** Results shown per 'Cargar más resultados' step; the same page size as the home grid. */
export const SEARCH_PAGE_SIZE = 12;

/** Example searches of the initial page, also offered as suggestions when nothing matches. */
export const exampleSearches = ['hacer presentaciones', 'generador de imágenes', 'quitar el fondo', 'pasar audio a texto', 'programar'] as const;

/** Where the build leaves each result's card, as the HTML ToolCard renders, outside the index: Pagefind indexes
 * every metadata value, and a card's buttons and labels ('Guardar', 'Visitar') would then match every tool. */
export const SEARCH_CARDS_DIR = '/pagefind/tarjetas';
export function searchCardPath(slug: string): string {
  return `${SEARCH_CARDS_DIR}/${slug}.html`;
}

/** Pagefind metadata: a result's name and its category slugs (space-separated), the only words it adds to the index. */
export type SearchMeta = Record<string, string>;

/** The Pagefind filter of use-case tags, and the sort keys: prominence, and each task's own order. */
export const SEARCH_TASK_FILTER = 'tarea';
export const SEARCH_PROMINENCE_SORT = 'rango';
export function taskSortKey(slug: string): string {
  return `t-${slug}`;
}

/**
 * The text Pagefind matches. It stays as written: Pagefind 1.5 already matches without accents and case
 * ('imagenes' finds 'imágenes', 'diseno' finds 'diseño') and stems Spanish ('generador' finds 'generadores').
 */
export function searchableText(parts: readonly (string | null | undefined)[]): string {
  return parts.filter(Boolean).join('\n');
}

/** The query as typed, trimmed and with whitespace collapsed; empty means there is nothing to search. */
export function searchQuery(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** 'N resultados para «q»' with SPEC's singular/plural. */
export function resultCountLabel(count: number, query: string): string {
  const noun = count === 1 ? 'resultado' : 'resultados';
  return `${count.toLocaleString('es-ES')} ${noun} para «${query}»`;
}

/** '13 herramientas', '1 herramienta'. */
export function toolCountLabel(count: number): string {
  return `${count.toLocaleString('es-ES')} ${count === 1 ? 'herramienta' : 'herramientas'}`;
}

/** The address of a search: /buscar?q=…&categoria=…&filtro=… */
export function searchHref(query: string, category = '', facts: readonly string[] = []): string {
  const params = new URLSearchParams();
  if (query) params.set('q', query);
  if (category) params.set(SEARCH_CATEGORY_FILTER, category);
  return `/buscar${withFactFilterParam(params.toString(), facts)}`;
}
