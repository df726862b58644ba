/**
 * Login and register input (SPEC §5) and the Spanish texts for auth errors (SPEC §8).
 * The islands validate with these schemas and the auth server validates the same fields again.
 */
import { z } from '../../lib/zod.ts';

export const PASSWORD_MIN_LENGTH = 6;

// SPEC asks for a simple address pattern, not full RFC parsing.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Longer than any real name or address; short enough that a name sent with every session stays small. */
export const NAME_MAX_LENGTH = 80;
const EMAIL_MAX_LENGTH = 254;
const PASSWORD_MAX_LENGTH = 128;

const email = z
  .string()
  .trim()
  .min(1, { error: 'El email es requerido', abort: true })
  .max(EMAIL_MAX_LENGTH, { error: 'Ingresa un email válido', abort: true })
  .regex(EMAIL_PATTERN, { error: 'Ingresa un email válido' });

const name = z
  .string()
  .trim()
  .min(1, { error: 'El nombre es requerido' })
  .max(NAME_MAX_LENGTH, { error: `El nombre admite como máximo ${NAME_MAX_LENGTH} caracteres.` });

export const loginSchema = z.object({
  email,
  password: z.string().min(1, { error: 'La contraseña es requerida' }).max(PASSWORD_MAX_LENGTH, { error: 'Email o contraseña incorrectos' }),
});

/** The fields the server receives on sign-up (the confirmation never leaves the browser). */
export const registerFields = z.object({
  name,
  email,
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, { error: 'La contraseña debe tener al menos 6 caracteres' })
    .max(PASSWORD_MAX_LENGTH, { error: `La contraseña admite como máximo ${PASSWORD_MAX_LENGTH} caracteres.` }),
});

/** What a signed-in user may change through the auth library's profile route; it checks the rest itself. */
export const profileUpdate = z.looseObject({
  name: name.optional(),
  image: z.string().max(2048).nullable().optional(),
});

export const registerSchema = registerFields
  .extend({ confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, { error: 'Las contraseñas no coinciden', path: ['confirmPassword'] });

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;

/** The first message of each field, ready for the form. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** What the auth endpoints answer on failure (better-auth's JSON error body plus the HTTP status). */
export interface AuthFailure {
  status: number;
  code?: string | undefined;
  message?: string | undefined;
}

export const LOGIN_ERROR_TITLE = 'Error de autenticación';
export const REGISTER_ERROR_TITLE = 'Error';

/** The code our server uses for its own Spanish validation and account-state messages. */
export const SPANISH_MESSAGE_CODE = 'MENSAJE';

/** SPEC §8, login page rows. `undefined` means the request never got an answer. */
export function loginErrorMessage(failure: AuthFailure | undefined): string {
  if (!failure) return 'Error inesperado al iniciar sesión. Inténtalo de nuevo.';
  if (failure.status === 429) return 'Demasiados intentos. Espera un momento e inténtalo de nuevo';
  if (failure.code === 'INVALID_EMAIL_OR_PASSWORD') return 'Email o contraseña incorrectos';
  if (failure.code === 'EMAIL_NOT_VERIFIED') return 'Por favor, verifica tu email antes de continuar';
  if (failure.code === SPANISH_MESSAGE_CODE && failure.message) return failure.message;
  return 'Error al iniciar sesión';
}

/** SPEC §8, register page rows. */
export function registerErrorMessage(failure: AuthFailure | undefined): string {
  if (!failure) return 'Error inesperado durante el registro. Inténtalo de nuevo.';
  if (failure.status === 429) return 'Demasiados intentos. Espera un momento e inténtalo de nuevo';
  if (failure.code?.startsWith('USER_ALREADY_EXISTS')) return 'Este email ya está registrado. Intenta iniciar sesión.';
  if (failure.code === 'INVALID_EMAIL') return 'Email inválido';
  if (failure.code === 'INVALID_PASSWORD' || failure.code === 'PASSWORD_TOO_SHORT' || failure.code === 'PASSWORD_TOO_LONG') return 'Contraseña inválida';
  if (failure.code === SPANISH_MESSAGE_CODE && failure.message) return failure.message;
  return 'Error durante el registro';
}
