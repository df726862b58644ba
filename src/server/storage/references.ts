/**
 * Image references as posts store them: a storage key (an upload, `<user>/<timestamp>.jpg`) or, for rows that
 * predate uploads, an absolute http(s) address. Pages and APIs never show a key: they show the URL the
 * configured driver serves it from, at one of SPEC's widths.
 */
import { keyOf, type ServedWidth, type StorageDriver } from './driver.ts';
import { getStorage } from './storage.ts';

/** The URL browsers load a stored image reference from, or null for an empty or unusable one. */
export function publicImageUrl(reference: string | null | undefined, width?: ServedWidth, storage?: StorageDriver): string | null {
  if (!reference) return null;
  const key = keyOf(reference);
  if (key) return (storage ?? getStorage()).url(key, width ? { width } : undefined);
  // Anything else must be a web address; a stray value never reaches an src attribute.
  return /^https?:\/\/[^\s"'<>]+$/i.test(reference) ? reference : null;
}

/**
 * Card and page images at 900 px (a 16:9 card at twice its CSS width). Logos at the narrowest served width: an
 * uploaded one may be 2,400 px wide; the curated ones are 256 px and are never enlarged.
 */
export const CARD_IMAGE_WIDTH = 900 satisfies ServedWidth;
export const LOGO_WIDTH = 600 satisfies ServedWidth;

/** The same row with its image and logo references turned into URLs. */
export function withImageUrls<T extends { imageUrl: string | null; logoUrl: string | null }>(row: T): T {
  return { ...row, imageUrl: publicImageUrl(row.imageUrl, CARD_IMAGE_WIDTH), logoUrl: publicImageUrl(row.logoUrl, LOGO_WIDTH) };
}

/** An absolute URL for feeds and the public API, whose readers are not on our pages. */
export function absoluteUrl(url: string | null, siteUrl: string): string | null {
  return url ? new URL(url, `${siteUrl}/`).href : null;
}
