/** The publication form's calls to the server, with the endpoints' Spanish errors passed through as they are. */
import type { ErrorBody } from '../../lib/error-table.ts';
import type { EditInput, PageSuggestions, PostStatus, PublishInput } from './post-form.ts';

/** A failed call: the server's message (or a connection message) and the fields it names. */
export class RequestError extends Error {
  override name = 'RequestError';
  readonly status: number;
  readonly fields: Record<string, string>;
  readonly code: string | undefined;

  constructor(message: string, status: number, fields: Record<string, string> = {}, code?: string) {
    super(message);
    this.status = status;
    this.fields = fields;
    this.code = code;
  }
}

const OFFLINE = 'No se pudo conectar con el servidor. Comprueba tu conexión e inténtalo de nuevo.';

/** A JSON call to one of our endpoints; its Spanish error (or `fallback`) arrives as a RequestError. */
export async function call<T>(path: string, init: RequestInit, fallback: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', ...init, headers: { accept: 'application/json', ...init.headers } });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new RequestError(OFFLINE, 0);
  }
  const body = (await response.json().catch(() => null)) as (T & Partial<ErrorBody>) | null;
  if (!response.ok || !body) throw new RequestError(body?.error ?? fallback, response.status, body?.fields ?? {}, body?.code);
  return body;
}

export const json = (method: string, body: unknown, signal?: AbortSignal): RequestInit => ({
  method,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
  signal,
});

export interface SavedPostAnswer {
  id: string;
  slug: string;
  status: PostStatus;
  categoryCount: number;
  path: string;
}

/** SPEC §8: 'No se pudo publicar la entrada' when the server gives no message of its own; the draft it came from goes. */
export function publishPost(input: PublishInput, draftId?: string | null): Promise<SavedPostAnswer> {
  const path = draftId ? `/api/posts?${new URLSearchParams({ borrador: draftId })}` : '/api/posts';
  return call(path, json('POST', input), 'No se pudo publicar la entrada');
}

/** SPEC §8: 'No se pudo actualizar la publicación' when the server gives no message of its own. */
export function savePost(id: string, input: EditInput): Promise<SavedPostAnswer> {
  return call(`/api/posts/${encodeURIComponent(id)}`, json('PUT', input), 'No se pudo actualizar la publicación');
}

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

export interface DuplicateTool {
  id: string;
  title: string;
  status: 'published' | 'pending';
  /** The page the viewer may open. */
  path: string;
}

export interface DuplicateCheck {
  /** Published tools, plus pending ones the viewer wrote (or, for an admin, any: the queue shows them anyway). */
  duplicates: DuplicateTool[];
  /** Set when someone else's submission for the domain awaits review: said to exist, never named. */
  pendingNotice: string | null;
}

export function findDuplicates(url: string, excludeId: string | undefined, signal?: AbortSignal): Promise<DuplicateCheck> {
  const query = new URLSearchParams({ url });
  if (excludeId) query.set('exclude', excludeId);
  return call<DuplicateCheck>(`/api/posts/duplicates?${query}`, { signal }, 'No se pudo comprobar si ya existe.');
}

export function readToolPage(url: string, signal?: AbortSignal): Promise<{ finalUrl: string; suggestions: PageSuggestions }> {
  return call('/api/posts/page-metadata', json('POST', { url }, signal), 'No se pudo leer esa página.');
}
