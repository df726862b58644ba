/**
 * The contract every storage driver keeps, and the rules shared by all of them: what a key
 * looks like, which widths images are served at, and how a stored reference from the database maps back to a key.
 *
 * The database stores keys (`generated/2026-11/<uuid>.jpg`), never URLs: a URL depends on the driver and, with
 * Supabase, on the project, while a key survives moving the files. Rows written before keys hold `/media/<key>`;
 * keyOf() reads both.
 */

/** The widths (and quality) images are served at. */
export const SERVED_WIDTHS = [600, 900, 1200, 1600] as const;
export const SERVED_QUALITY = 85;
export type ServedWidth = (typeof SERVED_WIDTHS)[number];

export interface StorageDriver {
  readonly name: 'local' | 'supabase';
  /** Stores bytes under key; never overwrites: an existing key throws StoredFileExistsError. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Removes the file; a missing file is not an error (a retried delete must succeed). */
  delete(key: string): Promise<void>;
  /** The public URL browsers load the file from; with a width, a copy that wide (never enlarged) at quality 85. */
  url(key: string, options?: { width?: ServedWidth }): string;
}

/** Any storage failure; the message is Spanish and meant for the server log. */
export class StorageError extends Error {
  override name = 'StorageError';
}

export class StoredFileExistsError extends StorageError {
  override name = 'StoredFileExistsError';
}

/** Keys are our own ids, never visitor input: lower-case segments, one extension, no dots elsewhere. */
const KEY_PATTERN = /^(?:[a-z0-9][a-z0-9_-]{0,63}\/){0,4}[a-z0-9][a-z0-9_-]{0,127}\.(?:webp|png|jpg)$/;

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg' };

/** The MIME types a key can have: what a bucket must accept. */
export const STORED_CONTENT_TYPES = [...new Set(Object.values(CONTENT_TYPES))];

export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new StorageError(`Clave de almacenamiento no válida: ${key}`);
}

/** The type a file is served with, from its key's extension. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** Checks the key, and that the type agrees with its extension (the local driver serves by extension). */
export function assertStorable(key: string, contentType: string): void {
  assertValidKey(key);
  if (contentTypeOf(key) !== contentType) throw new StorageError(`${contentType} no corresponde a la extensión de ${key}`);
}

/** The local driver's URLs before the database stored keys: `/media/<key>`. */
const LEGACY_PREFIX = '/media/';

/** The key behind a reference stored in the database (a key, or a legacy `/media/<key>`), or null for anything else. */
export function keyOf(reference: string): string | null {
  const key = reference.startsWith(LEGACY_PREFIX) ? reference.slice(LEGACY_PREFIX.length) : reference;
  return isValidKey(key) ? key : null;
}

/** The public URL of a stored file and of its served widths, ready for src and srcset. */
export interface ServedImage {
  url: string;
  widths: Record<ServedWidth, string>;
}

export function servedImage(storage: StorageDriver, key: string): ServedImage {
  const widths = Object.fromEntries(SERVED_WIDTHS.map((width) => [width, storage.url(key, { width })])) as Record<ServedWidth, string>;
  return { url: storage.url(key), widths };
}
