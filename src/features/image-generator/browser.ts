/** Browser-side actions on a generated image: download in a chosen format, share (copying is src/components/clipboard.ts). */
import { copyText } from '../../components/clipboard.ts';
import { downloadFileName, type DownloadFormat } from './image-generator.ts';

/** Redraws the stored image on a canvas and saves it in the chosen format (PNG quality 1, JPG and WebP 0.9). */
export async function downloadImage(
  imageUrl: string,
  prompt: string,
  format: DownloadFormat,
  options: { index?: number; nameChars?: number } = {},
): Promise<void> {
  const response = await fetch(imageUrl, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const bitmap = await createImageBitmap(await response.blob());
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas no disponible');
  if (format.value === 'jpg') {
    // JPEG has no transparency: a white background instead of black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
  }
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, format.mime, format.quality));
  if (!blob || blob.type !== format.mime) throw new Error(`El navegador no puede guardar ${format.label}`);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = downloadFileName(prompt, format.value, Date.now(), options.index, options.nameChars);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** The native share sheet when there is one; otherwise the link goes to the clipboard. */
export async function shareImage(imageUrl: string, prompt: string): Promise<'shared' | 'copied' | 'cancelled'> {
  const url = new URL(imageUrl, location.origin).href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: 'Imagen generada con IA', text: prompt, url });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  await copyText(url);
  return 'copied';
}
