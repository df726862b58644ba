/**
 * Where uploaded and generated files live (DESIGN §2 "files"). Callers see only put/delete and a public
 * URL, so the local folder can be swapped for object storage by STORAGE_DRIVER without touching them.
 */
import path from 'node:path';
import { readEnv } from '../env.ts';
import { LocalStorage } from './local.ts';

export interface StorageDriver {
  readonly name: string;
  /** Stores bytes under key (never overwriting) and returns the URL browsers load them from. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<string>;
  /** Removes the file; a missing file is not an error (a retried delete must succeed). */
  delete(key: string): Promise<void>;
  /** The key behind one of this driver's public URLs, or null for any other URL. */
  keyFromUrl(url: string): string | null;
}

/** Keys are our own ids, never visitor input: lower-case segments, one extension, no dots elsewhere. */
const KEY_PATTERN = /^(?:[a-z0-9][a-z0-9_-]{0,63}\/){0,4}[a-z0-9][a-z0-9_-]{0,127}\.(?:webp|png|jpg)$/;

export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Clave de almacenamiento no válida: ${key}`);
}

let driver: StorageDriver | undefined;

export function getStorage(): StorageDriver {
  if (driver) return driver;
  const env = readEnv();
  // STORAGE_DRIVER is validated by the env schema; 'local' is its only value so far.
  driver = new LocalStorage(path.resolve(env.DATA_DIR, 'uploads'));
  return driver;
}
