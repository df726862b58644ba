/** The profile page's rules and texts, shared by its islands and the avatar endpoint. */

/** Uploads of images are at most 5 MB. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Stored (and shown) as a square this many pixels wide. */
export const AVATAR_SIZE = 256;
export const AVATAR_TOO_LARGE_MESSAGE = 'La imagen es demasiado grande. Máximo 5MB';
export const AVATAR_INVALID_MESSAGE = 'Por favor selecciona un archivo de imagen válido';
/** What the picker offers; the server reads the bytes whatever the name says (SVG is never accepted). */
export const AVATAR_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

/** A check before uploading (an image/ type, at most 5 MB); null when the file may go. */
export function avatarFileProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') return AVATAR_INVALID_MESSAGE;
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_TOO_LARGE_MESSAGE;
  return null;
}

export const PROFILE_TOASTS = {
  saved: { title: 'Perfil actualizado', description: 'Tus cambios se han guardado.' },
  avatarSaved: { title: 'Foto actualizada', description: 'Tu nueva foto ya aparece en tu cuenta.' },
  avatarRemoved: { title: 'Foto eliminada', description: 'Tu cuenta vuelve a mostrar tus iniciales.' },
  passwordChanged: { title: 'Contraseña cambiada', description: 'Hemos cerrado la sesión en tus otros dispositivos.' },
  emailSent: { title: 'Revisa tu nuevo email', description: 'Te hemos enviado un enlace para confirmar el cambio.' },
  accountDeleted: { title: 'Cuenta eliminada', description: 'Hemos borrado tu cuenta y tus datos privados.' },
} as const;

/** The texts of the change-password and delete-account failures that the auth routes report by code. */
export function accountErrorMessage(failure: { status: number; code?: string | undefined; message?: string | undefined } | undefined): string {
  if (!failure) return 'No se pudo conectar con el servidor. Inténtalo de nuevo.';
  if (failure.status === 429) return 'Demasiados intentos. Espera un momento e inténtalo de nuevo';
  if (failure.code === 'INVALID_PASSWORD') return 'La contraseña no es correcta.';
  return failure.message ?? 'No se pudieron guardar los cambios. Inténtalo de nuevo.';
}
