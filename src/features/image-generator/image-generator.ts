/**
 * Rules of the image generator shared by its island and its endpoints:
 * the request schema, the prompt suffix, gallery sizes and the download file name.
 */
import { z } from '../../lib/zod.ts';
import {
  DEFAULT_IMAGE_MODEL,
  DEFAULT_IMAGE_SIZE,
  IMAGE_COUNT_MAX,
  IMAGE_COUNT_MIN,
  IMAGE_MODELS,
  IMAGE_SIZES,
  type ImageModel,
  type ImageSize,
} from '../../lib/ai-options.ts';
import { foldAccents } from '../../lib/text.ts';
import { visitorSessionId } from '../../lib/visitor/visitor.ts';

export const EMPTY_PROMPT_MESSAGE = 'Por favor ingresa una descripción para la imagen.';
export const SIGN_IN_TO_SAVE_MESSAGE = 'Debes iniciar sesión para guardar imágenes';
export const GENERATION_FAILED_MESSAGE = 'No se pudo generar las imágenes';
export const DELETE_FAILED_MESSAGE = 'No se pudo eliminar la imagen.';
export const UPDATE_FAILED_MESSAGE = 'No se pudo actualizar la imagen.';

/** SPEC's 1000 is a display limit, not a block; the server still refuses essays. */
export const PROMPT_HARD_LIMIT = 2000;

/** Every prompt goes out with this fixed quality suffix. */
export const PROMPT_SUFFIX = 'high quality, detailed, professional photography, 8k resolution';

export function enhancePrompt(prompt: string): string {
  return `${prompt.trim()}, ${PROMPT_SUFFIX}`;
}

/** A random seed up to 1,000,000 per image. */
export function randomSeed(random = Math.random): number {
  return Math.floor(random() * 1_000_001);
}

export const GALLERY_PAGE_SIZE = 16;
export const RECENT_LIMIT = 12;
export const GALLERY_SKELETONS = 8;
/** Recientes: what this visitor made in the last day, at most RECENT_LIMIT. */
export const RECENT_WINDOW_HOURS = 24;

export const GALLERY_TABS = ['all', 'saved', 'recent'] as const;
export type GalleryTab = (typeof GALLERY_TABS)[number];

const modelValues = IMAGE_MODELS.map((model) => model.value) as [ImageModel, ...ImageModel[]];
const countMessage = `El número de imágenes debe estar entre ${IMAGE_COUNT_MIN} y ${IMAGE_COUNT_MAX}.`;

export const imageGenerationInput = z.object({
  prompt: z
    .string({ error: EMPTY_PROMPT_MESSAGE })
    .trim()
    .min(1, { error: EMPTY_PROMPT_MESSAGE })
    .max(PROMPT_HARD_LIMIT, { error: `La descripción es demasiado larga: máximo ${PROMPT_HARD_LIMIT} caracteres.` }),
  model: z.enum(modelValues, { error: 'Modelo no válido.' }).default(DEFAULT_IMAGE_MODEL),
  size: z.enum(IMAGE_SIZES as [ImageSize, ...ImageSize[]], { error: 'Tamaño no válido.' }).default(DEFAULT_IMAGE_SIZE),
  count: z
    .number({ error: countMessage })
    .int({ error: countMessage })
    .min(IMAGE_COUNT_MIN, { error: countMessage })
    .max(IMAGE_COUNT_MAX, { error: countMessage })
    .default(1),
  sessionId: visitorSessionId.optional(),
});
export type ImageGenerationInput = z.infer<typeof imageGenerationInput>;

/** Body of the delete and save calls: anonymous visitors prove which session they are. */
export const imageActionInput = z.object({ sessionId: visitorSessionId.optional() });

/** The dashboard's orders on 'Imágenes': newest, oldest, or by description. */
export const GALLERY_SORTS = ['newest', 'oldest', 'prompt'] as const;
export type GallerySort = (typeof GALLERY_SORTS)[number];
export const GALLERY_SORT_LABELS: Record<GallerySort, string> = { newest: 'Más recientes', oldest: 'Más antiguas', prompt: 'Por descripción' };
export const GALLERY_SEARCH_MAX = 200;

export const galleryQuery = z.object({
  tab: z.enum(GALLERY_TABS).catch('all'),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  sessionId: visitorSessionId.optional().catch(undefined),
  /** Words of the prompt to look for (case- and accent-insensitive); empty shows everything. */
  q: z.string().trim().max(GALLERY_SEARCH_MAX).catch('').default(''),
  sort: z.enum(GALLERY_SORTS).catch('newest').default('newest'),
});

/** Which slice of a gallery tab to read. */
export interface GalleryListing {
  page: number;
  search?: string;
  sort?: GallerySort;
  /** The generator pages by GALLERY_PAGE_SIZE; the dashboard's overview shows fewer. */
  pageSize?: number;
}

/** One generated image as the gallery shows it. */
export interface GeneratedImageView {
  id: string;
  prompt: string;
  model: string;
  /** The stored file at full size (download, share), as the storage driver serves it: built on the server. */
  imageUrl: string;
  /** The same image at the served widths 600, 900, 1200 and 1600 (quality 85), ready for src and srcset. */
  resizedUrls: Record<600 | 900 | 1200 | 1600, string>;
  width: number;
  height: number;
  isSaved: boolean;
  createdAt: string;
}

export interface GalleryCounts {
  all: number;
  saved: number;
  recent: number;
}

export interface GalleryPage {
  items: GeneratedImageView[];
  counts: GalleryCounts;
  hasMore: boolean;
}

export const DOWNLOAD_FORMATS = [
  { value: 'png', label: 'PNG', mime: 'image/png', quality: 1 },
  { value: 'jpg', label: 'JPG', mime: 'image/jpeg', quality: 0.9 },
  { value: 'webp', label: 'WebP', mime: 'image/webp', quality: 0.9 },
] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** The generator names files from 50 characters of the prompt, the dashboard's images pages from 30. */
export const DOWNLOAD_NAME_CHARS = 50;
export const DASHBOARD_DOWNLOAD_NAME_CHARS = 30;

/**
 * The first 50 (or `nameChars`) alphanumeric characters of the prompt, an optional index and a timestamp.
 * Accents are folded so "Señal en la montaña" reads "senal-en-la-montana", not "seal-en-la-montaa".
 */
export function downloadFileName(prompt: string, extension: string, now: number, index?: number, nameChars = DOWNLOAD_NAME_CHARS): string {
  let kept = 0;
  let base = '';
  for (const char of foldAccents(prompt)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()) {
    if (kept === nameChars) break;
    if (char === ' ') base += '-';
    else {
      base += char;
      kept += 1;
    }
  }
  base = base.replace(/-+$/, '') || 'imagen';
  const suffix = index === undefined ? '' : `-${index}`;
  return `${base}${suffix}-${now}.${extension}`;
}

/** Day and short month in es-ES ("5 nov"). */
export function galleryDate(iso: string): string {
  return new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short' }).format(new Date(iso));
}
