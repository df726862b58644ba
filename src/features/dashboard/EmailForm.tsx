import { useState } from 'react';
import { FormField, SubmitButton } from '../../components/ui/FormField.tsx';
import { changeEmail } from '../../components/account/auth-client.ts';
import { emailChangeSchema } from '../../lib/auth-forms.ts';
import { useValidatedForm } from '../../components/forms/use-form.ts';
import { showToast } from '../../components/toast/toast-store.ts';
import { accountErrorMessage, PROFILE_TOASTS } from './profile.ts';

/** E-mail change: a link goes to the new address, and only opening it changes the account's e-mail. */
export default function EmailForm({ email }: { email: string }) {
  const { bind, onSubmit, submitting, disabled } = useValidatedForm(emailChangeSchema, { newEmail: '' });
  const [sentTo, setSentTo] = useState('');
  const [error, setError] = useState('');

  const handleSubmit = onSubmit(async ({ newEmail }) => {
    setError('');
    setSentTo('');
    if (newEmail.toLowerCase() === email.toLowerCase()) {
      setError('Ese ya es el email de tu cuenta.');
      return false;
    }
    const result = await changeEmail(newEmail);
    if (!result.ok) {
      setError(accountErrorMessage(result.failure));
      return false;
    }
    setSentTo(newEmail);
    showToast(PROFILE_TOASTS.emailSent);
    return false;
  });

  return (
    <form method="post" onSubmit={handleSubmit} noValidate className="space-y-5">
      <p className="text-slate-700">
        Tu email actual es <strong className="font-semibold">{email}</strong>.
      </p>
      <FormField label="Nuevo email" type="email" autoComplete="email" inputMode="email" placeholder="tu@email.com" {...bind('newEmail')} />
      <div aria-live="polite">
        {sentTo && (
          <p className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
            Te hemos enviado un enlace a <strong>{sentTo}</strong>. Tu email cambiará cuando lo abras; hasta entonces sigues entrando con el actual.
          </p>
        )}
        {error && <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">{error}</p>}
      </div>
      <SubmitButton submitting={submitting} disabled={disabled} idle="Cambiar email" busy="Enviando..." block={false} />
    </form>
  );
}
