/**
 * Login and register input and the Spanish texts for auth errors.
 * The islands validate with these schemas and the auth server validates the same fields again.
 */
import { z } from './zod.ts';

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

export const BIO_MAX_LENGTH = 500;

const bio = z
  .string()
  .trim()
  .max(BIO_MAX_LENGTH, { error: `La biografía admite como máximo ${BIO_MAX_LENGTH} caracteres.` });

/**
 * What a signed-in user may change through the auth library's profile route: the name and the bio. Nothing else
 * (the avatar is uploaded through /api/me/avatar, which re-encodes it; role and state are the admins').
 */
export const profileUpdate = z.strictObject(
  {
    name: name.optional(),
    bio: bio.optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Solo se pueden cambiar el nombre y la biografía.' : undefined) },
);

/** The profile form: both fields always sent (an empty bio clears it). */
export const profileFormSchema = z.object({ name, bio });

const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: 'La contraseña debe tener al menos 6 caracteres' })
  .max(PASSWORD_MAX_LENGTH, { error: `La contraseña admite como máximo ${PASSWORD_MAX_LENGTH} caracteres.` });

const passwordsMatch = (value: { newPassword: string; confirmPassword: string }) => value.newPassword === value.confirmPassword;

/** The fields the auth library's change-password route receives (other sessions are always signed out). */
export const passwordChangeFields = z.object({
  currentPassword: z.string().min(1, { error: 'Escribe tu contraseña actual' }).max(PASSWORD_MAX_LENGTH, { error: 'Contraseña incorrecta' }),
  newPassword,
});

export const passwordChangeSchema = passwordChangeFields
  .extend({ confirmPassword: z.string() })
  .refine(passwordsMatch, { error: 'Las contraseñas no coinciden', path: ['confirmPassword'] });

/** 'Olvidé mi contraseña': where to send the link. */
export const forgotPasswordSchema = z.object({ email });

/** The page the reset link opens: a new password, typed twice. */
export const passwordResetSchema = z
  .object({ newPassword, confirmPassword: z.string() })
  .refine(passwordsMatch, { error: 'Las contraseñas no coinciden', path: ['confirmPassword'] });

export const passwordResetFields = z.object({ newPassword, token: z.string().min(1).max(256) });

export const emailChangeSchema = z.object({ newEmail: email });

/** Deleting the account asks for the password again (accounts that sign in only with Google have none). */
export const deleteAccountSchema = z.object({
  password: z.string().min(1, { error: 'Escribe tu contraseña para confirmar' }).max(PASSWORD_MAX_LENGTH, { error: 'Contraseña incorrecta' }),
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

/** The login page's error texts. `undefined` means the request never got an answer. */
export function loginErrorMessage(failure: AuthFailure | undefined): string {
  if (!failure) return 'Error inesperado al iniciar sesión. Inténtalo de nuevo.';
  if (failure.status === 429) return 'Demasiados intentos. Espera un momento e inténtalo de nuevo';
  if (failure.code === 'INVALID_EMAIL_OR_PASSWORD') return 'Email o contraseña incorrectos';
  if (failure.code === 'EMAIL_NOT_VERIFIED') return 'Por favor, verifica tu email antes de continuar';
  if (failure.code === SPANISH_MESSAGE_CODE && failure.message) return failure.message;
  return 'Error al iniciar sesión';
}

/** The register page's error texts. */
export function registerErrorMessage(failure: AuthFailure | undefined): string {
  if (!failure) return 'Error inesperado durante el registro. Inténtalo de nuevo.';
  if (failure.status === 429) return 'Demasiados intentos. Espera un momento e inténtalo de nuevo';
  if (failure.code?.startsWith('USER_ALREADY_EXISTS')) return 'Este email ya está registrado. Intenta iniciar sesión.';
  if (failure.code === 'INVALID_EMAIL') return 'Email inválido';
  if (failure.code === 'INVALID_PASSWORD' || failure.code === 'PASSWORD_TOO_SHORT' || failure.code === 'PASSWORD_TOO_LONG') return 'Contraseña inválida';
  if (failure.code === SPANISH_MESSAGE_CODE && failure.message) return failure.message;
  return 'Error durante el registro';
}
