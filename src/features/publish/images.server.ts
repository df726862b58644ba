/**
 * Images of publications: one endpoint for the featured image and the logo, by file or by typed URL. Either way
 * the bytes must be a real JPEG, PNG, GIF or WebP of at most 5 MB
 * (magic bytes, not the declared type), with nothing hidden after the picture (an HTML tail makes a file a
 * polyglot a careless host would run); sharp re-encodes them and the storage driver keeps them at
 * `{userId}/{timestamp}.{ext}`. A typed URL is downloaded through safe-fetch and stored the same way: the site
 * never hot-links an author's image.
 */
import { IMAGE_SNIFF_BYTES, sniffImageType } from '../../server/media/image-type.ts';
import { AppError, endpoint } from '../../server/http/endpoint.ts';
import { serverEnv } from '../../server/env.ts';
import { fetchImageSafely, SafeFetchError } from '../../server/net/safe-fetch.ts';
import { StoredFileExistsError, type StorageDriver } from '../../server/storage/driver.ts';
import { uploadOwnerSegment } from '../../server/storage/file-owners.ts';
import { InvalidImageError, reencodeImage } from '../../server/storage/images.ts';
import { CARD_IMAGE_WIDTH, publicImageUrl } from '../../server/storage/references.ts';
import { getStorage } from '../../server/storage/storage.ts';
import { z } from '../../lib/zod.ts';
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '../../lib/image-rules.ts';

/** Uploaded images are kept at most this large on their longer side: SPEC's widest served copy is 1600 px. */
const MAX_STORED_DIMENSION = 2400;
const FETCH_TIMEOUT_MS = 10_000;

/** Room for the multipart envelope around a 5 MB file. */
const MAX_UPLOAD_BODY = MAX_IMAGE_BYTES + 64 * 1024;

export const UPLOAD_RATE_LIMITS = { name: 'uploads', user: { window: 600, max: 30 }, ip: { window: 600, max: 60 } };

const MARKUP = /<(?:!doctype|html|head|body|script|iframe|svg|object|embed|meta|link|style|\?php)[\s>/]|javascript:/i;

/** True when bytes other than image data follow the image (PNG after IEND, GIF after its trailer). */
function hasTrailingData(bytes: Uint8Array, type: string): boolean {
  if (type === 'image/png') {
    // Walk the chunks: length (4), type (4), data, CRC (4), until IEND.
    let offset = 8;
    while (offset + 8 <= bytes.length) {
      const length = ((bytes[offset]! << 24) | (bytes[offset + 1]! << 16) | (bytes[offset + 2]! << 8) | bytes[offset + 3]!) >>> 0;
      const chunk = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
      offset += 12 + length;
      if (chunk === 'IEND') return offset < bytes.length;
    }
    return true;
  }
  if (type === 'image/gif') return bytes[bytes.length - 1] !== 0x3b;
  return false;
}

/** Markup anywhere in the file: compressed image data practically never spells "<script" or "<html". */
function containsMarkup(bytes: Uint8Array): boolean {
  const text = new TextDecoder('latin1').decode(bytes);
  return MARKUP.test(text);
}

/**
 * At most 5 MB, a real JPEG, PNG, GIF or WebP by its first bytes, with nothing hidden after the picture; checked
 * before any decoding. Throws the table's error for the form.
 */
export function assertAcceptableImage(bytes: Uint8Array): void {
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new AppError('image_too_large');
  const type = sniffImageType(bytes.subarray(0, IMAGE_SNIFF_BYTES));
  if (!type) throw new AppError('invalid_image');
  if (hasTrailingData(bytes, type) || containsMarkup(bytes)) throw new AppError('invalid_image', { message: IMAGE_MESSAGES.polyglot });
}

export interface StoredImage {
  /** What the publication stores in image_url or logo_url. */
  key: string;
  /** Where the browser previews it (the card width). */
  url: string;
  width: number;
  height: number;
}

