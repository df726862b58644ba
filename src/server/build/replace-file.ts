/**
 * Writes a file by renaming a complete temporary one over it: in a build made of hard links to the served build,
 * writing into the existing file would change the served one too, and a reader never sees half a file.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export async function replaceFile(file: string, content: string | Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, file);
}
