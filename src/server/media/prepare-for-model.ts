/**
 * Turns an accepted image into what we send to a vision model: decoded and re-encoded by sharp (so only
 * pixels leave, never a crafted file), turned upright, at most MODEL_IMAGE_EDGE pixels per side, JPEG.
 */
import sharp from 'sharp';

/** Vision models scale larger images down themselves; sending more only costs time and tokens. */
export const MODEL_IMAGE_EDGE = 1568;
/** A 10 MB file can still declare billions of pixels (a decompression bomb); sharp refuses beyond this. */
const MAX_INPUT_PIXELS = 50_000_000;

export class UnreadableImageError extends Error {
  override name = 'UnreadableImageError';
}

export async function prepareImageForModel(bytes: Uint8Array): Promise<{ bytes: Uint8Array; contentType: 'image/jpeg' }> {
  try {
    const output = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize({ width: MODEL_IMAGE_EDGE, height: MODEL_IMAGE_EDGE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: false })
      .toBuffer();
    return { bytes: new Uint8Array(output), contentType: 'image/jpeg' };
  } catch (error) {
    throw new UnreadableImageError((error as Error).message, { cause: error });
  }
}
