/** Browser-only: counts a view (SPEC §4 "Views") from the tool page and from any 'Visitar' link. */
import { VIEWS_ENDPOINT, type CountViewResult } from './views.ts';
import { viewSessionId } from '../visitor/visitor-session.ts';

/** The tool's count after this view, or null when the server did not answer with one. */
export async function sendView(postId: string): Promise<CountViewResult | null> {
  try {
    const response = await fetch(VIEWS_ENDPOINT, {
      method: 'POST',
      // The request outlives the page when the visitor leaves right after clicking.
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ postId, sessionId: viewSessionId() }),
    });
    return response.ok ? ((await response.json()) as CountViewResult) : null;
  } catch {
    // A lost view is not worth an error for the visitor.
    return null;
  }
}

/**
 * Delegated listener for links marked data-view-post: they stay plain links that open the tool in a
 * new tab (with or without JavaScript); the click only adds the count. Middle clicks open tabs too.
 */
export function countVisitClick(event: MouseEvent): void {
  if (event.type === 'auxclick' && event.button !== 1) return;
  const target = event.target instanceof Element ? event.target : null;
  const postId = target?.closest('a[data-view-post]')?.getAttribute('data-view-post');
  if (postId) void sendView(postId);
}
