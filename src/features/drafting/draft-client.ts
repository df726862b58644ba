/** The editor panel's calls to the drafting endpoints; failures arrive as RequestError with the server's Spanish text. */
import { call, json } from '../../lib/endpoint-call.ts';
import type { DraftView } from './draft-view.ts';

const FAILED = 'No se pudo completar la acción con el borrador.';

export const requestDraft = (toolId: string) => call<{ draft: DraftView }>('/api/admin/drafts', json('POST', { toolId }), FAILED);

export const acceptDraft = (draftId: string, content: string) =>
  call<{ toolId: string; path: string }>(`/api/admin/drafts/${draftId}/accept`, json('POST', { content }), FAILED);

export const discardDraft = (draftId: string) => call<{ id: string }>(`/api/admin/drafts/${draftId}/discard`, json('POST', {}), FAILED);
