/** One toast at a time, shared by every island of the page. */
import { atom } from 'nanostores';

export interface Toast {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/** How long a toast stays: Radix's default, which SPEC's shadcn/ui toasts inherit, and 3000 ms on the image pages. */
export const TOAST_DURATION_MS = 5000;
export const IMAGE_PAGE_TOAST_DURATION_MS = 3000;

export const currentToast = atom<Toast | null>(null);

const FLASH_KEY = 'toast';

export function showToast(toast: Toast): void {
  currentToast.set(toast);
}

export function dismissToast(): void {
  currentToast.set(null);
}

/** Keeps a toast for the next page when the current one is about to navigate away. */
export function flashToast(toast: Toast): void {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify(toast));
  } catch {
    // Storage blocked: the toast is lost, the navigation still happens.
  }
}

export function showFlashedToast(): void {
  try {
    const stored = sessionStorage.getItem(FLASH_KEY);
    if (!stored) return;
    sessionStorage.removeItem(FLASH_KEY);
    showToast(JSON.parse(stored) as Toast);
  } catch {
    // A toast is a courtesy: nothing to do if storage is unreadable.
  }
}
