import { LoaderCircle } from 'lucide-react';
import { FormField, submitButtonClass } from '../../components/ui/FormField.tsx';
import { signInWithEmail } from './auth-client.ts';
import { LOGIN_ERROR_TITLE, loginErrorMessage, loginSchema } from './auth-forms.ts';
import { flashToast, showToast } from '../toast/toast-store.ts';
import { useValidatedForm } from './use-form.ts';

/** `next`: where to go once signed in (the page that asked for it, or /dashboard). */
export default function LoginForm({ next = '/dashboard' }: { next?: string }) {
  const { bind, onSubmit, submitting, disabled } = useValidatedForm(loginSchema, { email: '', password: '' });

  const handleSubmit = onSubmit(async (data) => {
    const result = await signInWithEmail(data);
    if (!result.ok) {
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
      <button type="submit" disabled={disabled} className={submitButtonClass}>
        {submitting && <LoaderCircle className="h-5 w-5 animate-spin" aria-hidden="true" />}
        {submitting ? 'Iniciando sesión…' : 'Iniciar sesión'}
      </button>
    </form>
  );
}
