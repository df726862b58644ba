import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { authDialogOpen } from '../../stores/auth-dialog.ts';

// The dialog and its form validation load on first use: most visitors never open it.
const AuthDialog = lazy(() => import('./AuthDialog.tsx'));
const GoogleButton = lazy(() => import('./GoogleButton.tsx'));

interface Props {
  /** Whether Google sign-in is configured (decided when the page was built). */
  google?: boolean;
}

/** Mounted once by the layout; renders the auth dialog while the store says it is open. */
export default function AuthDialogHost({ google = false }: Props) {
  const open = useStore(authDialogOpen);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog>{google && <GoogleButton place="dialog" />}</AuthDialog>
    </Suspense>
  );
}
