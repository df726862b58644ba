import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { entriesWithin, linkTree } from './link-tree.ts';
import { precompressDirectory, precompressFiles } from './precompress.ts';
import { replaceFile } from './replace-file.ts';

let scratch: string | undefined;
afterEach(() => (scratch ? rm(scratch, { recursive: true, force: true }) : undefined));

const inode = async (file: string) => (await stat(file)).ino;

describe('a build made of hard links to the served one', () => {
  it('shares the files it does not skip, and writing a page never changes the served copy', async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'link-tree-'));
    const served = path.join(scratch, 'served');
    const next = path.join(scratch, 'next');
    await mkdir(path.join(served, 'client', 'pagefind'), { recursive: true });
    const page = '<p>' + 'Herramientas de inteligencia artificial. '.repeat(40) + '</p>';
    await writeFile(path.join(served, 'client', 'index.html'), page);
    await writeFile(path.join(served, 'client', 'chatgpt.html'), page);
    await writeFile(path.join(served, 'client', 'pagefind', 'pagefind.js'), 'export {}');
    await precompressDirectory(path.join(served, 'client'));

    const linked = await linkTree(served, next, (relative) => relative.startsWith(path.join('client', 'pagefind')));
    expect(linked).toBe(6);
    await expect(stat(path.join(next, 'client', 'pagefind'))).rejects.toThrow();
    expect(await inode(path.join(next, 'client', 'index.html'))).toBe(await inode(path.join(served, 'client', 'index.html')));

    // A page written again with other bytes: its own file and copies; the served build keeps its own.
    await replaceFile(path.join(next, 'client', 'index.html'), page.replace('artificial', 'generativa'));
    // A page written again with the same bytes: its copies stay the served build's, by hard link.
    await replaceFile(path.join(next, 'client', 'chatgpt.html'), page);
    const files = ['index.html', 'chatgpt.html'].map((file) => path.join(next, 'client', file));
    await precompressFiles(path.join(next, 'client'), files, (file) => path.join(served, 'client', path.basename(file)));

    expect(await readFile(path.join(served, 'client', 'index.html'), 'utf8')).toBe(page);
    expect(await inode(path.join(next, 'client', 'index.html.br'))).not.toBe(await inode(path.join(served, 'client', 'index.html.br')));
    expect(await inode(path.join(next, 'client', 'chatgpt.html.gz'))).toBe(await inode(path.join(served, 'client', 'chatgpt.html.gz')));
    expect(await inode(path.join(next, 'client', 'chatgpt.html.br'))).toBe(await inode(path.join(served, 'client', 'chatgpt.html.br')));
  });
});

describe('the entries under a folder', () => {
  it('names each relative to the folder however the folder is written, as path.relative does', async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'link-tree-'));
    await mkdir(path.join(scratch, 'client', 'categoria', 'imagen', 'pagina'), { recursive: true });
    for (const file of ['index.html', 'categoria/imagen.html', 'categoria/imagen/pagina/2.html']) await writeFile(path.join(scratch, 'client', file), '');
    const folder = path.join(scratch, 'client');
    const expected = ['categoria', 'index.html', 'categoria/imagen', 'categoria/imagen.html', 'categoria/imagen/pagina', 'categoria/imagen/pagina/2.html'];
    for (const written of [folder, folder + path.sep, path.relative(process.cwd(), folder), path.join(folder, 'categoria', '..')]) {
      const entries = await entriesWithin(written);
      expect(entries.map(({ relative }) => relative).sort(), written).toEqual(expected.map((file) => path.join(file)).sort());
      for (const { entry, relative } of entries) expect(relative).toBe(path.relative(written, path.join(entry.parentPath, entry.name)));
    }
  });
});
