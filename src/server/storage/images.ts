/**
 * Every stored image passes through sharp: the format is read from the bytes, not from a
 * header; SVG and anything else that is not a raster photo format is refused; the result is re-encoded,
 * so no provider or uploader byte is ever served as-is.
 */
import sharp, { type Metadata } from 'sharp';
import { SERVED_QUALITY, SERVED_WIDTHS, type ServedWidth } from './driver.ts';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif']);
/** Larger than SPEC's biggest size (1920x1920) with room, small enough to stop decompression bombs. */
const MAX_INPUT_PIXELS = 40_000_000;

export class InvalidImageError extends Error {
  override name = 'InvalidImageError';
}

export interface EncodedImage {
  bytes: Uint8Array;
  contentType: 'image/jpeg' | 'image/png';
  extension: 'jpg' | 'png';
  width: number;
  height: number;
}

export interface ReencodeOptions {
  /** Larger images are scaled down to fit this many pixels on their longer side (never enlarged). */
  maxDimension?: number;
  /** An image with an alpha channel (a logo) is kept as PNG instead of being flattened onto white JPEG. */
  keepTransparency?: boolean;
  /** Cropped and scaled to exactly this size (avatars are stored at the size they are shown). */
  cover?: { width: number; height: number };
}

/**
 * Decodes any accepted raster format and re-encodes it as JPEG (PNG for a transparent logo when asked); throws
 * InvalidImageError otherwise.
 * JPEG, not WebP: encoding a 1024×1024 WebP took 420 ms here against 16 ms for JPEG, and generated
 * images are photographs, where JPEG at quality 90 loses nothing visible.
 */
export async function reencodeImage(input: Uint8Array, quality = 90, options: ReencodeOptions = {}): Promise<EncodedImage> {
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (cause) {
    throw new InvalidImageError('Los datos no son una imagen legible.', { cause });
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new InvalidImageError(`Formato de imagen no aceptado: ${metadata.format ?? 'desconocido'}.`);
  }
  try {
    let pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    if (options.maxDimension)
      pipeline = pipeline.resize({ width: options.maxDimension, height: options.maxDimension, fit: 'inside', withoutEnlargement: true });
    if (options.cover) pipeline = pipeline.resize({ ...options.cover, fit: 'cover' });
    const png = Boolean(options.keepTransparency && metadata.hasAlpha);
    // JPEG has no transparency: transparent pixels become white rather than black.
    pipeline = png ? pipeline.png({ compressionLevel: 9, palette: false }) : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return {
      bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      contentType: png ? 'image/png' : 'image/jpeg',
      extension: png ? 'png' : 'jpg',
      width: info.width,
      height: info.height,
    };
  } catch (cause) {
    throw new InvalidImageError('No se pudo procesar la imagen.', { cause });
  }
}

export function isServedWidth(width: number): width is ServedWidth {
  return (SERVED_WIDTHS as readonly number[]).includes(width);
}

/** A narrower copy for ?w=, in the stored file's own format; never enlarged. */
export async function resizeImage(input: Uint8Array, width: number, contentType: string): Promise<Buffer> {
  const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).resize({ width, withoutEnlargement: true });
  if (contentType === 'image/png') return pipeline.png().toBuffer();
  if (contentType === 'image/jpeg') return pipeline.jpeg({ quality: SERVED_QUALITY }).toBuffer();
  return pipeline.webp({ quality: SERVED_QUALITY }).toBuffer();
}
