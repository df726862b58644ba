/** Browser-only: counts a view when a tool page opens; 'Visitar' clicks are counted apart (features/clicks). */
import { VIEWS_ENDPOINT, type CountViewResult } from './views.ts';
import { viewSessionId } from '../../lib/visitor/visitor-session.ts';

/** The tool's count after this view, or null when the server did not answer with one. */
export async function sendView(toolId: string): Promise<CountViewResult | null> {
  try {
    const response = await fetch(VIEWS_ENDPOINT, {
      method: 'POST',
      // The request outlives the page when the visitor leaves right after clicking.
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ toolId, sessionId: viewSessionId() }),
    });
    return response.ok ? ((await response.json()) as CountViewResult) : null;
  } catch {
    // A lost view is not worth an error for the visitor.
    return null;
  }
}
