import { useState } from 'react';
import { FormField, SubmitButton } from '../../components/ui/FormField.tsx';
import { changePassword } from '../../components/account/auth-client.ts';
import { passwordChangeSchema } from '../../lib/auth-forms.ts';
import { useValidatedForm } from '../../components/forms/use-form.ts';
import { showToast } from '../../components/toast/toast-store.ts';
import { accountErrorMessage, PROFILE_TOASTS } from './profile.ts';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The current password proves who asks; the new one signs out every other session of the account. */
export default function PasswordForm() {
  const [round, setRound] = useState(0);
  // A new form (empty fields) after each change.
  return <PasswordFields key={round} onChanged={() => setRound((value) => value + 1)} />;
}

function PasswordFields({ onChanged }: { onChanged: () => void }) {
  const { bind, onSubmit, submitting, disabled } = useValidatedForm(passwordChangeSchema, EMPTY);
  const [error, setError] = useState('');

  const handleSubmit = onSubmit(async ({ currentPassword, newPassword }) => {
    setError('');
    const result = await changePassword({ currentPassword, newPassword });
    if (!result.ok) {
      setError(accountErrorMessage(result.failure));
      return false;
    }
    showToast(PROFILE_TOASTS.passwordChanged);
    onChanged();
    return true;
  });

  return (
    <form method="post" onSubmit={handleSubmit} noValidate className="space-y-5">
      <FormField label="Contraseña actual" type="password" autoComplete="current-password" {...bind('currentPassword')} />
      <FormField label="Nueva contraseña" type="password" autoComplete="new-password" hint="Mínimo 6 caracteres" {...bind('newPassword')} />
      <FormField label="Confirmar nueva contraseña" type="password" autoComplete="new-password" {...bind('confirmPassword')} />
      {error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {error}
        </p>
      )}
      <p className="text-sm text-slate-600">Al cambiarla, cerraremos la sesión en tus otros dispositivos.</p>
      <SubmitButton submitting={submitting} disabled={disabled} idle="Cambiar contraseña" busy="Cambiando..." block={false} />
    </form>
  );
}
