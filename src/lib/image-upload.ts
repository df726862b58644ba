/** The browser's image upload: a file, or an address the server fetches (used by the publish form and the editor). */
import { call } from './endpoint-call.ts';

export interface UploadedImage {
  key: string;
  url: string;
  width: number;
  height: number;
}

/** Uploads a file, or asks the server to fetch an image by its address; both come back stored. */
export function uploadImage(source: File | string, signal?: AbortSignal): Promise<UploadedImage> {
  const form = new FormData();
  if (typeof source === 'string') form.set('url', source);
  else form.set('file', source);
  return call('/api/uploads', { method: 'POST', body: form, signal }, 'No se pudo subir la imagen.');
}
