/**
 * What posts.image_url and posts.logo_url hold (a storage key for files we stored: curated logos, enriched
 * images, uploads; a legacy /media/ path; or an address an author typed) turned into the URL a browser loads.
 */
import { keyOf, type ServedWidth } from '../storage/driver.ts';
import { getStorage } from '../storage/storage.ts';

/** SPEC §7: cards load images 600 px wide; the tool page's header is wider. */
export const CARD_IMAGE_WIDTH: ServedWidth = 600;
export const PAGE_IMAGE_WIDTH: ServedWidth = 900;

export function publicImageUrl(reference: string | null | undefined, width?: ServedWidth): string | null {
  if (!reference) return null;
  const key = keyOf(reference);
  if (key) return getStorage().url(key, width ? { width } : undefined);
  // Anything else must be a web address; a stray value never reaches an src attribute.
  return /^https?:\/\/[^\s"'<>]+$/i.test(reference) ? reference : null;
}

/** The tool with browser-ready image and logo URLs (logos are stored 256 px wide and served as they are). */
export function withPublicImages<T extends { imageUrl: string | null; logoUrl: string | null }>(tool: T, imageWidth: ServedWidth = CARD_IMAGE_WIDTH): T {
  return { ...tool, imageUrl: publicImageUrl(tool.imageUrl, imageWidth), logoUrl: publicImageUrl(tool.logoUrl) };
}

/** An absolute URL for feeds and the public API, whose readers are not on our pages. */
export function absoluteUrl(url: string | null, siteUrl: string): string | null {
  return url ? new URL(url, `${siteUrl}/`).href : null;
}
