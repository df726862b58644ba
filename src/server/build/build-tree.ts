/**
 * The files a build serves (docs/decisions/013). A full build's folder holds all of them. A layer, what an
 * incremental rebuild's first pass makes at a large catalogue, holds only the pages it rendered: every other file is
 * the full tree's of the build it names (`BuildInfo.layerOf`), less the pages it took away (`removedFiles`). Linking a
 * whole tree costs seconds per 100,000 files; a layer costs what it rendered, so the change goes live first and the
 * second pass links the complete tree off the approval's path.
 */
import { link, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { CurrentBuild } from './builds.ts';
import { entriesWithin, linkTree } from './link-tree.ts';
import { COMPRESSED_SUFFIX } from './precompress.ts';

const CLIENT = 'client';

export interface BuildLayer {
  /** The layer's build folder. */
  dir: string;
  /** The files it holds, relative to its client folder. */
  files: ReadonlySet<string>;
  /** Pages of the full tree it takes away, relative to the client folder (their compressed copies go with them). */
  removed: ReadonlySet<string>;
}

export interface BuildTree {
  /** The build folder holding the full tree: the build itself, or the one its layer lies over. */
  baseDir: string;
  layer?: BuildLayer;
}

/** Files under a folder, relative to it (none when it does not exist). */
export async function filesIn(folder: string): Promise<string[]> {
  const entries = await entriesWithin(folder).catch(() => []);
  return entries.filter(({ entry }) => entry.isFile()).map(({ relative }) => relative);
}

/** The tree a build serves. */
export async function buildTree(buildsDir: string, build: CurrentBuild): Promise<BuildTree> {
  const { layerOf, removedFiles = [] } = build.info;
  if (!layerOf) return { baseDir: build.dir };
  const files = new Set(await filesIn(path.join(build.dir, CLIENT)));
  return { baseDir: path.resolve(buildsDir, layerOf), layer: { dir: build.dir, files, removed: new Set(removedFiles) } };
}

/** The page a compressed copy belongs to, or the file itself. */
function pageOf(relative: string): string {
  const suffix = Object.values(COMPRESSED_SUFFIX).find((ending) => relative.endsWith(ending));
  return suffix ? relative.slice(0, -suffix.length) : relative;
}

/** Whether the layer takes this client file (a page, or a page's compressed copy) away from its base. */
function isRemoved(layer: BuildLayer, relative: string): boolean {
  return layer.removed.has(relative) || layer.removed.has(pageOf(relative));
}

/** Where the tree keeps a client file, if anywhere but a page the layer removed (the file may not exist). */
export function locate(tree: BuildTree, relative: string): string | undefined {
  const { layer } = tree;
  if (layer?.files.has(relative)) return path.join(layer.dir, CLIENT, relative);
  if (layer && isRemoved(layer, relative)) return undefined;
  return path.join(tree.baseDir, CLIENT, relative);
}

/** Whether the tree serves a client file. */
export async function holds(tree: BuildTree, relative: string): Promise<boolean> {
  const file = locate(tree, relative);
  return (
    file !== undefined &&
    (await stat(file).then(
      (info) => info.isFile(),
      () => false,
    ))
  );
}

/** The names under a client folder of the tree, as readdir gives them (relative to that folder). */
export async function entriesUnder(tree: BuildTree, folder: string, options: { recursive: boolean }): Promise<string[]> {
  const names = new Set(await readdir(path.join(tree.baseDir, CLIENT, folder), options).catch(() => [] as string[]));
  const { layer } = tree;
  if (!layer) return [...names];
  for (const name of names) if (isRemoved(layer, path.join(folder, name))) names.delete(name);
  for (const file of layer.files) {
    const relative = path.relative(folder, file);
    if (relative.startsWith('..') || path.isAbsolute(relative)) continue;
    if (options.recursive || !relative.includes(path.sep)) names.add(relative);
  }
  return [...names];
}

const clientFile = (relative: string) => (relative.startsWith(CLIENT + path.sep) ? relative.slice(CLIENT.length + 1) : undefined);

/**
 * Links the whole tree into `to` (a full build's folder), leaving out what `skip` names (paths relative to the build
 * folder): the base, less what the layer replaces or removes, then the layer's own files.
 */
export async function linkWholeTree(tree: BuildTree, to: string, skip: (relative: string) => boolean, signal?: AbortSignal): Promise<number> {
  const { layer } = tree;
  const overridden = (relative: string) => {
    const file = layer && clientFile(relative);
    return file !== undefined && (layer!.files.has(file) || isRemoved(layer!, file));
  };
  const linked = await linkTree(tree.baseDir, to, (relative) => skip(relative) || overridden(relative), signal);
  if (!layer) return linked;
  return linked + (await linkLayerFiles(layer, to, skip));
}

/** Links a layer's client files into the build folder `to`, but those `skip` names (relative to the build folder). */
async function linkLayerFiles(layer: BuildLayer, to: string, skip: (relative: string) => boolean): Promise<number> {
  let linked = 0;
  for (const file of layer.files) {
    const relative = path.join(CLIENT, file);
    if (skip(relative)) continue;
    await mkdir(path.dirname(path.join(to, relative)), { recursive: true });
    await link(path.join(layer.dir, relative), path.join(to, relative));
    linked += 1;
  }
  return linked;
}

/**
 * Starts a new layer over the same full tree in `to`: a layer made from a layer carries its files (a few hundred at
 * most, linked) and its removals, so every layer lies directly over a full tree. Returns the new layer's base and
 * the pages it removes so far.
 */
export async function startLayer(tree: BuildTree, to: string, skip: (relative: string) => boolean): Promise<{ layerOf: string; removed: Set<string> }> {
  await mkdir(path.join(to, CLIENT), { recursive: true });
  const removed = new Set<string>();
  if (tree.layer) {
    await linkLayerFiles(tree.layer, to, skip);
    for (const file of tree.layer.removed) removed.add(file);
  }
  return { layerOf: path.basename(tree.baseDir), removed };
}
