/**
 * The search index's record format (SPEC §2 "Search", §5 search matching), shared by the build that writes
 * Pagefind records and the island that reads them back as tool cards without another request.
 */
import { pricingModels, type PricingModel } from '../../lib/pricing.ts';
import type { CategoryChip, ToolCardData } from '../../lib/tool-card.ts';

/** Pagefind filter names, also the query parameter of the category filter. */
export const SEARCH_CATEGORY_FILTER = 'categoria';
export const SEARCH_PRICING_FILTER = 'precio';

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
export const exampleSearches = ['generador de imágenes', 'transcripción', 'código', 'presentaciones', 'voz'] as const;

/** The metadata field that holds a result's card, as HTML rendered at build time by ToolCard. */
export const SEARCH_CARD_META = 'card';

/** Pagefind metadata is string-valued, so card fields travel as strings and a JSON list of categories. */
export type SearchMeta = Record<string, string>;

/**
 * The text Pagefind matches. It stays as written: Pagefind 1.5 already matches without accents and case
 * ('imagenes' finds 'imágenes', 'diseno' finds 'diseño') and stems Spanish ('generador' finds 'generadores').
 */
export function searchableText(parts: readonly (string | null | undefined)[]): string {
  return parts.filter(Boolean).join('\n');
}

/** The query as typed, trimmed and with whitespace collapsed; empty means there is nothing to search (SPEC §5). */
export function searchQuery(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function toSearchMeta(tool: ToolCardData): SearchMeta {
  const meta: SearchMeta = {
    title: tool.title,
    id: tool.id,
    slug: tool.slug,
    description: tool.description,
    pricing: tool.pricing,
    categories: JSON.stringify(tool.categories),
  };
  if (tool.url) meta.url = tool.url;
  // Pagefind reserves 'image' for its own result thumbnails; ours keeps a name of its own.
  if (tool.imageUrl) meta.imageUrl = tool.imageUrl;
  if (tool.logoUrl) meta.logoUrl = tool.logoUrl;
  if (tool.isFeatured) meta.featured = 'true';
  if (tool.isPopular) meta.popular = 'true';
  if (tool.isVerified) meta.verified = 'true';
  if (tool.discontinued) meta.discontinued = 'true';
  return meta;
}

function parseCategories(json: string | undefined): CategoryChip[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed as CategoryChip[]) : [];
  } catch {
    return [];
  }
}

/** Reads a result's metadata back into what ToolCard renders. */
export function fromSearchMeta(meta: SearchMeta): ToolCardData {
  const pricing = (pricingModels as readonly string[]).includes(meta.pricing ?? '') ? (meta.pricing as PricingModel) : 'unknown';
  return {
    id: meta.id ?? '',
    slug: meta.slug ?? '',
    title: meta.title ?? '',
    description: meta.description ?? '',
    url: meta.url ?? null,
    imageUrl: meta.imageUrl ?? null,
    logoUrl: meta.logoUrl ?? null,
    pricing,
    isFeatured: meta.featured === 'true',
    isPopular: meta.popular === 'true',
    isVerified: meta.verified === 'true',
    ...(meta.discontinued === 'true' ? { discontinued: true } : {}),
    categories: parseCategories(meta.categories),
  };
}

/** 'N resultados para «q»' with SPEC's singular/plural. */
export function resultCountLabel(count: number, query: string): string {
  const noun = count === 1 ? 'resultado' : 'resultados';
  return `${count.toLocaleString('es-ES')} ${noun} para «${query}»`;
}

/** The address of a search: /buscar?q=…&categoria=… */
export function searchHref(query: string, category = ''): string {
  const params = new URLSearchParams();
  if (query) params.set('q', query);
  if (category) params.set(SEARCH_CATEGORY_FILTER, category);
  const search = params.toString();
  return search ? `/buscar?${search}` : '/buscar';
}
