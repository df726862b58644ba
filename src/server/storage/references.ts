/**
 * Image references as posts store them: a storage key (an upload, `<user>/<timestamp>.jpg`) or, for rows that
 * predate uploads, an absolute http(s) address. Pages and APIs never show a key: they show the URL the
 * configured driver serves it from, at one of SPEC's widths.
 *
 * The other way round, storedKeyOf() tells which of our stored files a value a visitor sent points at, in any
 * of the forms a browser could load it by: the key, `/media/<key>`, an absolute URL on one of our own origins,
 * or the driver's public URL (Supabase's object and render addresses). Whatever names a stored file is a
 * reference to it and goes through the ownership rule of file-owners.ts.
 */
import sanitizeHtml from 'sanitize-html';
import { serverEnv, trustedOrigins } from '../env.ts';
import { isValidKey, keyOf, type ServedWidth, type StorageDriver } from './driver.ts';
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

/** Where a stored value is read: which driver serves the files, and which origins are this site. */
export interface ReferenceContext {
  storage?: StorageDriver;
  origins?: readonly string[];
}

/** A key the driver's URLs are built around, to find the part of its URLs that precedes any key. */
const PROBE_KEY = 'sonda/clave.jpg';

/** The URL prefixes the driver serves files under (the original, and the resized copies when they differ). */
function servedPrefixes(storage: StorageDriver): string[] {
  const urls = [storage.url(PROBE_KEY), storage.url(PROBE_KEY, { width: 600 })];
  return [...new Set(urls.map((url) => url.slice(0, url.indexOf(PROBE_KEY))))];
}

/**
 * The stored file `value` names, or null when it names none (an empty value, someone else's web address).
 * URLs are resolved as a browser would (`..`, `%2e%2e`, stray tabs), so what is checked is what would be loaded.
 */
export function storedKeyOf(value: string, context: ReferenceContext = {}): string | null {
  const direct = keyOf(value);
  if (direct) return direct;
  const origins = context.origins ?? trustedOrigins(serverEnv());
  let url: URL;
  try {
    url = new URL(value, `${origins[0]}/`);
  } catch {
    return null;
  }
  // The server answers what these name as it answers the plain URL: a host's trailing dot is the same host, repeated
  // slashes are one, and a trailing slash is redirected to the file.
  if (url.hostname.endsWith('.')) url.hostname = url.hostname.replace(/\.+$/, '');
  const pathname = url.pathname.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
  for (const prefix of servedPrefixes(context.storage ?? getStorage())) {
    // A relative prefix (the local driver's /media/) is served by every origin of the site.
    const bases = /^https?:\/\//i.test(prefix) ? [new URL(prefix)] : origins.map((origin) => new URL(prefix, `${origin}/`));
    const base = bases.find((candidate) => url.origin === candidate.origin && pathname.startsWith(candidate.pathname));
    if (base) {
      const key = pathname.slice(base.pathname.length);
      return isValidKey(key) ? key : null;
    }
  }
  return null;
}

/** The stored files the images of an (already sanitized) article show. */
export function storedKeysInHtml(html: string, context: ReferenceContext = {}): string[] {
  const sources: string[] = [];
  // The same parser the sanitizer uses, so the src read here is the one a browser gets (entities decoded).
  sanitizeHtml(html, {
    allowedTags: ['img'],
    allowedAttributes: { img: ['src'] },
    transformTags: {
      img: (tagName, attribs) => {
        if (attribs.src) sources.push(attribs.src);
        return { tagName, attribs };
      },
    },
  });
  return [...new Set(sources.flatMap((source) => storedKeyOf(source, context) ?? []))];
}
