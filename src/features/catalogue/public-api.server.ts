/**
 * GET /api/v1/tools: the published catalogue as JSON for others to build on. Paged, filterable by
 * category and pricing, open to any origin (CORS), cacheable by browsers and CDNs. Only public fields leave:
 * never an author's e-mail, a moderation note or a link-check detail. Documented in the README.
 */
import type { APIRoute } from 'astro';
import { pricingModels } from '../../lib/pricing.ts';
import type { ToolFacts } from '../../lib/tool-facts.ts';
import { toolPath } from '../../lib/tool-card.ts';
import { z } from '../../lib/zod.ts';
import { microCache } from '../../server/cache/micro-cache.ts';
import { absoluteUrl } from '../../server/storage/references.ts';
import { listApiTools, type ApiToolQuery } from '../../server/db/queries/public/api.ts';
import { endpoint, json } from '../../server/http/endpoint.ts';
import { siteConfig } from '../../server/site.ts';

export const API_DEFAULT_PER_PAGE = 24;
export const API_MAX_PER_PAGE = 100;

/** Five minutes in browsers, ten on a CDN, and a stale copy while it refreshes: the catalogue changes slowly. */
export const API_CACHE_CONTROL = 'public, max-age=300, s-maxage=600, stale-while-revalidate=3600';

/** Any origin may read; nothing here depends on cookies, so no credentials are allowed. */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'content-type',
  'access-control-max-age': '86400',
};

const pageNumber = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} debe ser un número entero entre 1 y ${max}.` })
    .int({ error: `${name} debe ser un número entero entre 1 y ${max}.` })
    .min(1, { error: `${name} debe ser un número entero entre 1 y ${max}.` })
    .max(max, { error: `${name} debe ser un número entero entre 1 y ${max}.` });

export const apiToolsQuery = z.object({
  page: pageNumber('page', 10_000).default(1),
  per_page: pageNumber('per_page', API_MAX_PER_PAGE).default(API_DEFAULT_PER_PAGE),
  category: z
    .string()
    .max(80, { error: 'category no es una categoría válida.' })
    .regex(/^[a-z0-9-]+$/, { error: 'category no es una categoría válida.' })
    .optional(),
  pricing: z.enum(pricingModels, { error: `pricing debe ser uno de: ${pricingModels.join(', ')}.` }).optional(),
});

export interface ApiTool {
  id: string;
  slug: string;
  name: string;
  description: string;
  /** The tool's own site. */
  url: string | null;
  /** Its page on this site. */
  page: string;
  image: string | null;
  logo: string | null;
  pricing: string;
  categories: { slug: string; name: string }[];
  featured: boolean;
  verified: boolean;
  publishedAt: string;
  updatedAt: string;
  facts: ApiToolFacts;
}

/** A tool's facts as the API gives them: "unknown" answers and null values where nobody knows (never a guess). */
export interface ApiToolFacts {
  spanish: { interface: ToolFacts['spanishInterface']; output: ToolFacts['spanishOutput']; voice: ToolFacts['spanishVoice'] };
  freePlan: ToolFacts['freePlan'];
  priceFrom: ToolFacts['priceFrom'];
  platforms: ToolFacts['platforms'];
  openSource: ToolFacts['openSource'];
  license: string | null;
  company: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
  launchYear: number | null;
  signupRequired: ToolFacts['signupRequired'];
  /** When they were last checked (ISO 8601), null while nobody has checked them. Who checked is not public. */
  checkedAt: string | null;
}

export function apiToolFacts(facts: ToolFacts): ApiToolFacts {
  return {
    spanish: { interface: facts.spanishInterface, output: facts.spanishOutput, voice: facts.spanishVoice },
    freePlan: facts.freePlan,
    priceFrom: facts.priceFrom,
    platforms: facts.platforms,
    openSource: facts.openSource,
    license: facts.license,
    company: facts.company,
    country: facts.country,
    launchYear: facts.launchYear,
    signupRequired: facts.signupRequired,
    checkedAt: facts.checkedAt,
  };
}

export interface ApiToolsPage {
  data: ApiTool[];
  pagination: { page: number; perPage: number; total: number; totalPages: number };
  links: { self: string; next: string | null; prev: string | null };
}

type Lister = (query: ApiToolQuery) => ReturnType<typeof listApiTools>;

const cachedPages = microCache<Awaited<ReturnType<typeof listApiTools>>>(30_000);
const cachedList: Lister = (query) => cachedPages(JSON.stringify(query), () => listApiTools(query));

function pageLink(siteUrl: string, query: ApiToolQuery, page: number): string {
  const url = new URL('/api/v1/tools', `${siteUrl}/`);
  url.searchParams.set('page', String(page));
  url.searchParams.set('per_page', String(query.perPage));
  if (query.category) url.searchParams.set('category', query.category);
  if (query.pricing) url.searchParams.set('pricing', query.pricing);
  return url.href;
}

/** Adds the CORS headers to whatever the route answers, errors included, so other sites can read them too. */
function withCors(route: APIRoute): APIRoute {
  return async (context) => {
    const response = await route(context);
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(CORS_HEADERS)) headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}

export function apiToolsEndpoint(list: Lister = cachedList, site: () => { url: string } = siteConfig): APIRoute {
  return withCors(
    endpoint({
      // Other sites call it by design; a GET changes nothing, and no cookie decides what it returns.
      sameOrigin: false,
      query: apiToolsQuery,
      handle: async ({ query: params }) => {
        const query: ApiToolQuery = { page: params.page, perPage: params.per_page, category: params.category, pricing: params.pricing };
        const { url: siteUrl } = site();
        const { total, tools } = await list(query);
        const totalPages = Math.ceil(total / query.perPage);
        const body: ApiToolsPage = {
          data: tools.map((tool) => ({
            id: tool.id,
            slug: tool.slug,
            name: tool.title,
            description: tool.description,
            url: tool.url,
            page: new URL(toolPath(tool), `${siteUrl}/`).href,
            image: absoluteUrl(tool.imageUrl, siteUrl),
            logo: absoluteUrl(tool.logoUrl, siteUrl),
            pricing: tool.pricing,
            categories: tool.categories.map(({ slug, name }) => ({ slug, name })),
            featured: tool.isFeatured,
            verified: tool.isVerified,
            publishedAt: tool.publishedAt.toISOString(),
            updatedAt: tool.updatedAt.toISOString(),
            facts: apiToolFacts(tool.facts),
          })),
          pagination: { page: query.page, perPage: query.perPage, total, totalPages },
          links: {
            self: pageLink(siteUrl, query, query.page),
            next: query.page < totalPages ? pageLink(siteUrl, query, query.page + 1) : null,
            prev: query.page > 1 ? pageLink(siteUrl, query, Math.min(query.page - 1, Math.max(totalPages, 1))) : null,
          },
        };
        return json(body, 200, { 'cache-control': API_CACHE_CONTROL });
      },
    }),
  );
}

/** The answer to a browser's preflight: the same CORS headers, nothing else. */
export const apiPreflight: APIRoute = () => new Response(null, { status: 204, headers: { ...CORS_HEADERS, 'cache-control': 'public, max-age=86400' } });
