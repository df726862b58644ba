import { useState } from 'react';
import { FormField, SubmitButton } from '../../components/ui/FormField.tsx';
import { Textarea } from '../../components/ui/Input.tsx';
import { cx } from '../../components/ui/styles.ts';
import { updateProfile } from '../../components/account/auth-client.ts';
import { BIO_MAX_LENGTH, profileFormSchema } from '../../lib/auth-forms.ts';
import { useValidatedForm } from '../../components/forms/use-form.ts';
import { flashToast, showToast } from '../../components/toast/toast-store.ts';
import { accountErrorMessage, PROFILE_TOASTS } from './profile.ts';

/** Name and bio, saved through the auth library's profile route; the page reloads so the header shows the new name. */
export default function ProfileForm({ name, bio }: { name: string; bio: string }) {
  const { bind, onSubmit, submitting, disabled } = useValidatedForm(profileFormSchema, { name, bio });
  const [error, setError] = useState('');
  const { error: bioError, ...bioField } = bind('bio');
  const bioLength = bioField.value.length;

  const handleSubmit = onSubmit(async (data) => {
    setError('');
    const result = await updateProfile(data);
    if (!result.ok) {
      const message = accountErrorMessage(result.failure);
      setError(message);
      showToast({ title: 'Error', description: message, variant: 'destructive' });
      return false;
    }
    flashToast(PROFILE_TOASTS.saved);
    window.location.reload();
    return true;
  });

  return (
    <form method="post" onSubmit={handleSubmit} noValidate className="space-y-5">
      <FormField label="Nombre" autoComplete="name" {...bind('name')} />
      <Textarea
        id="campo-bio"
        label="Biografía"
        {...bioField}
        error={bioError}
        rows={4}
        placeholder="Cuéntanos quién eres y qué herramientas te interesan."
        // The counter is the field's hint, so screen readers hear it with the field; red once over the limit.
        hint={
          <span className={cx('block text-right', bioLength > BIO_MAX_LENGTH && 'text-red-700')}>
            {bioLength}/{BIO_MAX_LENGTH}
          </span>
        }
      />
      {error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {error}
        </p>
      )}
      <SubmitButton submitting={submitting} disabled={disabled} idle="Guardar cambios" busy="Guardando..." block={false} />
    </form>
  );
}
