/** Whose images a request may see and change: the signed-in user's, else the browser session's. */
import type { SessionUser } from '../../server/auth/auth.ts';
import type { ImageOwner } from './queries.server.ts';

export function ownerOf(user: SessionUser | null, sessionId: string | undefined): ImageOwner | null {
  if (user) return { userId: user.id };
  return sessionId ? { sessionId } : null;
}
