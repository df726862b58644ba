/** The publication form's calls to the server, with the endpoints' Spanish errors passed through as they are. */
import { call, json } from '../../lib/endpoint-call.ts';
import type { DuplicateCheck, EditInput, PageSuggestions, ToolStatus, PublishInput } from '../../lib/tool-form.ts';

export interface SavedToolAnswer {
  id: string;
  slug: string;
  status: ToolStatus;
  categoryCount: number;
  path: string;
}

/** 'No se pudo publicar la entrada' when the server gives no message of its own; the draft it came from goes. */
export function publishTool(input: PublishInput, draftId?: string | null): Promise<SavedToolAnswer> {
  const path = draftId ? `/api/posts?${new URLSearchParams({ borrador: draftId })}` : '/api/posts';
  return call(path, json('POST', input), 'No se pudo publicar la entrada');
}

/** 'No se pudo actualizar la publicación' when the server gives no message of its own. */
export function saveTool(id: string, input: EditInput): Promise<SavedToolAnswer> {
  return call(`/api/posts/${encodeURIComponent(id)}`, json('PUT', input), 'No se pudo actualizar la publicación');
}

export function findDuplicates(url: string, excludeId: string | undefined, signal?: AbortSignal): Promise<DuplicateCheck> {
  const query = new URLSearchParams({ url });
  if (excludeId) query.set('exclude', excludeId);
  return call<DuplicateCheck>(`/api/posts/duplicates?${query}`, { signal }, 'No se pudo comprobar si ya existe.');
}

export function readToolPage(url: string, signal?: AbortSignal): Promise<{ finalUrl: string; suggestions: PageSuggestions }> {
  return call('/api/posts/page-metadata', json('POST', { url }, signal), 'No se pudo leer esa página.');
}
