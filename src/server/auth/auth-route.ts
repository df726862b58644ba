/**
 * /api/auth/*: better-auth behind the same guards as every other endpoint. Mutations must come from our own
 * pages (including the ones that send mail), bodies are small and clean text, the rate-limit IP is the
 * connection's, and every error body is Spanish: better-auth's English messages never reach the visitor.
 */
import type { APIContext } from 'astro';
import { ERROR_TABLE, type ErrorKind } from '../../lib/error-table.ts';
import { getPool } from '../db/client.ts';
import { checkDatabase } from '../db/health.ts';
import { AppError, DATABASE_RETRY_AFTER_S, errorResponse } from '../http/errors.ts';
import { assertCleanText, clientIp, isSameOrigin, readLimitedBytes } from '../http/endpoint.ts';
import { CLIENT_IP_HEADER, getAuth } from './auth.ts';

/** Sign-up, sign-in and profile bodies are a few hundred bytes; nothing legitimate comes near this. */
export const AUTH_MAX_BODY_BYTES = 8 * 1024;

/**
 * Spanish for better-auth's error codes (SPEC's wording where it has one), all of them (a test compares this
 * with the codes the configured instance can answer). The code itself is kept for the forms.
 */
export const AUTH_MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Email o contraseña incorrectos',
  EMAIL_NOT_VERIFIED: 'Por favor, verifica tu email antes de continuar',
  USER_ALREADY_EXISTS: 'Este email ya está registrado. Intenta iniciar sesión.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'Este email ya está registrado. Intenta iniciar sesión.',
  INVALID_EMAIL: 'Email inválido',
  INVALID_PASSWORD: 'Contraseña inválida',
  PASSWORD_TOO_SHORT: 'La contraseña debe tener al menos 6 caracteres',
  PASSWORD_TOO_LONG: 'La contraseña es demasiado larga.',
  USER_NOT_FOUND: 'No encontramos ninguna cuenta con esos datos.',
  INVALID_TOKEN: 'El enlace no es válido o ha caducado. Pide uno nuevo.',
  TOKEN_EXPIRED: 'El enlace no es válido o ha caducado. Pide uno nuevo.',
  SESSION_EXPIRED: 'Tu sesión ha caducado. Vuelve a iniciar sesión para continuar.',
  SESSION_NOT_FRESH: 'Por seguridad, vuelve a iniciar sesión para continuar.',
  EMAIL_ALREADY_VERIFIED: 'Este email ya está verificado. Ya puedes iniciar sesión.',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'Esta cuenta no tiene contraseña: entra con Google.',
  PROVIDER_NOT_FOUND: 'Ese método de acceso no está disponible.',
  SOCIAL_ACCOUNT_ALREADY_LINKED: 'Esa cuenta de Google ya está vinculada a otra cuenta.',
  LINKED_ACCOUNT_ALREADY_EXISTS: 'Esa cuenta de Google ya está vinculada a otra cuenta.',
  FAILED_TO_CREATE_USER: 'No se pudo crear la cuenta. Inténtalo de nuevo.',
  FAILED_TO_CREATE_SESSION: 'No se pudo iniciar la sesión. Inténtalo de nuevo.',
  FAILED_TO_UPDATE_USER: 'No se pudieron guardar los cambios. Inténtalo de nuevo.',
  EMAIL_CAN_NOT_BE_UPDATED: 'El email se cambia desde «Cambiar email», con un enlace de confirmación.',
  CHANGE_EMAIL_DISABLED: 'El cambio de email no está disponible.',
  RESET_PASSWORD_DISABLED: 'El restablecimiento de contraseña no está disponible.',
  VERIFICATION_EMAIL_NOT_ENABLED: 'El envío de emails de verificación no está disponible.',
  EMAIL_MISMATCH: 'Ese no es el email de tu cuenta.',
  FIELD_NOT_ALLOWED: 'Solo se pueden cambiar el nombre y la biografía.',
  VALIDATION_ERROR: ERROR_TABLE.invalid_input.message,
  USER_ALREADY_HAS_PASSWORD: 'Escribe tu contraseña para confirmar',
  PASSWORD_ALREADY_SET: 'Tu cuenta ya tiene contraseña.',
  INVALID_ORIGIN: ERROR_TABLE.cross_site.message,
  MISSING_OR_NULL_ORIGIN: ERROR_TABLE.cross_site.message,
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: ERROR_TABLE.cross_site.message,
  INVALID_CALLBACK_URL: ERROR_TABLE.cross_site.message,
  INVALID_REDIRECT_URL: ERROR_TABLE.cross_site.message,
  INVALID_ERROR_CALLBACK_URL: ERROR_TABLE.cross_site.message,
  INVALID_NEW_USER_CALLBACK_URL: ERROR_TABLE.cross_site.message,
  CALLBACK_URL_REQUIRED: ERROR_TABLE.invalid_input.message,
  BODY_MUST_BE_AN_OBJECT: ERROR_TABLE.bad_request.message,
  MISSING_FIELD: 'Falta algún dato obligatorio.',
  ASYNC_VALIDATION_NOT_SUPPORTED: ERROR_TABLE.internal.message,
  METHOD_NOT_ALLOWED_DEFER_SESSION_REQUIRED: ERROR_TABLE.method_not_allowed.message,
  ACCOUNT_NOT_FOUND: 'No encontramos esa cuenta.',
  USER_EMAIL_NOT_FOUND: 'Tu cuenta no tiene email.',
  INVALID_USER: 'No encontramos ninguna cuenta con esos datos.',
  FAILED_TO_CREATE_VERIFICATION: 'No se pudo preparar el enlace de verificación. Inténtalo de nuevo.',
  FAILED_TO_GET_SESSION: 'No se pudo leer tu sesión. Vuelve a iniciar sesión.',
  FAILED_TO_GET_USER_INFO: 'Google no nos dio los datos de tu cuenta. Inténtalo de nuevo.',
  FAILED_TO_UNLINK_LAST_ACCOUNT: 'No puedes desvincular tu único método de acceso.',
  ID_TOKEN_NOT_SUPPORTED: 'Ese método de acceso no está disponible.',
};

