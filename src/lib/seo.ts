/** SEO length rules and the JSON-LD objects our pages publish. */
import type { PricingModel } from './pricing.ts';
import { formatPriceFrom, type Platform, type ToolFacts } from './tool-facts.ts';

export const META_TITLE_MAX = 60;
export const META_DESCRIPTION_MAX = 160;

/** Cuts text longer than max to max-3 characters plus '...' (SPEC: 57 + '...', 157 + '...'). */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 3).trimEnd()}...` : clean;
}

export function metaTitle(title: string): string {
  return truncate(title, META_TITLE_MAX);
}

export function metaDescription(description: string): string {
  return truncate(description, META_DESCRIPTION_MAX);
}

/** Title plus the site suffix, kept within the meta title limit by shortening the title part. */
export function titleWithSite(title: string, siteName: string): string {
  const suffix = ` | ${siteName}`;
  return `${truncate(title, META_TITLE_MAX - suffix.length)}${suffix}`;
}

export type JsonLd = Record<string, unknown>;

export function organizationJsonLd(site: { name: string; url: string }): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.name,
    url: site.url,
    logo: new URL('/logo-512.png', site.url).href,
  };
}

/** schema.org ItemList of tool pages, in their order, with absolute URLs («IA para…», «Alternativas a…»). */
export function itemListJsonLd(name: string, url: string, tools: readonly { slug: string; title: string }[], siteUrl: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    url,
    numberOfItems: tools.length,
    itemListElement: tools.map((tool, index) => ({ '@type': 'ListItem', position: index + 1, url: `${siteUrl}/${tool.slug}`, name: tool.title })),
  };
}

export function websiteJsonLd(site: { name: string; url: string }): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: site.name,
    url: site.url,
    inLanguage: 'es-ES',
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: new URL('/buscar?q={search_term_string}', site.url).href },
      'query-input': 'required name=search_term_string',
    },
  };
}

export function breadcrumbJsonLd(items: { name: string; url: string }[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, item: item.url })),
  };
}

/** The facts the JSON-LD states; a tool page passes them all, and a source without them states nothing. */
export type JsonLdFacts = Pick<ToolFacts, 'spanishInterface' | 'spanishOutput' | 'freePlan' | 'priceFrom' | 'platforms'>;

const noFacts: JsonLdFacts = { spanishInterface: 'unknown', spanishOutput: 'unknown', freePlan: 'unknown', priceFrom: null, platforms: [] };

// Platforms that are operating systems, in schema.org's usual spelling; an extension, an API or self-hosting is not one.
const operatingSystems: Partial<Record<Platform, string>> = { web: 'Web', ios: 'iOS', android: 'Android', windows: 'Windows', macos: 'macOS', linux: 'Linux' };

/**
 * What the facts say to search engines, and nothing when a fact is unknown: `offers` (a free plan, or a free or
 * open-source pricing model while the free plan is unknown, as a 0 EUR offer; a known price from as its own offer),
 * `operatingSystem` from the platforms, `inLanguage` 'es' when the interface or the answers are in Spanish, and
 * `isAccessibleForFree` (false only when the free plan is known to be absent).
 */
function factsJsonLd(facts: JsonLdFacts, pricing: PricingModel): JsonLd {
  const data: JsonLd = {};
  const offers: JsonLd[] = [];
  const freeByPricing = pricing === 'free' || pricing === 'open_source' || pricing === 'freemium';
  if (facts.freePlan === 'yes' || (facts.freePlan === 'unknown' && freeByPricing)) {
    const description =
      pricing === 'freemium' ? 'Plan gratuito con planes de pago opcionales' : pricing === 'free' || pricing === 'open_source' ? 'Gratis' : 'Plan gratuito';
    offers.push({ '@type': 'Offer', price: '0', priceCurrency: 'EUR', description });
  }
  if (facts.priceFrom) {
    offers.push({
      '@type': 'Offer',
      price: String(facts.priceFrom.amount),
      priceCurrency: facts.priceFrom.currency,
      description: formatPriceFrom(facts.priceFrom),
    });
  }
  if (offers.length > 0) data.offers = offers.length === 1 ? offers[0] : offers;
  const systems = facts.platforms.flatMap((platform) => operatingSystems[platform] ?? []);
  if (systems.length > 0) data.operatingSystem = systems.join(', ');
  if (facts.spanishInterface === 'yes' || facts.spanishOutput === 'yes') data.inLanguage = 'es';
  if (facts.freePlan === 'no') data.isAccessibleForFree = false;
  else if (facts.freePlan === 'yes' || pricing === 'free' || pricing === 'freemium') data.isAccessibleForFree = true;
  return data;
}

/** A tool as schema.org's SoftwareApplication, with what its facts say (factsJsonLd). */
export function softwareApplicationJsonLd(tool: {
  title: string;
  description: string;
  url: string;
  externalUrl: string | null;
  category: string | null;
  pricing: PricingModel;
  image: string;
  dateModified: string;
  facts?: JsonLdFacts | undefined;
}): JsonLd {
  const data: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: tool.title,
    description: tool.description,
    url: tool.url,
    image: tool.image,
    applicationCategory: tool.category ?? 'BusinessApplication',
    dateModified: tool.dateModified,
    ...factsJsonLd(tool.facts ?? noFacts, tool.pricing),
  };
  if (tool.externalUrl) data.sameAs = tool.externalUrl;
  return data;
}

/** A review as the tool page's JSON-LD carries it. */
export interface StructuredReview {
  rating: number;
  title: string;
  body: string;
  authorName: string;
  createdAt: Date;
}

/**
 * `aggregateRating` and `review` for a SoftwareApplication, only where real reviews exist (Google's review
 * snippet rules): the plain average of the published stars (not the ranking's Bayesian score) and their count.
 */
export function ratingJsonLd(totals: { ratingCount: number; ratingSum: number }, reviews: readonly StructuredReview[]): JsonLd {
  if (totals.ratingCount === 0) return {};
  const data: JsonLd = {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: Math.round((totals.ratingSum / totals.ratingCount) * 10) / 10,
      ratingCount: totals.ratingCount,
      bestRating: 5,
      worstRating: 1,
    },
  };
  if (reviews.length > 0) {
    data.review = reviews.map((review) => ({
      '@type': 'Review',
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
      author: { '@type': 'Person', name: review.authorName },
      datePublished: review.createdAt.toISOString(),
      ...(review.title ? { name: review.title } : {}),
      reviewBody: review.body,
    }));
  }
  return data;
}
