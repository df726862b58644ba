/**
 * The description generator's rules and texts, shared by the island and the endpoint so
 * both sides check the same things with the same words.
 */
import { z } from '../../lib/zod.ts';
import { DESCRIPTION_LANGUAGES, DESCRIPTION_MAX_IMAGE_BYTES } from '../../lib/ai-options.ts';
import { visitorSessionId } from '../../lib/visitor/visitor.ts';

export const DESCRIPTION_INSTRUCTIONS_MAX = 500;

export interface DescriptionNotice {
  title: string;
  description?: string;
}

export const DESCRIPTION_MESSAGES = {
  imageRequired: { title: 'Imagen requerida', description: 'Por favor selecciona una imagen o proporciona una URL' },
  invalidFormat: { title: 'Formato no válido', description: 'Por favor selecciona una imagen válida' },
  fileTooLarge: { title: 'Archivo muy grande', description: 'El archivo debe ser menor a 10MB.' },
  invalidUrl: 'URL de imagen no válida',
  imageUnreachable: 'Error con la imagen. Verifica que sea válida y accesible.',
  emptyResult: 'No se recibió una descripción válida del servicio de IA',
  failed: 'No se pudo generar la descripción',
  generated: '¡Descripción única generada!',
  textCopied: 'Texto copiado',
  htmlCopied: 'HTML copiado',
  saved: 'Descripción guardada',
  unsaved: 'Descripción quitada de guardadas',
  saveFailed: 'No se pudo guardar la descripción.',
  deleted: 'Eliminado correctamente',
  deleteFailed: 'No se pudo eliminar la descripción.',
} as const;

/** True for an absolute http(s) address: what "a URL must parse" means for an image on the web. */
export function isImageUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The notice for a chosen file that cannot be sent, or null when it may. Applies to drops and the picker alike. */
export function checkImageFile(file: { type: string; size: number }): DescriptionNotice | null {
  if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') return DESCRIPTION_MESSAGES.invalidFormat;
  if (file.size > DESCRIPTION_MAX_IMAGE_BYTES) return DESCRIPTION_MESSAGES.fileTooLarge;
  return null;
}

/** What stops a generation before it starts, checked in SPEC's order. */
export function checkDescriptionSource(source: { file: { type: string; size: number } | null; url: string }): DescriptionNotice | null {
  if (source.file) return checkImageFile(source.file);
  const url = source.url.trim();
  if (!url) return DESCRIPTION_MESSAGES.imageRequired;
  if (!isImageUrl(url)) return { title: 'Error', description: DESCRIPTION_MESSAGES.invalidUrl };
  return null;
}

const languageValues = DESCRIPTION_LANGUAGES.map((language) => language.value) as [string, ...string[]];

/** The text fields of the multipart request; the file travels as the `image` part. */
export const descriptionFields = z.object({
  language: z.enum(languageValues, { error: 'Idioma no admitido' }),
  instructions: z
    .string()
    .trim()
    .max(DESCRIPTION_INSTRUCTIONS_MAX, { error: `Las instrucciones admiten como máximo ${DESCRIPTION_INSTRUCTIONS_MAX} caracteres.` })
    .optional()
    .transform((value) => (value ? value : undefined)),
  imageUrl: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined)),
  sessionId: visitorSessionId.optional().catch(undefined),
});

/** Models sometimes wrap HTML in a Markdown code fence; the fence is not part of the description. */
export function stripCodeFence(html: string): string {
  return html.replace(/^\s*```[a-z]*\s*\n?/i, '').replace(/\n?\s*```\s*$/, '');
}

/** Streamed events of POST /api/ai/descriptions (server-sent events, one JSON payload each). */
export type DescriptionEvent = { type: 'chunk'; text: string } | { type: 'done'; html: string; id: string | null } | { type: 'error'; error: string };

/** The types offered by the saved-descriptions filter; new rows are 'unique_detailed', which it does not list. */
export const DESCRIPTION_TYPES = [
  { value: 'detailed', label: 'Detallada' },
  { value: 'brief', label: 'Breve' },
  { value: 'technical', label: 'Técnica' },
  { value: 'creative', label: 'Creativa' },
  { value: 'seo', label: 'SEO' },
  { value: 'accessibility', label: 'Accesibilidad' },
] as const;

export function descriptionTypeLabel(type: string): string {
  if (type === 'unique_detailed') return 'Única detallada';
  return DESCRIPTION_TYPES.find((entry) => entry.value === type)?.label ?? type;
}

/** Texts longer than this are shown shortened with 'Ver más'. */
export const DESCRIPTION_PREVIEW_CHARS = 300;

/** One card of /mis-descripciones: html already sanitized by the server, text its visible words. */
export interface SavedDescriptionCard {
  id: string;
  html: string;
  text: string;
  language: string;
  type: string;
  imageUrl: string | null;
  createdAt: string;
}
