/**
 * Writes a gzip (`.gz`) and a brotli (`.br`) copy next to every text file of a build, whatever its size, so the
 * static server sends compressed bytes without compressing on a request (nginx's gzip_static and brotli_static).
 * A copy that would not be smaller than the file is not written.
 */
import { link, readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { replaceFile } from './replace-file.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** The text formats the static server sends (src/server/http/static-files.ts). */
export const PRECOMPRESSED_EXTENSIONS = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.svg', '.txt', '.webmanifest']);

export const COMPRESSED_SUFFIX = { br: '.br', gzip: '.gz' } as const;

/**
 * Brotli's best quality costs about 40 ms per 50 KB page: worth it for the fingerprinted assets every page shares
 * (few, cached for a year), too slow for thousands of pages, where quality 6 is as fast as gzip -9 and still smaller.
 */
function brotliQuality(relativePath: string): number {
  return relativePath.startsWith(`_astro${path.sep}`) ? constants.BROTLI_MAX_QUALITY : 6;
}

/** Files compressed at once: zlib runs on libuv's thread pool (4 threads), so a few in flight keep it busy. */
const CONCURRENCY = 8;

export interface PrecompressResult {
  files: number;
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

export async function precompressDirectory(root: string): Promise<PrecompressResult> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  return precompressFiles(root, files);
}

/** Where the served build keeps a file of a new one (the same page), if it has it. */
export type ServedCopy = (file: string) => string | undefined;

/** The compressed copies of `file` in the served build, if that build's file has the same bytes. */
async function reusableCopies(previous: ServedCopy, file: string, body: Buffer): Promise<{ gzip: string; br: string } | undefined> {
  const before = previous(file);
  if (!before) return undefined;
  const same = await readFile(before).then(
    (old) => old.equals(body),
    () => false,
  );
  return same ? { gzip: before + COMPRESSED_SUFFIX.gzip, br: before + COMPRESSED_SUFFIX.br } : undefined;
}

/** Hard-links a previous build's compressed copy in place of `to`, or removes `to` when it has none (it was not smaller). */
async function linkCopy(from: string, to: string): Promise<void> {
  await rm(to, { force: true });
  await link(from, to).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

/**
 * Compresses the text files among `files` (paths under `root`). With `previous` (where the served build has each file),
 * a file whose bytes did not change keeps that build's copies as hard links: an incremental rebuild writes the whole
 * search index again, but most of its files come out the same. An aborted `signal` stops it between two files.
 */
export async function precompressFiles(root: string, allFiles: readonly string[], previous?: ServedCopy, signal?: AbortSignal): Promise<PrecompressResult> {
  const files = allFiles.filter((file) => PRECOMPRESSED_EXTENSIONS.has(path.extname(file).toLowerCase()));
  const result: PrecompressResult = { files: 0, bytes: 0, gzipBytes: 0, brotliBytes: 0 };
  let next = 0;
  let failed = false;
  const compress = async (file: string) => {
    const body = await readFile(file);
    result.files += 1;
    result.bytes += body.length;
    const reused = previous ? await reusableCopies(previous, file, body) : undefined;
    if (reused) {
      await linkCopy(reused.gzip, file + COMPRESSED_SUFFIX.gzip);
      await linkCopy(reused.br, file + COMPRESSED_SUFFIX.br);
      return;
    }
    const [gzipped, brotli] = await Promise.all([
      gzipAsync(body, { level: 9 }),
      brotliAsync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: brotliQuality(path.relative(root, file)),
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
    ]);
    // A copy that is not smaller is not written, and one left from the page's previous version is removed.
    if (gzipped.length < body.length) {
      await replaceFile(file + COMPRESSED_SUFFIX.gzip, gzipped);
      result.gzipBytes += gzipped.length;
    } else await rm(file + COMPRESSED_SUFFIX.gzip, { force: true });
    if (brotli.length < body.length) {
      await replaceFile(file + COMPRESSED_SUFFIX.br, brotli);
      result.brotliBytes += brotli.length;
    } else await rm(file + COMPRESSED_SUFFIX.br, { force: true });
  };
  const worker = async () => {
    try {
      while (next < files.length && !failed) {
        signal?.throwIfAborted();
        await compress(files[next++]!);
      }
    } catch (error) {
      failed = true;
      throw error;
    }
  };
  // Every worker stops before this answers, also on a failure: the caller may remove the folder right after.
  const settled = await Promise.allSettled(Array.from({ length: CONCURRENCY }, worker));
  const failure = settled.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  return result;
}
