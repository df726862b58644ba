import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTree, entriesUnder, holds, linkWholeTree, locate, startLayer } from './build-tree.ts';
import type { BuildInfo } from './builds.ts';

let builds: string;
const info = (id: string, layer?: Pick<BuildInfo, 'layerOf' | 'removedFiles'>): BuildInfo => ({
  id,
  fingerprint: id,
  contentVersion: 1,
  builtAt: '',
  durationMs: 1,
  pages: 3,
  ...layer,
});

async function write(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
}

const FULL = '20261126100000000';
const LAYER = '20261126110000000';

beforeAll(async () => {
  builds = await mkdtemp(path.join(os.tmpdir(), 'build-tree-'));
  for (const file of [
    'index.html',
    'index.html.br',
    'chatgpt.html',
    'chatgpt.html.gz',
    'categoria/imagen.html',
    'categoria/imagen/pagina/2.html',
    'sitemap-1.xml',
  ]) {
    await write(path.join(builds, FULL, 'client', file), `completa ${file}`);
  }
  await write(path.join(builds, FULL, 'build-info.json'), '{}');
  for (const file of ['index.html', 'index.html.br', 'categoria/imagen/pagina/3.html']) await write(path.join(builds, LAYER, 'client', file), `capa ${file}`);
});

afterAll(() => rm(builds, { recursive: true, force: true }));

const layered = () => buildTree(builds, { dir: path.join(builds, LAYER), info: info(LAYER, { layerOf: FULL, removedFiles: ['chatgpt.html'] }) });

describe('build trees', () => {
  it('reads a full build as its own folder and a layer as its files over the build it names', async () => {
    expect(await buildTree(builds, { dir: path.join(builds, FULL), info: info(FULL) })).toEqual({ baseDir: path.join(builds, FULL) });
    const tree = await layered();
    expect(tree.baseDir).toBe(path.join(builds, FULL));
    expect([...tree.layer!.files].sort()).toEqual(['categoria/imagen/pagina/3.html', 'index.html', 'index.html.br']);
  });

  it('finds each file in the layer, else in the full tree, and none of a removed page', async () => {
    const tree = await layered();
    expect(locate(tree, 'index.html')).toBe(path.join(builds, LAYER, 'client', 'index.html'));
    expect(locate(tree, 'categoria/imagen.html')).toBe(path.join(builds, FULL, 'client', 'categoria/imagen.html'));
    expect(locate(tree, 'chatgpt.html')).toBeUndefined();
    expect(locate(tree, 'chatgpt.html.gz')).toBeUndefined();
    expect(await holds(tree, 'categoria/imagen/pagina/3.html')).toBe(true);
    expect(await holds(tree, 'chatgpt.html')).toBe(false);
    expect(await holds(tree, 'nada.html')).toBe(false);
  });

  it('lists a folder through the layer', async () => {
    const tree = await layered();
    expect((await entriesUnder(tree, 'categoria', { recursive: true })).filter((name) => name.endsWith('.html')).sort()).toEqual([
      'imagen.html',
      'imagen/pagina/2.html',
      'imagen/pagina/3.html',
    ]);
    expect((await entriesUnder(tree, '', { recursive: false })).sort()).toEqual(['categoria', 'index.html', 'index.html.br', 'sitemap-1.xml']);
  });

  it('links the whole tree a layer serves, and starts a new layer from it over the same full build', async () => {
    const tree = await layered();
    const whole = path.join(builds, 'entera');
    await linkWholeTree(tree, whole, (relative) => relative === 'build-info.json');
    const files = (await readdir(path.join(whole, 'client'), { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
    expect(files.map((entry) => path.relative(path.join(whole, 'client'), path.join(entry.parentPath, entry.name))).sort()).toEqual([
      'categoria/imagen.html',
      'categoria/imagen/pagina/2.html',
      'categoria/imagen/pagina/3.html',
      'index.html',
      'index.html.br',
      'sitemap-1.xml',
    ]);
    expect(await readFile(path.join(whole, 'client', 'index.html'), 'utf8')).toBe('capa index.html');
    await expect(stat(path.join(whole, 'build-info.json'))).rejects.toThrow();

    const next = path.join(builds, 'siguiente');
    const started = await startLayer(tree, next, (relative) => relative === path.join('client', 'index.html'));
    expect(started.layerOf).toBe(FULL);
    expect([...started.removed]).toEqual(['chatgpt.html']);
    expect((await readdir(path.join(next, 'client'), { recursive: true })).sort()).toEqual([
      'categoria',
      'categoria/imagen',
      'categoria/imagen/pagina',
      'categoria/imagen/pagina/3.html',
      'index.html.br',
    ]);
  });
});