/**
 * Spanish for the few English sentences better-auth puts in its successful answers (`message`). One it does
 * not list here is dropped rather than shown: the forms word their own success.
 */
export const AUTH_SUCCESS_MESSAGES: Record<string, string> = {
  'User deleted': 'Tu cuenta se ha eliminado.',
  'Verification email sent': 'Te hemos enviado un email para confirmar.',
  'If this email exists in our system, check your email for the reset link':
    'Si hay una cuenta con ese email, te hemos enviado un enlace para restablecer la contraseña.',
  'Email updated': 'Email actualizado.',
};

/** A successful JSON answer with its `message` in Spanish (or without one); any other answer as it is. */
export async function spanishAuthSuccess(response: Response): Promise<Response> {
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) return response;
  const data = (await response
    .clone()
    .json()
    .catch(() => null)) as unknown;
  if (!data || typeof data !== 'object' || Array.isArray(data) || typeof (data as { message?: unknown }).message !== 'string') return response;
  const { message, ...rest } = data as { message: string };
  const spanish = AUTH_SUCCESS_MESSAGES[message];
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(spanish ? { ...rest, message: spanish } : rest), { status: response.status, statusText: response.statusText, headers });
}

/** The table's situation for a status better-auth answered without a code we know. */
function kindForStatus(status: number): ErrorKind {
  if (status === 401) return 'not_signed_in';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 413) return 'too_large';
  if (status === 415) return 'unsupported_type';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'internal';
  return 'invalid_input';
}

/** Our own hooks already answer in Spanish under this code (src/lib/auth-forms.ts). */
const SPANISH_MESSAGE_CODE = 'MENSAJE';

