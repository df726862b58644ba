import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { FormField, SubmitButton } from '../../components/ui/FormField.tsx';
import { resendVerificationEmail, signInWithEmail } from '../../components/account/auth-client.ts';
import { LOGIN_ERROR_TITLE, loginErrorMessage, loginSchema } from '../../lib/auth-forms.ts';
import { flashToast, showToast } from '../../components/toast/toast-store.ts';
import { useValidatedForm } from '../../components/forms/use-form.ts';

/** `next`: where to go once signed in (the page that asked for it, or /dashboard). */
export default function LoginForm({ next = '/dashboard' }: { next?: string }) {
  const { bind, onSubmit, submitting, disabled } = useValidatedForm(loginSchema, { email: '', password: '' });
  // The address that was refused as not yet verified: the visitor may ask for the link again.
  const [unverified, setUnverified] = useState('');

  const handleSubmit = onSubmit(async (data) => {
    setUnverified('');
    const result = await signInWithEmail(data);
    if (!result.ok) {
      if (result.failure?.code === 'EMAIL_NOT_VERIFIED') setUnverified(data.email);
      showToast({ title: LOGIN_ERROR_TITLE, description: loginErrorMessage(result.failure), variant: 'destructive' });
      return false;
    }
    flashToast({ title: '¡Bienvenido!', description: 'Has iniciado sesión exitosamente.' });
    window.location.assign(next);
    return true;
  });

  return (
    <form method="post" onSubmit={handleSubmit} noValidate className="space-y-5">
      <FormField label="Email" type="email" autoComplete="email" inputMode="email" placeholder="tu@email.com" {...bind('email')} />
      <FormField label="Contraseña" type="password" autoComplete="current-password" {...bind('password')} />
      {unverified && <ResendVerification email={unverified} />}
      <SubmitButton submitting={submitting} disabled={disabled} idle="Iniciar sesión" busy="Iniciando sesión…" />
    </form>
  );
}

/** The sign-up link again, for an account whose e-mail is not verified yet. */
function ResendVerification({ email }: { email: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');

  async function resend() {
    setState('sending');
    const result = await resendVerificationEmail(email);
    if (!result.ok) {
      setState('idle');
      showToast({ title: 'Error', description: loginErrorMessage(result.failure), variant: 'destructive' });
      return;
    }
    setState('sent');
    showToast({ title: 'Email enviado', description: `Te hemos enviado un nuevo enlace de verificación a ${email}.` });
  }

  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <p>Tu email aún no está verificado. Abre el enlace que te enviamos al registrarte, o pide otro.</p>
      <button
        type="button"
        onClick={() => void resend()}
        disabled={state !== 'idle'}
        className="mt-2 inline-flex items-center gap-2 font-semibold text-amber-950 underline underline-offset-2 disabled:no-underline disabled:opacity-70"
      >
        {state === 'sending' && <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />}
        {state === 'sent' ? 'Enlace enviado' : 'Reenviar email de verificación'}
      </button>
    </div>
  );
}
