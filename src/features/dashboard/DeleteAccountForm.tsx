import { LoaderCircle, UserX } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { useHydrated } from '../../components/ui/use-hydrated.ts';
import { deleteAccount } from '../../components/account/auth-client.ts';
import { deleteAccountSchema } from '../../lib/auth-forms.ts';
import { useValidatedForm } from '../../components/forms/use-form.ts';
import { flashToast } from '../../components/toast/toast-store.ts';
import { confirmAction } from '../../components/confirm-dialog.ts';
import { accountErrorMessage, PROFILE_TOASTS } from './profile.ts';

async function confirmDeletion(): Promise<boolean> {
  return confirmAction({
    title: '¿Eliminar tu cuenta?',
    description: 'Se borrarán tu perfil, tus guardados, imágenes, descripciones, historias y propuestas sin publicar. No se puede deshacer.',
    confirmLabel: 'Eliminar mi cuenta',
  });
}

/** 'Eliminar mi cuenta': confirmed by the password (accounts that only use Google confirm with a recent sign-in). */
export default function DeleteAccountForm({ hasPassword }: { hasPassword: boolean }) {
  return hasPassword ? <WithPassword /> : <WithoutPassword />;
}

async function run(password: string | undefined, setError: (message: string) => void): Promise<boolean> {
  setError('');
  if (!(await confirmDeletion())) return false;
  const result = await deleteAccount(password);
  if (!result.ok) {
    setError(accountErrorMessage(result.failure));
    return false;
  }
  flashToast(PROFILE_TOASTS.accountDeleted);
  window.location.assign('/');
  return true;
}

function ErrorNote({ error }: { error: string }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
      {error}
    </p>
  );
}

function WithPassword() {
  const { bind, onSubmit, submitting, disabled } = useValidatedForm(deleteAccountSchema, { password: '' });
  const [error, setError] = useState('');
  const handleSubmit = onSubmit(({ password }) => run(password, setError));
  return (
    <form method="post" onSubmit={handleSubmit} noValidate className="space-y-5">
      <FormField label="Tu contraseña" type="password" autoComplete="current-password" {...bind('password')} />
      <ErrorNote error={error} />
      <Button type="submit" variant="danger" size="lg" disabled={disabled}>
        {submitting ? <LoaderCircle className="h-5 w-5 animate-spin" aria-hidden="true" /> : <UserX className="h-5 w-5" aria-hidden="true" />}
        {submitting ? 'Eliminando...' : 'Eliminar mi cuenta'}
      </Button>
    </form>
  );
}

function WithoutPassword() {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600">Entras con Google: para confirmar, tu sesión debe haberse iniciado en las últimas 24 horas.</p>
      <ErrorNote error={error} />
      <Button
        variant="danger"
        size="lg"
        disabled={busy || !hydrated}
        onClick={async () => {
          setBusy(true);
          if (!(await run(undefined, setError))) setBusy(false);
        }}
      >
        {busy ? <LoaderCircle className="h-5 w-5 animate-spin" aria-hidden="true" /> : <UserX className="h-5 w-5" aria-hidden="true" />}
        {busy ? 'Eliminando...' : 'Eliminar mi cuenta'}
      </Button>
    </div>
  );
}
