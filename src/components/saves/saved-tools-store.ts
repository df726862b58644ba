/**
 * The signed-in user's saved tool ids, shared by every save button of the page (islands and the static
 * cards' script), and the save toggle itself with its toasts.
 */
import { atom, onMount } from 'nanostores';
import type { SessionUserView } from '../account/session-client.ts';
import { fetchSavedToolIds, requestSaveChange, saveToasts } from './saved-tools.ts';
import { openAuthDialog } from '../account/auth-dialog-store.ts';
import { rememberPendingSave, takePendingSave } from './pending-save.ts';
import { sessionUser } from '../account/session-store.ts';
import { showToast } from '../toast/toast-store.ts';

export const savedToolIds = atom<ReadonlySet<string>>(new Set());
/** Tools whose save or removal is on its way: their buttons are disabled meanwhile. */
export const pendingToolIds = atom<ReadonlySet<string>>(new Set());

/** The saved ids are read again this long after a sign-in from the dialog. */
export const SIGN_IN_REFRESH_DELAY_MS = 1000;

/** Saves and removals made while a list of ids is on its way: the list was read before them, so they win. */
const changesDuringLoads = new Set<Map<string, boolean>>();

function recordChange(toolId: string, saved: boolean): void {
  for (const changes of changesDuringLoads) changes.set(toolId, saved);
}

export async function loadSavedToolIds(): Promise<void> {
  const changes = new Map<string, boolean>();
  changesDuringLoads.add(changes);
  try {
    const ids = await fetchSavedToolIds();
    if (!ids) return;
    const next = new Set(ids);
    for (const [toolId, saved] of changes) {
      if (saved) next.add(toolId);
      else next.delete(toolId);
    }
    savedToolIds.set(next);
  } finally {
    changesDuringLoads.delete(changes);
  }
}

onMount(savedToolIds, () => {
  let previous = sessionUser.get();
  if (previous) void loadSavedToolIds();
  return sessionUser.listen((user) => {
    // Loaded once when the session first becomes known; a sign-in from the dialog refreshes on its own schedule.
    if (user && previous === undefined) void loadSavedToolIds();
    if (!user) savedToolIds.set(new Set());
    previous = user;
  });
});

export function refreshSavedToolsAfterSignIn(): void {
  setTimeout(() => void loadSavedToolIds(), SIGN_IN_REFRESH_DELAY_MS);
}

function knownSessionUser(): Promise<SessionUserView | null> {
  const current = sessionUser.get();
  if (current !== undefined) return Promise.resolve(current);
  return new Promise((resolve) => {
    const stop = sessionUser.listen((user) => {
      if (user === undefined) return;
      stop();
      resolve(user);
    });
  });
}

function withId(ids: ReadonlySet<string>, id: string, present: boolean): ReadonlySet<string> {
  const next = new Set(ids);
  if (present) next.add(id);
  else next.delete(id);
  return next;
}

/** Opens the auth dialog and saves the tool once the guest is signed in (pending-save.ts). */
export function askGuestToSignIn(toolId: string, opener: HTMLElement | null): void {
  rememberPendingSave(toolId);
  openAuthDialog(opener);
}

/** Where the button sits: a guest on a card gets the auth dialog, on the tool page an inline alert that offers it. */
export type SavePlace = 'card' | 'page';
export type ToggleOutcome = 'saved' | 'removed' | 'failed' | 'guest' | 'busy';

/** Saves the tool, or removes it when already saved; the caller shows the guest alert on 'guest' at 'page'. */
export async function toggleSavedTool(toolId: string, place: SavePlace, opener: HTMLElement | null = null): Promise<ToggleOutcome> {
  if (pendingToolIds.get().has(toolId)) return 'busy';
  const user = await knownSessionUser();
  if (!user) {
    if (place === 'card') askGuestToSignIn(toolId, opener);
    return 'guest';
  }
  if (pendingToolIds.get().has(toolId)) return 'busy';
  const save = !savedToolIds.get().has(toolId);
  pendingToolIds.set(withId(pendingToolIds.get(), toolId, true));
  try {
    const status = await requestSaveChange(toolId, save);
    if (status !== 200) {
      showToast(save ? saveToasts.saveFailed : saveToasts.removeFailed);
      return 'failed';
    }
    savedToolIds.set(withId(savedToolIds.get(), toolId, save));
    recordChange(toolId, save);
    showToast(save ? saveToasts.saved : saveToasts.removed);
    return save ? 'saved' : 'removed';
  } finally {
    pendingToolIds.set(withId(pendingToolIds.get(), toolId, false));
  }
}

/**
 * Saves the tool whose 'Guardar' a guest pressed before signing in (see pending-save.ts). Saving is idempotent
 * on the server, so a tool the account had already saved just shows as saved.
 */
export async function finishPendingSave(): Promise<void> {
  const toolId = takePendingSave();
  if (!toolId || pendingToolIds.get().has(toolId)) return;
  pendingToolIds.set(withId(pendingToolIds.get(), toolId, true));
  try {
    const status = await requestSaveChange(toolId, true);
    if (status === 200) {
      savedToolIds.set(withId(savedToolIds.get(), toolId, true));
      recordChange(toolId, true);
      showToast(saveToasts.saved);
    } else if (status !== 404) {
      // 404: the tool was unpublished meanwhile; there is nothing left to save.
      showToast(saveToasts.saveFailed);
    }
  } finally {
    pendingToolIds.set(withId(pendingToolIds.get(), toolId, false));
  }
}
