/**
 * "Finish what the guest started": the tool whose 'Guardar' opened the auth dialog is remembered in this browser
 * and saved once the visitor is signed in, whether that happens in the dialog, after Google's round trip or
 * after verifying a new account's e-mail. Dismissing the dialog forgets it; so does an hour passing.
 */

const KEY = 'guardar_al_entrar';
/** Long enough to verify a new account's e-mail; short enough not to surprise the next person at a shared computer. */
export const PENDING_SAVE_MAX_AGE_MS = 60 * 60 * 1000;

interface PendingSave {
  toolId: string;
  at: number;
}

function storage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

export function rememberPendingSave(toolId: string, now = Date.now()): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ toolId, at: now } satisfies PendingSave));
  } catch {
    // Storage full or blocked: the visitor presses 'Guardar' again after signing in, as before.
  }
}

export function forgetPendingSave(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}

/** Whether a save is waiting (cheap: the code that completes it is loaded only then). */
export function hasPendingSave(): boolean {
  try {
    return storage()?.getItem(KEY) != null;
  } catch {
    return false;
  }
}

/** The waiting tool id, removed from storage so it is saved once; null when none or too old. */
export function takePendingSave(now = Date.now()): string | null {
  let raw: string | null | undefined;
  try {
    raw = storage()?.getItem(KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  forgetPendingSave();
  try {
    const pending = JSON.parse(raw) as Partial<PendingSave>;
    if (typeof pending.toolId !== 'string' || typeof pending.at !== 'number') return null;
    if (now - pending.at > PENDING_SAVE_MAX_AGE_MS || pending.at > now) return null;
    return pending.toolId;
  } catch {
    return null;
  }
}
