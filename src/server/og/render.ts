/** Rasterises our SVG templates to PNG (sharp's librsvg), kept on disk by the hash of their SVG. */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { serverEnv } from '../env.ts';
import { concurrencyLimit, singleFlight } from './draw-queue.ts';

/**
 * An image's content key (SHA-256 of its SVG, hex): it names the cached file and makes the image's ETag. A change of
 * title, category or price changes the SVG and so the key: the cache never needs clearing, and an image whose key a
 * client already has is the same image.
 */
export function imageKey(svg: string): string {
  return createHash('sha256').update(svg).digest('hex');
}

/**
 * Opaque RGB PNG at zlib level 6. The templates' gradients run top to bottom, so each row is nearly
 * uniform and PNG's filters compress it cheaply (a diagonal gradient costs half as much again);
 * a palette would shrink files by a quarter but quantising takes four times as long.
 */
function rasterise(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).removeAlpha().png({ compressionLevel: 6 }).toBuffer();
}

/** Half the cores draw at most (one on this 2-core machine): the others keep serving pages during a burst of first requests. */
const DRAWS_AT_ONCE = Math.max(1, Math.floor(availableParallelism() / 2));

/**
 * PNGs by content key under one folder, shared by builds (the site's image and logo) and every serving process (the
 * tools' images, on their first request: docs/decisions/015): an image is drawn once per content.
 */
export class PngCache {
  private readonly once = singleFlight<Uint8Array<ArrayBuffer>>();
  private readonly limit: ReturnType<typeof concurrencyLimit>;
  private readonly dir: string;
  /** Images this process has drawn (not read from disk) with this cache. */
  drawn = 0;

  constructor(dir: string, drawsAtOnce = DRAWS_AT_ONCE) {
    this.dir = dir;
    this.limit = concurrencyLimit(drawsAtOnce);
  }

  private file(key: string): string {
    return path.join(this.dir, key.slice(0, 2), `${key}.png`);
  }

  /** The image of this SVG: from disk, or drawn now (once, however many ask for it at the same time) and kept. */
  png(svg: string, key = imageKey(svg)): Promise<Uint8Array<ArrayBuffer>> {
    return this.once(key, () => this.readOrDraw(svg, key));
  }

  private async readOrDraw(svg: string, key: string): Promise<Uint8Array<ArrayBuffer>> {
    const file = this.file(key);
    const cached = await readFile(file).catch(() => undefined);
    if (cached) return new Uint8Array(cached);
    const png = await this.limit(() => {
      this.drawn++;
      return rasterise(svg);
    });
    // A cache we cannot write (read-only disk) only costs time; the temporary name keeps readers, other processes
    // included, from half files.
    const temporary = `${file}.${process.pid}.tmp`;
    await mkdir(path.dirname(file), { recursive: true })
      .then(() => writeFile(temporary, png))
      .then(() => rename(temporary, file))
      .catch(() => undefined);
    return new Uint8Array(png);
  }
}

let shared: PngCache | undefined;

/** The cache in DATA_DIR/cache/og. */
export function sharedPngCache(): PngCache {
  shared ??= new PngCache(path.resolve(serverEnv().DATA_DIR, 'cache', 'og'));
  return shared;
}

export function svgToPng(svg: string): Promise<Uint8Array<ArrayBuffer>> {
  return sharedPngCache().png(svg);
}
