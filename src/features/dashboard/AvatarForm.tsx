import { LoaderCircle, Trash2, Upload } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { buttonClass, cx } from '../../components/ui/styles.ts';
import { initials } from '../../components/account/avatar.ts';
import { flashToast, showToast } from '../../components/toast/toast-store.ts';
import { AVATAR_ACCEPT, avatarFileProblem, PROFILE_TOASTS } from './profile.ts';
import { removeAvatar, uploadAvatar } from './profile-client.ts';

interface Props {
  name: string;
  email: string;
  avatarUrl: string | null;
}

const errorToast = (description: string) => showToast({ title: 'Error', description, variant: 'destructive' });

/** The profile photo: pick a file (re-encoded on the server) or go back to the initials. */
export default function AvatarForm({ name, email, avatarUrl }: Props) {
  const id = useId();
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      input.value = '';
      errorToast(problem);
      return;
    }
    setBusy('upload');
    const result = await uploadAvatar(file);
    input.value = '';
    if (!result.ok) {
      setBusy(null);
      errorToast(result.message);
      return;
    }
    // The header and the account menu show the photo: the page is drawn again with it.
    flashToast(PROFILE_TOASTS.avatarSaved);
    window.location.reload();
  }

  async function onRemove() {
    setBusy('remove');
    if (!(await removeAvatar())) {
      setBusy(null);
      errorToast('No se pudo quitar la foto.');
      return;
    }
    flashToast(PROFILE_TOASTS.avatarRemoved);
    window.location.reload();
  }

  return (
    <div className="flex flex-wrap items-center gap-5">
      {avatarUrl ? (
        <img src={avatarUrl} alt="Tu foto de perfil" width={96} height={96} className="h-24 w-24 rounded-full bg-slate-100 object-cover" />
      ) : (
        <span aria-hidden="true" className="flex h-24 w-24 items-center justify-center rounded-full bg-brand-600 text-3xl font-semibold text-white">
          {initials(name, email)}
        </span>
      )}
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <input
            id={`${id}-foto`}
            type="file"
            accept={AVATAR_ACCEPT}
            onChange={onPick}
            disabled={busy !== null}
            className="peer sr-only"
            aria-describedby={`${id}-ayuda`}
          />
          <label
            htmlFor={`${id}-foto`}
            // The label stands for the hidden file input, so it takes the input's focus and disabled looks.
            className={cx(
              buttonClass({ variant: 'secondary', size: 'sm' }),
              'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
            )}
          >
            {busy === 'upload' ? <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Upload className="h-4 w-4" aria-hidden="true" />}
            {busy === 'upload' ? 'Subiendo foto...' : 'Cambiar foto'}
          </label>
          {avatarUrl && (
            <Button variant="secondary" size="sm" onClick={() => void onRemove()} disabled={busy !== null}>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              Quitar foto
            </Button>
          )}
        </div>
        <p id={`${id}-ayuda`} className="text-sm text-slate-600">
          JPG, PNG, WebP o GIF de hasta 5 MB. Se recorta en cuadrado.
        </p>
      </div>
    </div>
  );
}
