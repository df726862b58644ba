import { useState } from 'react';
import { FormField, SubmitButton } from '../../components/ui/FormField.tsx';
import { updateProfile } from '../../components/account/auth-client.ts';
import { BIO_MAX_LENGTH, profileFormSchema } from '../../lib/auth-forms.ts';
import { useValidatedForm } from '../../components/forms/use-form.ts';
import { flashToast, showToast } from '../../components/toast/toast-store.ts';
import { accountErrorMessage, PROFILE_TOASTS } from './profile.ts';

export const profileButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-70';

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
      <div>
        <label htmlFor="campo-bio" className="mb-1.5 block text-sm font-medium text-slate-800">
          Biografía
        </label>
        <textarea
          id="campo-bio"
          {...bioField}
          rows={4}
          aria-invalid={bioError ? true : undefined}
          aria-describedby={`campo-bio-contador${bioError ? ' campo-bio-error' : ''}`}
          placeholder="Cuéntanos quién eres y qué herramientas te interesan."
          className={`block w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 ${bioError ? 'border-red-600' : 'border-slate-300'}`}
        />
        <p id="campo-bio-contador" className={`mt-1 text-right text-sm ${bioLength > BIO_MAX_LENGTH ? 'text-red-700' : 'text-slate-600'}`}>
          {bioLength}/{BIO_MAX_LENGTH}
        </p>
        {bioError && (
          <p id="campo-bio-error" className="mt-1 text-sm font-medium text-red-700">
            {bioError}
          </p>
        )}
      </div>
      {error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {error}
        </p>
      )}
      <SubmitButton submitting={submitting} disabled={disabled} idle="Guardar cambios" busy="Guardando..." className={profileButtonClass} />
    </form>
  );
}
