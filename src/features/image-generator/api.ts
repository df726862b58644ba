/** The generator island's calls to its endpoints; every failure becomes a Spanish message to show. */
import type { GalleryPage, GallerySort, GalleryTab, GeneratedImageView, ImageGenerationInput } from './image-generator.ts';

export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

async function call<T>(url: string, init: RequestInit, fallback: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: 'same-origin',
      ...init,
      headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
    });
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw new ApiError(fallback, 0);
  }
  const data = (await response.json().catch(() => null)) as (T & { error?: string }) | null;
  if (!response.ok || data === null) throw new ApiError(data?.error || fallback, response.status);
  return data;
}

/** The dashboard's search in the prompts and order; the generator leaves them at their defaults. */
export interface GalleryFilters {
  search?: string;
  sort?: GallerySort;
}

export function fetchGallery(tab: GalleryTab, page: number, sessionId: string, signal?: AbortSignal, filters: GalleryFilters = {}): Promise<GalleryPage> {
  const query = new URLSearchParams({ tab, page: String(page) });
  if (sessionId) query.set('sessionId', sessionId);
  if (filters.search?.trim()) query.set('q', filters.search.trim());
  if (filters.sort && filters.sort !== 'newest') query.set('sort', filters.sort);
  return call<GalleryPage>(`/api/images?${query}`, { signal }, 'No se pudieron cargar tus imágenes.');
}

export function requestImages(input: ImageGenerationInput, fallback: string): Promise<{ images: GeneratedImageView[]; error?: string }> {
  return call(`/api/ai/images`, { method: 'POST', body: JSON.stringify(input) }, fallback);
}

export function toggleSaved(id: string, fallback: string): Promise<{ saved: boolean }> {
  return call(`/api/images/${encodeURIComponent(id)}/save`, { method: 'POST', body: '{}' }, fallback);
}

export function deleteImage(id: string, sessionId: string, fallback: string): Promise<{ deleted: true }> {
  return call(`/api/images/${encodeURIComponent(id)}`, { method: 'DELETE', body: JSON.stringify(sessionId ? { sessionId } : {}) }, fallback);
}
