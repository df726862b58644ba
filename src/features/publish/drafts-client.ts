/** The browser's calls to the draft endpoints (submission-drafts.server.ts). */
import { call, json } from '../../lib/endpoint-call.ts';
import type { SubmissionDraftValues } from './submission-draft.ts';

const SAVE_FAILED = 'No se pudo guardar el borrador';
const KEEPALIVE_MAX_BYTES = 60_000;

/**
 * Creates the draft (no id yet) or replaces it. `keepalive` lets the request outlive the page, for the save
 * made as the tab is hidden or closed.
 */
export function saveDraft(id: string | null, values: SubmissionDraftValues, options: { keepalive?: boolean } = {}): Promise<{ id: string; updatedAt: string }> {
  const init = json(id ? 'PUT' : 'POST', values);
  // Browsers refuse a keepalive body over 64 KB: a longer draft is sent normally and may not outlive the page.
  init.keepalive = Boolean(options.keepalive) && new TextEncoder().encode(String(init.body)).length < KEEPALIVE_MAX_BYTES;
  return call(id ? `/api/posts/drafts/${encodeURIComponent(id)}` : '/api/posts/drafts', init, SAVE_FAILED);
}

export async function removeDraft(id: string): Promise<void> {
  const response = await fetch(`/api/posts/drafts/${encodeURIComponent(id)}`, { method: 'DELETE', credentials: 'same-origin' });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? 'No se pudo eliminar el borrador.');
  }
}
