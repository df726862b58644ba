/**
 * Every stored image passes through sharp (DESIGN §8): the format is read from the bytes, not from a
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
  contentType: 'image/jpeg';
  extension: 'jpg';
  width: number;
  height: number;
}

/**
 * Decodes any accepted raster format and re-encodes it as JPEG; throws InvalidImageError otherwise.
 * JPEG, not WebP: encoding a 1024×1024 WebP took 420 ms here against 16 ms for JPEG, and generated
 * images are photographs, where JPEG at quality 90 loses nothing visible. `cover` crops and scales to that size.
 */
export async function reencodeImage(input: Uint8Array, quality = 90, cover?: { width: number; height: number }): Promise<EncodedImage> {
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
    const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    // Avatars are stored at the size they are shown, not as the uploaded original.
    if (cover) pipeline.resize({ ...cover, fit: 'cover' });
    const { data, info } = await pipeline
      // JPEG has no transparency: transparent pixels become white rather than black.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality })
      .toBuffer({ resolveWithObject: true });
    return {
      bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      contentType: 'image/jpeg',
      extension: 'jpg',
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
