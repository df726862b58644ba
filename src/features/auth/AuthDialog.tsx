import { X } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { IconButton } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { TabPanel, Tabs } from '../../components/ui/Tabs.tsx';
import { FormField, SubmitButton } from '../../components/ui/FormField.tsx';
import { signInWithEmail, signUpWithEmail } from '../../components/account/auth-client.ts';
import { fetchSessionUser } from '../../components/account/session-client.ts';
import { dialogLoginErrorMessage, dialogRegisterErrorMessage } from '../../components/account/auth-dialog.ts';
import { DIALOG_ERROR_TITLE } from '../../components/account/auth-dialog-texts.ts';
import { loginSchema, registerFields } from '../../lib/auth-forms.ts';
import { closeAuthDialog } from '../../components/account/auth-dialog-store.ts';
import { refreshSavedToolsAfterSignIn } from '../../components/saves/saved-tools-store.ts';
import { forgetPendingSave } from '../../components/saves/pending-save.ts';
import { sessionUser } from '../../components/account/session-store.ts';
import { showToast } from '../../components/toast/toast-store.ts';
import { useValidatedForm } from '../../components/forms/use-form.ts';

type Tab = 'login' | 'register';

const tabs: { value: Tab; label: string }[] = [
  { value: 'login', label: 'Iniciar Sesión' },
  { value: 'register', label: 'Registrarse' },
];

interface Props {
  /** Other sign-in methods (the Google button) shown above the e-mail forms, with SPEC's divider. */
  children?: ReactNode;
}

/**
 * '¡Únete a nosotros!': a native modal dialog, so the page behind is inert,
 * focus stays inside and Escape closes it. Mounted only while open; closing gives the focus back to the opener.
 */
export default function AuthDialog({ children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [tab, setTab] = useState<Tab>('login');
  const [error, setError] = useState('');
  const id = useId();
  const titleId = `${id}-titulo`;

  // Set when a form succeeds: the tool whose 'Guardar' opened the dialog is then saved once signed in (pending-save.ts).
  const succeeded = useRef(false);

  const onClose = () => {
    if (!succeeded.current) forgetPendingSave();
    closeAuthDialog();
  };

  // Closing the native dialog first makes the page interactive again, so its close event can return the focus.
  const close = () => dialog.current?.close();
  const finish = () => {
    succeeded.current = true;
    close();
  };

  function choose(next: Tab) {
    setTab(next);
    setError('');
  }

  return (
    <Dialog dialogRef={dialog} labelledBy={titleId} onClose={onClose} width="md">
      <div className="relative p-6 md:p-8">
        <IconButton label="Cerrar" onClick={close} className="absolute top-3 right-3">
          <X className="h-5 w-5" aria-hidden="true" />
        </IconButton>
        <h2 id={titleId} className="pr-8 text-2xl font-bold">
          ¡Únete a nosotros!
        </h2>
        <p className="mt-1 text-slate-600">Inicia sesión o crea una cuenta para guardar tus herramientas de IA favoritas.</p>

        {children && (
          <div className="mt-6">
            {children}
            <p className="mt-6 flex items-center gap-3 text-sm text-slate-600 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
              O continúa con email
            </p>
          </div>
        )}

        {/* Only the chosen tab's panel exists (both forms have email and password fields). */}
        <Tabs label="Acceso" idBase={id} look="segmented" tabs={tabs} value={tab} onChange={choose} className="mt-6" />

        <TabPanel idBase={id} value={tab} className="mt-5">
          {error && (
            <div role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
              <p className="font-semibold">{DIALOG_ERROR_TITLE}</p>
              <p>{error}</p>
            </div>
          )}
          {tab === 'login' ? <DialogLoginForm onError={setError} onDone={finish} /> : <DialogRegisterForm onError={setError} onDone={finish} />}
        </TabPanel>
      </div>
    </Dialog>
  );
}

interface FormProps {
  onError: (message: string) => void;
  onDone: () => void;
}

function DialogLoginForm({ onError, onDone }: FormProps) {
  const { bind, onSubmit, submitting, disabled } = useValidatedForm(loginSchema, { email: '', password: '' });

  const handleSubmit = onSubmit(async (data) => {
    onError('');
    const result = await signInWithEmail(data);
    if (!result.ok) {
      onError(dialogLoginErrorMessage(result.failure));
      return false;
    }
    sessionUser.set(await fetchSessionUser());
    showToast({ title: '¡Bienvenido!', description: 'Has iniciado sesión exitosamente.' });
    onDone();
    refreshSavedToolsAfterSignIn();
    return true;
  });

  return (
    <form method="post" onSubmit={handleSubmit} noValidate className="space-y-5">
      <FormField label="Email" type="email" autoComplete="email" inputMode="email" placeholder="tu@email.com" {...bind('email')} />
      <FormField label="Contraseña" type="password" autoComplete="current-password" {...bind('password')} />
      <SubmitButton submitting={submitting} disabled={disabled} idle="Iniciar sesión" busy="Iniciando sesión…" />
    </form>
  );
}

function DialogRegisterForm({ onError, onDone }: FormProps) {
  const { bind, onSubmit, submitting, disabled } = useValidatedForm(registerFields, { name: '', email: '', password: '' });

  const handleSubmit = onSubmit(async (data) => {
    onError('');
    const result = await signUpWithEmail(data);
    if (!result.ok) {
      onError(dialogRegisterErrorMessage(result.failure));
      return false;
    }
    // Accounts start unverified (the e-mail link signs nobody in), so the dialog's job ends here.
    showToast({ title: '¡Registro exitoso!', description: 'Se ha enviado un email de confirmación a tu correo.' });
    onDone();
    return true;
  });

  return (
    <form method="post" onSubmit={handleSubmit} noValidate className="space-y-5">
      <FormField label="Nombre" autoComplete="name" {...bind('name')} />
      <FormField label="Email" type="email" autoComplete="email" inputMode="email" placeholder="tu@email.com" {...bind('email')} />
      <FormField label="Contraseña" type="password" autoComplete="new-password" hint="Mínimo 6 caracteres" {...bind('password')} />
      <SubmitButton submitting={submitting} disabled={disabled} idle="Crear cuenta" busy="Creando cuenta…" />
    </form>
  );
}
