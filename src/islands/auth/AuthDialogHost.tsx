import { useStore } from '@nanostores/react';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { authDialogOpen } from '../../stores/auth-dialog.ts';

const neverChanges = () => () => {};

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
  // A Guardar pressed before this island hydrates has already opened the store: the first render must
  // still match the server's empty markup, so the dialog appears on the render after hydration.
  const hydrated = useSyncExternalStore(neverChanges, () => true, () => false);
  if (!open || !hydrated) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog>{google && <GoogleButton place="dialog" />}</AuthDialog>
    </Suspense>
  );
}
