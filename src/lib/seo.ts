/** SEO rules of SPEC §9 and the JSON-LD objects our pages publish. */

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

/** Offers by pricing model: free and open source cost 0 EUR; freemium starts at 0 EUR; paid and unknown state no price. */
export function softwareApplicationJsonLd(tool: {
  title: string;
  description: string;
  url: string;
  externalUrl: string | null;
  category: string | null;
  pricing: 'free' | 'freemium' | 'paid' | 'open_source' | 'unknown';
  image: string;
  dateModified: string;
}): JsonLd {
  const data: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: tool.title,
    description: tool.description,
    url: tool.url,
    image: tool.image,
    applicationCategory: tool.category ?? 'BusinessApplication',
    operatingSystem: 'Web',
    inLanguage: 'es-ES',
    dateModified: tool.dateModified,
  };
  if (tool.externalUrl) data.sameAs = tool.externalUrl;
  if (tool.pricing === 'free' || tool.pricing === 'open_source' || tool.pricing === 'freemium') {
    data.offers = {
      '@type': 'Offer',
      price: '0',
      priceCurrency: 'EUR',
      description: tool.pricing === 'freemium' ? 'Plan gratuito con planes de pago opcionales' : 'Gratis',
    };
  }
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
