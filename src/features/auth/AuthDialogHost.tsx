import { useStore } from '@nanostores/react';
import { createRoot } from 'react-dom/client';
import { authDialogOpen } from '../../components/account/auth-dialog-store.ts';
import AuthDialog from './AuthDialog.tsx';
import GoogleButton from './GoogleButton.tsx';

interface Props {
  /** Whether Google sign-in is configured (decided when the page was built). */
  google: boolean;
}

/** Renders the auth dialog while the store says it is open. */
function AuthDialogHost({ google }: Props) {
  const open = useStore(authDialogOpen);
  if (!open) return null;
  return <AuthDialog>{google && <GoogleButton place="dialog" />}</AuthDialog>;
}

/** Mounts the host into the layout's empty container; see auth-dialog-loader.ts for when. */
export function mountAuthDialog(container: HTMLElement, google: boolean): void {
  createRoot(container).render(<AuthDialogHost google={google} />);
}
