/**
 * The auth dialog's code (React forms and their validation) loads the first time something opens it:
 * most visitors never do, so pages do not ship it up front.
 */
import { DIALOG_ERROR_TITLE, DIALOG_LOGIN_UNEXPECTED } from '../../components/account/auth-dialog-texts.ts';
import { authDialogOpen, closeAuthDialog } from '../../components/account/auth-dialog-store.ts';
import { showToast } from '../../components/toast/toast-store.ts';

export function loadAuthDialogOnOpen(container: HTMLElement, google: boolean): void {
  let loading = false;
  const load = (open: boolean) => {
    if (!open || loading) return;
    loading = true;
    import('./AuthDialogHost.tsx').then(
      ({ mountAuthDialog }) => {
        stop();
        mountAuthDialog(container, google);
      },
      () => {
        // Offline or a deploy replaced the chunk: the next press tries again.
        loading = false;
        closeAuthDialog();
        showToast({ title: DIALOG_ERROR_TITLE, description: DIALOG_LOGIN_UNEXPECTED, variant: 'destructive' });
      },
    );
  };
  const stop = authDialogOpen.listen(load);
  load(authDialogOpen.get());
}
