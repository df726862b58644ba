import { LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useHydrated } from '../../components/ui/use-hydrated.ts';
import { signInWithGoogle } from '../../components/account/auth-client.ts';
import { GOOGLE_ERROR_TITLE, googleDestinations, googleErrorMessage, type GoogleSignInPlace } from '../../components/account/google-sign-in.ts';
import { showToast } from '../../components/toast/toast-store.ts';

interface Props {
  place: GoogleSignInPlace;
  /** The message of a failed round trip that brought the visitor back to this page. */
  returnError?: string | null | undefined;
  /** Where a page's sign-in lands (the login page's ?next=); /dashboard by default. */
  next?: string | undefined;
}

/** Google's four-colour "G", as its brand guidelines ask for on sign-in buttons. */
function GoogleMark() {
  return (
    <svg className="h-5 w-5" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path fill="#4285F4" d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z" />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}

/**
 * 'Continuar con Google', rendered only where Google sign-in is configured. On the pages it brings the divider before
 * the e-mail form and reports failures in a toast; the auth dialog has its own divider, and a toast would sit behind
 * its modal backdrop, so there the failure is shown under the button.
 */
export default function GoogleButton({ place, returnError, next }: Props) {
  const inDialog = place === 'dialog';
  const hydrated = useHydrated();
  const [pending, setPending] = useState(false);
  const [inlineError, setInlineError] = useState('');
  useEffect(() => {
    if (returnError) showToast({ title: GOOGLE_ERROR_TITLE, description: returnError, variant: 'destructive' });
  }, [returnError]);

  const start = async () => {
    setPending(true);
    setInlineError('');
    const { callbackURL, errorCallbackURL } = googleDestinations(place, window.location.origin, next);
    const result = await signInWithGoogle(callbackURL, errorCallbackURL);
    // On success the browser is already leaving for Google: the button stays busy.
    if (result.ok) return;
    setPending(false);
    const message = googleErrorMessage(place, result.failure !== undefined);
    if (inDialog) setInlineError(message);
    else showToast({ title: GOOGLE_ERROR_TITLE, description: message, variant: 'destructive' });
  };

  return (
    <div className={inDialog ? undefined : 'mb-6'}>
      <button
        type="button"
        onClick={start}
        disabled={!hydrated || pending}
        className="flex w-full items-center justify-center gap-3 rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-70"
      >
        {pending ? <LoaderCircle className="h-5 w-5 animate-spin" aria-hidden="true" /> : <GoogleMark />}
        Continuar con Google
      </button>
      {inlineError && (
        <div role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
          <p className="font-semibold">{GOOGLE_ERROR_TITLE}</p>
          <p>{inlineError}</p>
        </div>
      )}
      {!inDialog && (
        <div className="mt-6 flex items-center gap-3 text-sm text-slate-600">
          <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
          O continúa con email
          <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
        </div>
      )}
    </div>
  );
}
