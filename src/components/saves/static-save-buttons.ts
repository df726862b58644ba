/**
 * Drives the save buttons that a page renders as static HTML (the tool page's own button and its
 * featured cards): one delegated listener for the whole page instead of a React island per button.
 * Buttons inside an island (astro-island) are React's and are left alone.
 */
import { GUEST_SAVE_MESSAGE, GUEST_SIGN_IN_LABEL, SAVE_LABEL, SAVED_LABEL } from './saved-tools.ts';
import { askGuestToSignIn, pendingToolIds, savedToolIds, toggleSavedTool, type SavePlace } from './saved-tools-store.ts';

const SELECTOR = 'button[data-save-tool]';

function staticButtons(): HTMLButtonElement[] {
  return [...document.querySelectorAll<HTMLButtonElement>(SELECTOR)].filter((button) => !button.closest('astro-island'));
}

/** Brings every static button up to date; call it again after inserting cards (the search page's results). */
export function paintStaticSaveButtons(): void {
  const saved = savedToolIds.get();
  const pending = pendingToolIds.get();
  for (const button of staticButtons()) {
    const id = button.dataset.saveTool ?? '';
    const isSaved = saved.has(id);
    const isPending = pending.has(id);
    button.dataset.saved = String(isSaved);
    button.disabled = isPending;
    if (isPending) button.setAttribute('aria-busy', 'true');
    else button.removeAttribute('aria-busy');
    const label = button.querySelector('[data-save-label]');
    if (label) label.textContent = isSaved ? SAVED_LABEL : SAVE_LABEL;
  }
}

export function enhanceStaticSaveButtons(): void {
  savedToolIds.subscribe(paintStaticSaveButtons);
  pendingToolIds.subscribe(paintStaticSaveButtons);
  document.addEventListener('click', async (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>(SELECTOR);
    if (!button || button.closest('astro-island')) return;
    const place: SavePlace = button.dataset.savePlace === 'page' ? 'page' : 'card';
    const outcome = await toggleSavedTool(button.dataset.saveTool ?? '', place, button);
    if (outcome !== 'guest' || place !== 'page') return;
    const alert = button.parentElement?.querySelector<HTMLElement>('[data-save-alert]');
    if (alert) showGuestNote(alert, button.dataset.saveTool ?? '');
  });
}

/** SPEC's alert, plus the way to sign in that the cards' dialog offers, so the note is not a dead end. */
function showGuestNote(alert: HTMLElement, toolId: string): void {
  const signIn = document.createElement('button');
  signIn.type = 'button';
  signIn.textContent = GUEST_SIGN_IN_LABEL;
  signIn.className = 'ml-1 font-semibold underline underline-offset-2 hover:text-amber-800 focus-visible:outline-2 focus-visible:outline-amber-700';
  signIn.addEventListener('click', () => askGuestToSignIn(toolId, signIn));
  alert.replaceChildren(`${GUEST_SAVE_MESSAGE} `, signIn);
}
