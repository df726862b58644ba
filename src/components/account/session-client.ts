/**
 * The session calls that every page makes (who is signed in, sign out), kept apart from the sign-in forms'
 * calls so the header and the save buttons ship only these.
 */

export interface SessionUserView {
  id: string;
  name: string;
  email: string;
  role: 'user' | 'admin';
  image: string | null;
  isActive: boolean;
}

/** The current visitor, or null when signed out (or when the request fails: the page stays usable as a guest). */
export async function fetchSessionUser(): Promise<SessionUserView | null> {
  try {
    const response = await fetch('/api/auth/get-session', { credentials: 'same-origin', headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    const data = (await response.json()) as { user?: SessionUserView } | null;
    return data?.user && data.user.isActive !== false ? data.user : null;
  } catch {
    return null;
  }
}

export async function signOutAndGoHome(): Promise<void> {
  try {
    await fetch('/api/auth/sign-out', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      credentials: 'same-origin',
    });
  } catch {
    // Unreachable server: going home still shows the visitor where they stand.
  }
  window.location.assign('/');
}
