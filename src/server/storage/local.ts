/**
 * The default storage: files under DATA_DIR/uploads, served by the on-demand /media/[...path] route
 * (resized there by sharp for ?w=). Keys are validated before they touch the file system, so no path
 * can leave the uploads folder.
 */
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { assertStorable, assertValidKey, contentTypeOf, isValidKey, StoredFileExistsError, type ServedWidth, type StorageDriver } from './driver.ts';

const MEDIA_PREFIX = '/media/';

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

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertStorable(key, contentType);
    const file = this.fileFor(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside then hard-linked into place: a reader never sees half a file, and link() fails
    // with EEXIST instead of overwriting (uploads never overwrite).
    const temporary = `${file}.${randomUUID()}.tmp`;
    await writeFile(temporary, bytes, { flag: 'wx' });
    try {
      await link(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new StoredFileExistsError(`Ya hay un archivo guardado en ${key}`, { cause: error });
      throw error;
    } finally {
      await rm(temporary, { force: true });
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.fileFor(key), { force: true });
  }

  url(key: string, options: { width?: ServedWidth } = {}): string {
    assertValidKey(key);
    return MEDIA_PREFIX + key + (options.width ? `?w=${options.width}` : '');
  }

  /** The stored bytes and their type, or null when the key is malformed or nothing is stored under it. */
  async read(key: string): Promise<{ bytes: Buffer; contentType: string } | null> {
    if (!isValidKey(key)) return null;
    try {
      const bytes = await readFile(this.fileFor(key));
      return { bytes, contentType: contentTypeOf(key) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw error;
    }
  }
}
