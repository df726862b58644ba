/** The auth dialog's own error texts; known account states keep the pages' Spanish texts. */
import { DIALOG_LOGIN_UNEXPECTED } from './auth-dialog-texts.ts';
import { loginErrorMessage, registerErrorMessage, type AuthFailure } from '../../lib/auth-forms.ts';

export function dialogLoginErrorMessage(failure: AuthFailure | undefined): string {
  if (!failure) return DIALOG_LOGIN_UNEXPECTED;
  if (failure.code === 'INVALID_EMAIL_OR_PASSWORD') return 'Credenciales inválidas. Verifica tu email y contraseña.';
  return loginErrorMessage(failure);
}

export function dialogRegisterErrorMessage(failure: AuthFailure | undefined): string {
  if (!failure) return 'Error inesperado al registrarse';
  return registerErrorMessage(failure);
}
