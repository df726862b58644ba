import { FormField, SubmitButton } from '../../components/ui/FormField.tsx';
import { signUpWithEmail } from '../../components/account/auth-client.ts';
import { fetchSessionUser } from '../../components/account/session-client.ts';
import { REGISTER_ERROR_TITLE, registerErrorMessage, registerSchema } from '../../lib/auth-forms.ts';
import { flashToast, showToast } from '../../components/toast/toast-store.ts';
import { useValidatedForm } from '../../components/forms/use-form.ts';

// The success message stays 2 s before the page moves on.
const AFTER_REGISTER_WAIT_MS = 2000;

export default function RegisterForm() {
  const { bind, onSubmit, submitting, disabled } = useValidatedForm(registerSchema, { name: '', email: '', password: '', confirmPassword: '' });

  const handleSubmit = onSubmit(async ({ name, email, password }) => {
    const result = await signUpWithEmail({ name, email, password });
    if (!result.ok) {
      showToast({ title: REGISTER_ERROR_TITLE, description: registerErrorMessage(result.failure), variant: 'destructive' });
      return false;
    }
    showToast({ title: '¡Registro exitoso!', description: 'Se ha enviado un email de confirmación a tu correo.' });
    await new Promise((resolve) => window.setTimeout(resolve, AFTER_REGISTER_WAIT_MS));
    if (await fetchSessionUser()) {
      window.location.assign('/dashboard');
    } else {
      flashToast({ title: 'Verifica tu email', description: 'Abre el enlace que te hemos enviado y después inicia sesión.' });
      window.location.assign('/login');
    }
    return true;
  });

  return (
    <form method="post" onSubmit={handleSubmit} noValidate className="space-y-5">
      <FormField label="Nombre" autoComplete="name" {...bind('name')} />
      <FormField label="Email" type="email" autoComplete="email" inputMode="email" placeholder="tu@email.com" {...bind('email')} />
      <FormField label="Contraseña" type="password" autoComplete="new-password" hint="Mínimo 6 caracteres" {...bind('password')} />
      <FormField label="Confirmar contraseña" type="password" autoComplete="new-password" {...bind('confirmPassword')} />
      <SubmitButton submitting={submitting} disabled={disabled} idle="Crear cuenta" busy="Creando cuenta…" />
    </form>
  );
}
