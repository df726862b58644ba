import type { DownloadFormat, GeneratedImageView } from './image-generator.ts';
import { IMAGE_MODELS } from '../../lib/ai-options.ts';
import { showToast } from '../../components/toast/toast-store.ts';
import { copyText } from '../../components/clipboard.ts';
import { ApiError } from './api.ts';
import { shareImage } from './browser.ts';

/**
 * What a card and the preview can do with an image; the island owns the state behind each. The generator offers
 * everything; the dashboard's gallery has no remix (there is no prompt box) and no delete in its Guardadas tab.
 */
export interface ImageActions {
  signedIn: boolean;
  busyId: string | null;
  downloadingId: string | null;
  preview: (image: GeneratedImageView) => void;
  copyPrompt: (image: GeneratedImageView) => void;
  /** Absent: no remix button. */
  remix?: (image: GeneratedImageView) => void;
  /** The formats offered (all three unless told); with one, 'Descargar' saves it straight away. */
  downloadFormats?: readonly DownloadFormat[];
  download: (image: GeneratedImageView, format: DownloadFormat) => void;
  share: (image: GeneratedImageView) => void;
  toggleSave: (image: GeneratedImageView) => void;
  /** What the save button says on a saved image (the generator's 'Guardado'; the dashboard's Guardadas tab removes). */
  savedLabel?: string;
  /** Absent: no delete button. */
  remove?: (image: GeneratedImageView) => void;
}

/** A failure's toast, in both galleries. */
export const errorToast = (message: string) => showToast({ title: 'Error', description: message, variant: 'destructive' });

/** The server's Spanish message for a failed request, or `fallback` when it never answered. */
export const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

export function modelName(model: string): string {
  const label = IMAGE_MODELS.find((option) => option.value === model)?.label ?? model;
  return label.replace(/\s*\(.*\)$/, '');
}

/** 'Copiar' in both galleries: the prompt to the clipboard, and its toast. */
export async function copyPrompt(image: GeneratedImageView): Promise<void> {
  try {
    await copyText(image.prompt);
    showToast({ title: 'Copiado', description: 'La descripción está en el portapapeles.' });
  } catch {
    showToast({ title: 'Error', description: 'No se pudo copiar el texto.', variant: 'destructive' });
  }
}

/** 'Compartir' in both galleries: the native share sheet, or the link copied with its toast. */
export async function share(image: GeneratedImageView): Promise<void> {
  try {
    if ((await shareImage(image.imageUrl, image.prompt)) === 'copied')
      showToast({ title: 'Enlace copiado', description: 'El enlace de la imagen está en el portapapeles.' });
  } catch {
    showToast({ title: 'Error', description: 'No se pudo copiar el enlace.', variant: 'destructive' });
  }
}

/** The toast after saving or removing an image from Guardadas, in both galleries. */
export function savedToast(saved: boolean): void {
  showToast(
    saved
      ? { title: 'Imagen guardada', description: 'La imagen está en tus guardadas.' }
      : { title: 'Imagen removida', description: 'La imagen ya no está en tus guardadas.' },
  );
}
