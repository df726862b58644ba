/**
 * The search and social columns a publication is stored with, and the
 * head tags and JSON-LD its page renders from them. Publishing generates what the author left empty (meta title
 * 45/42 + site name, description 160/157, WhatsApp rules, featured image, up to 10 keywords); editing falls
 * back to title, description and image or logo, and empty keywords become null.
 */
import { featuredImage, generatedKeywords, generatedMetaDescription, generatedMetaTitle, whatsappDescription, whatsappTitle } from './tool-metadata.ts';
import type { PricingModel } from './pricing.ts';
import {
  breadcrumbJsonLd,
  organizationJsonLd,
  softwareApplicationJsonLd,
  titleWithSite,
  truncate,
  websiteJsonLd,
  type JsonLd,
  type JsonLdFacts,
} from './seo.ts';
import { toolBreadcrumb } from './tool-page.ts';

export interface SeoSource {
  title: string;
  description: string;
  slug: string;
  url: string;
  pricing: PricingModel;
  imageUrl: string;
  logoUrl: string;
  metaTitle: string;
  metaDescription: string;
  keywords: string[];
  author: string;
  categories: { name: string; slug: string }[];
  /** An edit that leaves the facts out keeps the stored ones: the stored JSON-LD then states none of them. */
  facts?: JsonLdFacts | undefined;
}

export interface Site {
  name: string;
  url: string;
}

export interface SeoColumns {
  metaTitle: string;
  metaDescription: string;
  canonicalUrl: string;
  ogTitle: string;
  ogDescription: string;
  ogImage: string | null;
  ogType: 'article';
  twitterTitle: string;
  twitterDescription: string;
  twitterImage: string | null;
  twitterCard: 'summary_large_image';
  whatsappTitle: string;
  whatsappDescription: string;
  whatsappImage: string | null;
  keywords: string[] | null;
  author: string | null;
  structuredData: Record<string, JsonLd>;
}

export const canonicalFor = (slug: string, site: Site) => new URL(`/${slug}`, site.url).href;

/** JSON-LD of a tool page: the application, its breadcrumb, the organisation and the site. */
export function toolStructuredData(
  tool: {
    title: string;
    description: string;
    slug: string;
    url: string | null;
    pricing: PricingModel;
    image: string;
    keywords: string[] | null;
    author: string | null;
    categories: { name: string; slug: string }[];
    dateModified: string;
    datePublished?: string | null;
    facts?: JsonLdFacts | undefined;
  },
  site: Site,
): Record<'article' | 'breadcrumb' | 'organization' | 'website', JsonLd> {
  const absolute = (path: string) => new URL(path, site.url).href;
  const category = tool.categories[0];
  const article: JsonLd = softwareApplicationJsonLd({
    title: tool.title,
    description: tool.description,
    url: canonicalFor(tool.slug, site),
    externalUrl: tool.url,
    category: category?.name ?? null,
    pricing: tool.pricing,
    image: tool.image,
    dateModified: tool.dateModified,
    facts: tool.facts,
  });
  if (tool.keywords?.length) article.keywords = tool.keywords.join(', ');
  if (tool.author) article.author = { '@type': 'Person', name: tool.author };
  if (tool.datePublished) article.datePublished = tool.datePublished;
  const breadcrumb = breadcrumbJsonLd(toolBreadcrumb(tool).map((item) => ({ name: item.name, url: absolute(item.path) })));
  return { article, breadcrumb, organization: organizationJsonLd(site), website: websiteJsonLd(site) };
}

/**
 * The columns to store. 'publish' generates empty fields by the publishing rules of tool-metadata.ts; 'edit' falls back to
 * title, description and image or logo. Image columns hold references (storage keys or addresses);
 * `imageAddress` turns one into the absolute URL the JSON-LD needs.
 */
export function seoColumns(
  source: SeoSource,
  site: Site,
  mode: 'publish' | 'edit',
  imageAddress: (reference: string) => string | null,
  now = new Date(),
): SeoColumns {
  const metaTitle = source.metaTitle || (mode === 'publish' ? generatedMetaTitle(source.title, site.name) : source.title);
  const metaDescription = source.metaDescription || (mode === 'publish' ? generatedMetaDescription(source.description) : source.description);
  const image = featuredImage(source.imageUrl, source.logoUrl) || null;
  const keywords =
    source.keywords.length > 0
      ? source.keywords
      : mode === 'publish'
        ? generatedKeywords({ title: source.title, description: source.description, categoryName: source.categories[0]?.name })
        : null;
  const author = source.author || null;
  // Social titles carry no site suffix: the platforms show the site's name themselves.
  const ogTitle = source.metaTitle || source.title;
  return {
    metaTitle,
    metaDescription,
    canonicalUrl: canonicalFor(source.slug, site),
    ogTitle,
    ogDescription: metaDescription,
    ogImage: image,
    ogType: 'article',
    twitterTitle: ogTitle,
    twitterDescription: metaDescription,
    twitterImage: image,
    twitterCard: 'summary_large_image',
    whatsappTitle: whatsappTitle(source.title),
    whatsappDescription: whatsappDescription(source.description, site.name),
    whatsappImage: image,
    keywords,
    author,
    structuredData: toolStructuredData(
      {
        title: source.title,
        description: metaDescription,
        slug: source.slug,
        url: source.url || null,
        pricing: source.pricing,
        image: (image && imageAddress(image)) || new URL('/og/sitio.png', site.url).href,
        keywords,
        author,
        categories: source.categories,
        facts: source.facts,
        dateModified: now.toISOString(),
      },
      site,
    ),
  };
}

/** The head of a tool page from its stored fields; rows without them (the seeded catalogue) keep the site defaults. */
export interface ToolHead {
  title: string;
  description: string;
  ogTitle: string;
  ogDescription: string;
  twitterTitle: string;
  twitterDescription: string;
  image: string;
  keywords: string[];
  author: string | null;
}

export function toolHead(
  tool: {
    title: string;
    description: string;
    metaTitle: string | null;
    metaDescription: string | null;
    ogTitle: string | null;
    ogDescription: string | null;
    ogImage: string | null;
    twitterTitle: string | null;
    twitterDescription: string | null;
    keywords: string[] | null;
    author: string | null;
  },
  site: Site,
  fallbackImage: string,
): ToolHead {
  const metaTitle = tool.metaTitle?.trim() || tool.title;
  // A generated meta title already ends with the site's name; one typed by the author gets it added.
  const title = metaTitle.endsWith(` | ${site.name}`) ? metaTitle : titleWithSite(metaTitle, site.name);
  const description = truncate(tool.metaDescription?.trim() || tool.description, 160);
  const ogTitle = tool.ogTitle?.trim() || title;
  const ogDescription = tool.ogDescription?.trim() || description;
  return {
    title,
    description,
    ogTitle,
    ogDescription,
    twitterTitle: tool.twitterTitle?.trim() || ogTitle,
    twitterDescription: tool.twitterDescription?.trim() || ogDescription,
    image: tool.ogImage || fallbackImage,
    keywords: tool.keywords ?? [],
    author: tool.author?.trim() || null,
  };
}
