import { useState } from 'react';
import { FormField, SubmitButton } from '../../components/ui/FormField.tsx';
import { requestPasswordReset } from '../../components/account/auth-client.ts';
import { forgotPasswordSchema, loginErrorMessage } from '../../lib/auth-forms.ts';
import { showToast } from '../../components/toast/toast-store.ts';
import { useValidatedForm } from '../../components/forms/use-form.ts';

/** 'Olvidé mi contraseña': the answer is the same whether or not the address has an account. */
export default function ForgotPasswordForm() {
  const { bind, onSubmit, submitting, disabled } = useValidatedForm(forgotPasswordSchema, { email: '' });
  const [sentTo, setSentTo] = useState('');

  const handleSubmit = onSubmit(async ({ email }) => {
    const result = await requestPasswordReset(email);
    if (!result.ok) {
      showToast({
        title: 'Error',
        description: result.failure?.status === 429 ? loginErrorMessage(result.failure) : 'No se pudo enviar el email. Inténtalo de nuevo.',
        variant: 'destructive',
      });
      return false;
    }
    setSentTo(email);
    return false;
  });

  if (sentTo) {
    return (
      <div role="status" className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-green-900">
        <p className="font-semibold">Revisa tu email</p>
        <p className="mt-1 text-sm">Si hay una cuenta con {sentTo}, te hemos enviado un enlace para elegir una contraseña nueva. Caduca en una hora.</p>
      </div>
    );
  }

  return (
    <form method="post" onSubmit={handleSubmit} noValidate className="space-y-5">
      <FormField label="Email" type="email" autoComplete="email" inputMode="email" placeholder="tu@email.com" {...bind('email')} />
      <SubmitButton submitting={submitting} disabled={disabled} idle="Enviar enlace" busy="Enviando…" />
    </form>
  );
}
