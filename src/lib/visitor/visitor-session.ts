/** Browser-only: the visitor's session ids, kept (views: session storage; anonymous images: local storage). */
import { createVisitorSessionId } from './visitor-id.ts';

function storedId(storage: () => Storage, key: string): string {
  try {
    const existing = storage().getItem(key);
    if (existing) return existing;
    const created = createVisitorSessionId();
    storage().setItem(key, created);
    return created;
  } catch {
    // Storage blocked (strict privacy modes): an id for this page only still counts the visit once.
    return createVisitorSessionId();
  }
}

/** One per browser tab session: counts views. */
export const viewSessionId = () => storedId(() => sessionStorage, 'view_session_id');

/** One per browser: ties an anonymous visitor's generated images to them. */
export const anonymousSessionId = () => storedId(() => localStorage, 'anonymous_session_id');
