import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { authDialogOpen } from '../../stores/auth-dialog.ts';

// The dialog and its form validation load on first use: most visitors never open it.
const AuthDialog = lazy(() => import('./AuthDialog.tsx'));

/** Mounted once by the layout; renders the auth dialog while the store says it is open. */
export default function AuthDialogHost() {
  const open = useStore(authDialogOpen);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog />
    </Suspense>
  );
}