/** Checks, re-encodes and stores the bytes at `{userId}/{timestamp}.{ext}` (never overwriting). */
export async function storePublicationImage(bytes: Uint8Array, userId: string, storage: StorageDriver = getStorage()): Promise<StoredImage> {
  assertAcceptableImage(bytes);
  let encoded;
  try {
    encoded = await reencodeImage(bytes, 85, { maxDimension: MAX_STORED_DIMENSION, keepTransparency: true });
  } catch (error) {
    if (error instanceof InvalidImageError) throw new AppError('invalid_image', { cause: error });
    throw error;
  }
  // The key's first segment records the owner: file-owners.ts reads it back to decide who may reference the file.
  const owner = uploadOwnerSegment(userId);
  for (let attempt = 0; ; attempt++) {
    // Two uploads by one author in the same millisecond get consecutive timestamps.
    const key = `${owner}/${Date.now() + attempt}.${encoded.extension}`;
    try {
      await storage.put(key, encoded.bytes, encoded.contentType);
      return { key, url: publicImageUrl(key, CARD_IMAGE_WIDTH, storage)!, width: encoded.width, height: encoded.height };
    } catch (error) {
      if (error instanceof StoredFileExistsError && attempt < 5) continue;
      console.error('No se pudo guardar una imagen subida:', error);
      throw new AppError('upload_failed', { cause: error });
    }
  }
}

/** The AppError a failed download stands for, in words the author can act on. */
export function remoteError(error: SafeFetchError): AppError {
  switch (error.reason) {
    case 'invalid_url':
    case 'scheme':
      return new AppError('invalid_input', { message: IMAGE_MESSAGES.badUrl, fields: { url: IMAGE_MESSAGES.badUrl } });
    case 'blocked_address':
      return new AppError('remote_blocked', { cause: error });
    case 'timeout':
      return new AppError('remote_timeout', { cause: error });
    case 'too_large':
      return new AppError('image_too_large', { cause: error });
    case 'not_image':
      return new AppError('invalid_image', { cause: error });
    case 'not_page':
      return new AppError('remote_not_page', { cause: error });
    default:
      return new AppError('remote_unreachable', { cause: error });
  }
}

/** Downloads an image by its address (safe-fetch, 5 MB, 10 s) and stores it as an upload. */
export async function importImageFromUrl(url: string, userId: string, options: { signal?: AbortSignal; storage?: StorageDriver } = {}): Promise<StoredImage> {
  let fetched;
  try {
    fetched = await fetchImageSafely(url, {
      maxBytes: MAX_IMAGE_BYTES,
      timeoutMs: FETCH_TIMEOUT_MS,
      allowHosts: serverEnv().SAFE_FETCH_ALLOW_HOSTS,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof SafeFetchError) throw remoteError(error);
    throw error;
  }
  return storePublicationImage(fetched.bytes, userId, options.storage);
}

const uploadForm = z.union([
  z.strictObject({ file: z.instanceof(File, { error: IMAGE_MESSAGES.invalidType }) }),
  z.strictObject({
    url: z
      .string()
      .trim()
      .min(1, { error: IMAGE_MESSAGES.badUrl })
      .max(2048, { error: IMAGE_MESSAGES.badUrl })
      .regex(/^https?:\/\//i, { error: IMAGE_MESSAGES.badUrl }),
  }),
]);

/**
 * POST /api/uploads (multipart: `file`, or `url`): answers { key, url, width, height }. The publication form keeps
 * the key and sends it with the rest; only signed-in users may upload ('Usuario no autenticado').
 */
export const uploadImageEndpoint = endpoint({
  access: 'publish:post:own',
  body: { form: uploadForm, maxBytes: MAX_UPLOAD_BODY, tooLarge: IMAGE_MESSAGES.tooLarge },
  limits: UPLOAD_RATE_LIMITS,
  handle: async ({ body, user, request }) => {
    if ('url' in body) return importImageFromUrl(body.url, user.id, { signal: request.signal });
    const file = body.file;
    if (file.size > MAX_IMAGE_BYTES) throw new AppError('image_too_large');
    // The declared type is the browser's guess from the name; SPEC's first check, the bytes decide after it.
    if (file.type && !file.type.startsWith('image/')) throw new AppError('invalid_image');
    return storePublicationImage(new Uint8Array(await file.arrayBuffer()), user.id);
  },
});
