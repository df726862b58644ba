/** Where Google sign-in starts, where it lands, and its error texts on the dialog and on each page. */

export type GoogleSignInPlace = 'login' | 'register' | 'dialog';

/** better-auth appends &error=...&error_description=... to these when the round trip fails. */
export const GOOGLE_ERROR_PATHS = { login: '/login?google=1', register: '/register?google=1' } as const;

export const GOOGLE_ERROR_TITLE = 'Error';

const TEXTS: Record<GoogleSignInPlace, { failed: string; unexpected: string }> = {
  login: { failed: 'Error al iniciar sesión con Google', unexpected: 'Error inesperado al iniciar sesión con Google' },
  register: { failed: 'Error al registrarse con Google', unexpected: 'Error inesperado al registrarse con Google' },
  dialog: { failed: 'Error al iniciar sesión con Google', unexpected: 'Error inesperado al iniciar sesión con Google' },
};

/** The pages land on /dashboard (or the page that asked for a sign-in), the auth dialog on the site's home. */
export function googleDestinations(place: GoogleSignInPlace, origin: string, next = '/dashboard'): { callbackURL: string; errorCallbackURL: string } {
  return {
    callbackURL: place === 'dialog' ? `${origin}/` : `${origin}${next}`,
    errorCallbackURL: place === 'register' ? GOOGLE_ERROR_PATHS.register : GOOGLE_ERROR_PATHS.login,
  };
}

/** The message for a failed start: no answer at all is the "unexpected" row. */
export function googleErrorMessage(place: GoogleSignInPlace, answered: boolean): string {
  return answered ? TEXTS[place].failed : TEXTS[place].unexpected;
}

/**
 * The message for a page reached through the error path. The query string is the visitor's to edit, so only our
 * own known account message is repeated from it; anything else gets the fixed SPEC text.
 */
export function googleReturnError(place: GoogleSignInPlace, params: URLSearchParams, knownMessages: readonly string[]): string | null {
  if (!params.has('google') || !params.has('error')) return null;
  const description = params.get('error_description');
  return description && knownMessages.includes(description) ? description : TEXTS[place].failed;
}
