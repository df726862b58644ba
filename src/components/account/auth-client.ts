/** The browser's calls to our better-auth endpoints (/api/auth/*), without shipping its client library. */
import type { AuthFailure } from '../../lib/auth-forms.ts';
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

/** Where the reset link lands: better-auth adds ?token=… (or ?error=INVALID_TOKEN when the link is spent or old). */
export const PASSWORD_RESET_PATH = '/restablecer-contrasena';
/** Where the link sent to a new e-mail address lands once the change is made. */
export const EMAIL_CHANGED_PATH = '/dashboard/profile?email=confirmado';

/** 'Olvidé mi contraseña': answers the same whether or not the address has an account. */
export const requestPasswordReset = (email: string) => post('request-password-reset', { email, redirectTo: PASSWORD_RESET_PATH });

export const resetPassword = (input: { newPassword: string; token: string }) => post('reset-password', input);

/** Sends the sign-up link again; answers the same for unknown and already verified addresses. */
export const resendVerificationEmail = (email: string) => post('send-verification-email', { email, callbackURL: VERIFIED_CALLBACK_PATH });

/** The new password replaces the old one and every other session of the account is signed out. */
export const changePassword = (input: { currentPassword: string; newPassword: string }) => post('change-password', { ...input, revokeOtherSessions: true });

/** Sends a confirmation link to the new address; the account keeps the old one until it is opened. */
export const changeEmail = (newEmail: string) => post('change-email', { newEmail, callbackURL: EMAIL_CHANGED_PATH });

export const updateProfile = (input: { name: string; bio: string }) => post('update-user', input);

/** Deletes the account and everything private in it; `password` is absent for accounts that only use Google. */
export const deleteAccount = (password: string | undefined) => post('delete-user', password === undefined ? {} : { password });

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