/** better-auth's JSON error rewritten in Spanish, keeping its code and status (the forms choose SPEC texts by code). */
export async function spanishAuthError(response: Response): Promise<Response> {
  const data = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { code?: unknown; message?: unknown };
  const code = typeof data.code === 'string' ? data.code : undefined;
  const spanish =
    code === SPANISH_MESSAGE_CODE && typeof data.message === 'string'
      ? data.message
      : ((code && AUTH_MESSAGES[code]) ?? ERROR_TABLE[kindForStatus(response.status)].message);
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.delete('content-length');
  if (response.status === 429 && !headers.has('retry-after') && headers.has('x-retry-after')) headers.set('retry-after', headers.get('x-retry-after')!);
  return new Response(JSON.stringify({ error: spanish, message: spanish, code: code ?? kindForStatus(response.status) }), { status: response.status, headers });
}

/** Refuses NUL and lone surrogates in a JSON or form body before better-auth stores any of it. */
function assertCleanBody(bytes: Uint8Array, contentType: string): void {
  if (bytes.byteLength === 0) return;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('invalid_text');
  }
  if (contentType.includes('application/x-www-form-urlencoded')) {
    assertCleanText(Object.fromEntries(new URLSearchParams(text)));
    return;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    assertCleanText(text);
    return;
  }
  assertCleanText(parsed);
}

export async function handleAuthRequest(context: Pick<APIContext, 'request' | 'clientAddress'>): Promise<Response> {
  const { request } = context;
  const mutation = request.method !== 'GET' && request.method !== 'HEAD';
  const label = `${request.method} ${new URL(request.url).pathname}`;
  let body: Uint8Array | undefined;
  try {
    if (mutation) {
      if (!isSameOrigin(request)) throw new AppError('cross_site');
      const bytes = await readLimitedBytes(request, AUTH_MAX_BODY_BYTES);
      if (bytes === null) throw new AppError('too_large');
      assertCleanBody(bytes, request.headers.get('content-type') ?? '');
      body = bytes;
    }
  } catch (error) {
    return errorResponse(error, label);
  }
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_IP_HEADER);
  headers.delete('content-length');
  // The rate-limit IP is the connection's (or a proxy's that security.allowedDomains trusts), never the client's say.
  headers.set(CLIENT_IP_HEADER, clientIp(context));
  const ask = () => getAuth().handler(new Request(request.url, { method: request.method, headers, body: body as Uint8Array<ArrayBuffer> | undefined }));
  let response: Response;
  try {
    response = await ask();
    // A read that failed while PostgreSQL was restarting may find it back by the time it is checked below: a GET
    // changes nothing, so it is asked once more rather than answered with a bare 500.
    if (response.status >= 500 && request.method === 'GET' && (await checkDatabase(getPool())).state === 'up') response = await ask();
  } catch (error) {
    // Its rate limiter runs outside its own error handling: a database outage there arrives as a throw.
    return errorResponse(error, label);
  }
  // better-auth turns a failed query into a bare 500 and keeps the cause to itself: while PostgreSQL is down, that is a 503.
  // A GET still failing once asked again is a database that is not serving yet (it accepts our check before it
  // serves every query after a crash): 503 with its Retry-After, never a bare 500.
  if (response.status >= 500 && (request.method === 'GET' || (await checkDatabase(getPool())).state === 'down')) {
    return errorResponse(new AppError('unavailable', { retryAfter: DATABASE_RETRY_AFTER_S }), label);
  }
  // better-auth's errors are JSON, except its rate limiter's, which is text: both are rewritten; its HTML error page is not.
  const type = response.headers.get('content-type') ?? '';
  const translated = response.status >= 400 ? (type.includes('text/html') ? response : await spanishAuthError(response)) : await spanishAuthSuccess(response);
  const sent = new Headers(translated.headers);
  // Session answers are personal: no shared cache (CDN, proxy) may keep them.
  if (!sent.has('cache-control')) sent.set('cache-control', 'private, no-store');
  return new Response(translated.body, { status: translated.status, statusText: translated.statusText, headers: sent });
}
