import { useState } from 'react';
import { FormField, SubmitButton } from '../../components/ui/FormField.tsx';
import { resetPassword } from '../../components/account/auth-client.ts';
import { passwordResetSchema } from '../../lib/auth-forms.ts';
import { flashToast } from '../../components/toast/toast-store.ts';
import { useValidatedForm } from '../../components/forms/use-form.ts';

/** The page the reset link opens: a new password, then the login page (every session was signed out). */
export default function ResetPasswordForm({ token }: { token: string }) {
  const { bind, onSubmit, submitting, disabled } = useValidatedForm(passwordResetSchema, { newPassword: '', confirmPassword: '' });
  const [error, setError] = useState('');

  const handleSubmit = onSubmit(async ({ newPassword }) => {
    setError('');
    const result = await resetPassword({ newPassword, token });
    if (!result.ok) {
      setError(result.failure?.message ?? 'No se pudo cambiar la contraseña. Inténtalo de nuevo.');
      return false;
    }
    flashToast({ title: 'Contraseña cambiada', description: 'Ya puedes iniciar sesión con tu nueva contraseña.' });
    window.location.assign('/login');
    return true;
  });

  return (
    <form method="post" onSubmit={handleSubmit} noValidate className="space-y-5">
      <FormField label="Nueva contraseña" type="password" autoComplete="new-password" hint="Mínimo 6 caracteres" {...bind('newPassword')} />
      <FormField label="Confirmar nueva contraseña" type="password" autoComplete="new-password" {...bind('confirmPassword')} />
      {error && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
          <p>{error}</p>
          <a href="/recuperar-contrasena" className="mt-1 inline-block font-semibold underline underline-offset-2">
            Pedir un enlace nuevo
          </a>
        </div>
      )}
      <SubmitButton submitting={submitting} disabled={disabled} idle="Guardar contraseña" busy="Guardando…" />
    </form>
  );
}
