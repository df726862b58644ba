/** Rasterises our SVG templates to PNG at build time (sharp's librsvg), with a cache across builds. */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { serverEnv } from '../env.ts';

/**
 * Every rebuild renders a social image per tool, yet only tools that changed need new pixels:
 * images are kept under DATA_DIR by a hash of their SVG, so a rebuild renders just the changed ones.
 */
function cachePath(svg: string): string {
  const key = createHash('sha256').update(svg).digest('hex');
  return path.resolve(serverEnv().DATA_DIR, 'cache', 'og', key.slice(0, 2), `${key}.png`);
}

/**
 * Opaque RGB PNG at zlib level 6. The templates' gradients run top to bottom, so each row is nearly
 * uniform and PNG's filters compress it cheaply (a diagonal gradient costs half as much again);
 * a palette would shrink files by a quarter but quantising takes four times as long.
 */
async function rasterise(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).removeAlpha().png({ compressionLevel: 6 }).toBuffer();
}

export async function svgToPng(svg: string): Promise<Uint8Array<ArrayBuffer>> {
  const file = cachePath(svg);
  const cached = await readFile(file).catch(() => undefined);
  if (cached) return new Uint8Array(cached);
  const png = await rasterise(svg);
  // A cache we cannot write (read-only disk) only costs time; the temporary name keeps readers from half files.
  const temporary = `${file}.${process.pid}.tmp`;
  await mkdir(path.dirname(file), { recursive: true })
    .then(() => writeFile(temporary, png))
    .then(() => rename(temporary, file))
    .catch(() => undefined);
  return new Uint8Array(png);
}
