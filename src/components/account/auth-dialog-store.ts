/** The sign-in and registration dialog, mounted once per page and opened from any island or script. */
import { atom } from 'nanostores';

export const authDialogOpen = atom(false);

let opener: HTMLElement | null = null;

/** Opens the dialog; `from` gets the focus back when it closes. */
export function openAuthDialog(from: HTMLElement | null = null): void {
  opener = from;
  authDialogOpen.set(true);
}

export function closeAuthDialog(): void {
  if (!authDialogOpen.get()) return;
  authDialogOpen.set(false);
  const target = opener;
  opener = null;
  if (target?.isConnected) target.focus();
}
