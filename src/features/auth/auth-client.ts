/** The browser's calls to our better-auth endpoints (/api/auth/*), without shipping its client library. */
import type { AuthFailure } from './auth-forms.ts';
import { GOOGLE_ERROR_PATHS } from './google-sign-in.ts';

/** Where the e-mail verification link lands; better-auth appends &error=... when the link has failed. */
export const VERIFIED_CALLBACK_PATH = '/login?verificado=1';

export type AuthResult = { ok: true } | { ok: false; failure: AuthFailure | undefined };

async function post(path: string, body: unknown): Promise<AuthResult> {
  let response: Response;
  try {
    response = await fetch(`/api/auth/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    return { ok: false, failure: undefined };
  }
  if (response.ok) return { ok: true };
  const data = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  return { ok: false, failure: { status: response.status, code: data.code, message: data.message } };
}

export const signInWithEmail = (input: { email: string; password: string }) => post('sign-in/email', input);

export const signUpWithEmail = (input: { name: string; email: string; password: string }) =>
  post('sign-up/email', { ...input, callbackURL: VERIFIED_CALLBACK_PATH });

/**
 * Starts Google sign-in: better-auth answers with the provider's address and the browser goes there.
 * `errorCallbackURL` is where the visitor comes back when Google or the account refuses the sign-in.
 */
export async function signInWithGoogle(callbackURL: string, errorCallbackURL: string = GOOGLE_ERROR_PATHS.login): Promise<AuthResult> {
  let response: Response;
  try {
    response = await fetch('/api/auth/sign-in/social', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'google', callbackURL, errorCallbackURL }),
      credentials: 'same-origin',
    });
  } catch {
    return { ok: false, failure: undefined };
  }
  const data = (await response.json().catch(() => ({}))) as { url?: string; code?: string; message?: string };
  if (response.ok && typeof data.url === 'string') {
    window.location.assign(data.url);
    return { ok: true };
  }
  return { ok: false, failure: { status: response.status, code: data.code, message: data.message } };
}
