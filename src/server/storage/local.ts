/**
 * The default storage: files under DATA_DIR/uploads, served by the on-demand /media/[...path] route.
 * Keys are validated before they touch the file system, so no path can leave the uploads folder.
 */
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { assertValidKey, isValidKey, type StorageDriver } from './storage.ts';

export const MEDIA_PREFIX = '/media/';

const CONTENT_TYPES: Record<string, string> = { '.webp': 'image/webp', '.png': 'image/png', '.jpg': 'image/jpeg' };

export class LocalStorage implements StorageDriver {
  readonly name = 'local';

  readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  private fileFor(key: string): string {
    assertValidKey(key);
    const file = path.resolve(this.root, key);
    // Belt and braces: the key pattern already forbids '..', absolute paths and backslashes.
    if (!file.startsWith(this.root + path.sep)) throw new Error(`Clave fuera del almacenamiento: ${key}`);
    return file;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<string> {
    const file = this.fileFor(key);
    // The type is served from the extension, so the two must agree.
    if (CONTENT_TYPES[path.extname(key)] !== contentType) throw new Error(`${contentType} no corresponde a la extensión de ${key}`);
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside then hard-linked into place: a reader never sees half a file, and link() fails
    // with EEXIST instead of overwriting (SPEC §7: uploads never overwrite).
    const temporary = `${file}.${randomUUID()}.tmp`;
    await writeFile(temporary, bytes, { flag: 'wx' });
    try {
      await link(temporary, file);
    } finally {
      await rm(temporary, { force: true });
    }
    return MEDIA_PREFIX + key;
  }

  async delete(key: string): Promise<void> {
    await rm(this.fileFor(key), { force: true });
  }

  keyFromUrl(url: string): string | null {
    if (!url.startsWith(MEDIA_PREFIX)) return null;
    const key = url.slice(MEDIA_PREFIX.length);
    return isValidKey(key) ? key : null;
  }

  /** The stored bytes and their type, or null when the key is malformed or nothing is stored under it. */
  async read(key: string): Promise<{ bytes: Buffer; contentType: string } | null> {
    if (!isValidKey(key)) return null;
    try {
      const bytes = await readFile(this.fileFor(key));
      return { bytes, contentType: CONTENT_TYPES[path.extname(key)] ?? 'application/octet-stream' };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw error;
    }
  }
}
