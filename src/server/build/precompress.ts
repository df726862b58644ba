/**
 * Writes a gzip (`.gz`) and a brotli (`.br`) copy next to every text file of a build, whatever its size, so the
 * static server sends compressed bytes without compressing on a request (nginx's gzip_static and brotli_static).
 * A copy that would not be smaller than the file is not written.
 */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

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
  const files = entries
    .filter((entry) => entry.isFile() && PRECOMPRESSED_EXTENSIONS.has(path.extname(entry.name).toLowerCase()))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const result: PrecompressResult = { files: 0, bytes: 0, gzipBytes: 0, brotliBytes: 0 };
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      const body = await readFile(file);
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
      result.files += 1;
      result.bytes += body.length;
      if (gzipped.length < body.length) {
        await writeFile(file + COMPRESSED_SUFFIX.gzip, gzipped);
        result.gzipBytes += gzipped.length;
      }
      if (brotli.length < body.length) {
        await writeFile(file + COMPRESSED_SUFFIX.br, brotli);
        result.brotliBytes += brotli.length;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return result;
}
