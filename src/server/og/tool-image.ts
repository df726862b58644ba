/**
 * A tool's 1200×630 social image at /og/{slug}.png, drawn on the first request instead of at every build
 * (docs/decisions/015: at 50,000 tools the images were 35 minutes of CPU and 2.3 GB of each build). The drawing is
 * kept in DATA_DIR/cache/og by the hash of its SVG, so later requests, other serving processes and restarts read it
 * from disk, and an edited tool simply gets a new key. Answered by src/pages/[...fallback].astro, where our node
 * server sends every address that is no file of the build: the template draws its icons with React components (.tsx),
 * which only the site's own bundle can load, not the server process itself.
 */
import { pricingLabel } from '../../lib/pricing.ts';
import { getPublishedToolForSocialImage } from '../db/queries/public/tool-page.ts';
import { currentSettings } from '../settings/site-settings.ts';
import { siteConfig } from '../site.ts';
import { imageKey, sharedPngCache, type PngCache } from './render.ts';
import { toolImageSvg } from './template.ts';

const ADDRESS = /^\/og\/([a-z0-9]+(?:-[a-z0-9]+)*)\.png$/;
const MAX_SLUG_LENGTH = 200;

/**
 * The address never changes while the image may (an edit of the title, category or price). An hour, as the
 * prerendered file had, bounds how long a cache shows an old image; after it, the ETag makes checking again a 304 with
 * no body. Social networks keep their own copy far longer whatever we say.
 */
export const SOCIAL_IMAGE_CACHE_CONTROL = 'public, max-age=3600';

/** The slug of a tool's social image address ('/og/chatgpt.png' → 'chatgpt'), or null. */
export function socialImageSlug(pathname: string): string | null {
  const match = ADDRESS.exec(pathname);
  return match && match[1]!.length <= MAX_SLUG_LENGTH ? match[1]! : null;
}

/** The image's ETag: its content key, enough of it to tell any two images apart. */
export function socialImageEtag(key: string): string {
  return `"${key.slice(0, 32)}"`;
}

/** Whether an If-None-Match header names this ETag (a list, weak forms and "*" included). */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

/**
 * The PNG of a published tool's social image, or a 304 when the client has it; null for any other slug, and then
 * nothing is drawn: a guest cannot make the server draw images for tools that do not exist.
 */
export async function toolImageResponse(slug: string, ifNoneMatch: string | null | undefined, cache: PngCache = sharedPngCache()): Promise<Response | null> {
  const [tool] = await Promise.all([getPublishedToolForSocialImage(slug), currentSettings()]);
  if (!tool) return null;
  const svg = toolImageSvg({
    siteName: siteConfig().name,
    title: tool.title,
    categoryName: tool.category?.name ?? null,
    categoryIcon: tool.category?.icon ?? null,
    color: tool.category?.color ?? null,
    pricingLabel: pricingLabel[tool.pricing],
  });
  const key = imageKey(svg);
  const etag = socialImageEtag(key);
  const headers = { 'content-type': 'image/png', 'cache-control': SOCIAL_IMAGE_CACHE_CONTROL, etag };
  if (etagMatches(ifNoneMatch, etag)) return new Response(null, { status: 304, headers });
  const png = await cache.png(svg, key);
  // Stated, not left to chunked encoding: a HEAD answer carries the image's length, as the static file's did.
  return new Response(png, { headers: { ...headers, 'content-length': String(png.byteLength) } });
}
