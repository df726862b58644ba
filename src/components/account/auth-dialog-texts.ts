// Kept apart from auth-dialog.ts, whose form rules bring zod: the code that loads the dialog needs only these.
export const DIALOG_ERROR_TITLE = 'Error';
export const DIALOG_LOGIN_UNEXPECTED = 'Error inesperado al iniciar sesión';
