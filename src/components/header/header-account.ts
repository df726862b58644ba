/**
 * The header's account area. The HTML carries the guest links and, in templates, the signed-in markup:
 * once the session is known this script swaps the templates in, fills them and drives the user menu.
 */
import { initials } from '../account/avatar.ts';
import { signOutAndGoHome, type SessionUserView } from '../account/session-client.ts';
import { announceSignedIn } from '../account/signed-in-signal.ts';
import { sessionUser } from '../account/session-store.ts';
import { hasPendingSave } from '../saves/pending-save.ts';

/** The user's photo in place of the initials (same circle; the name beside it says who it is). */
function showAvatar(circle: HTMLElement, url: string): void {
  const letters = circle.textContent;
  const image = document.createElement('img');
  image.src = url;
  image.alt = '';
  image.className = 'h-full w-full rounded-full object-cover';
  // A photo that fails to load gives the initials back.
  image.addEventListener('error', () => (circle.textContent = letters));
  circle.replaceChildren(image);
}

function accountMarkup(template: HTMLTemplateElement, user: SessionUserView): DocumentFragment {
  const content = template.content.cloneNode(true) as DocumentFragment;
  const fields: Record<string, string> = { name: user.name, email: user.email, initials: initials(user.name, user.email) };
  for (const field of content.querySelectorAll<HTMLElement>('[data-account-field]')) {
    field.textContent = fields[field.dataset.accountField!] ?? '';
    if (field.dataset.accountField === 'initials' && user.image) showAvatar(field, user.image);
  }
  if (user.role !== 'admin') for (const entry of content.querySelectorAll('[data-account-admin]')) entry.remove();
  return content;
}

function setMenuOpen(button: HTMLButtonElement, open: boolean): void {
  button.setAttribute('aria-expanded', String(open));
  const menu = document.getElementById(button.getAttribute('aria-controls')!);
  if (menu) menu.hidden = !open;
}

function openMenuButtons(): HTMLButtonElement[] {
  return [...document.querySelectorAll<HTMLButtonElement>('[data-account-menu-button][aria-expanded="true"]')];
}

export function enhanceHeaderAccount(): void {
  const slots = [...document.querySelectorAll<HTMLElement>('[data-account-slot]')];
  const guestMarkup = new Map(slots.map((slot) => [slot, [...slot.childNodes]]));

  sessionUser.subscribe((user) => {
    // undefined: not known yet, so the guest links stay.
    if (user === undefined) return;
    if (user) announceSignedIn();
    // A tool a guest tried to save before signing in is saved now (its code loads only when one is waiting).
    if (user && hasPendingSave()) void import('../saves/saved-tools-store.ts').then(({ finishPendingSave }) => finishPendingSave());
    for (const slot of slots) {
      const template = document.querySelector<HTMLTemplateElement>(`template[data-account-template="${slot.dataset.accountSlot}"]`);
      if (user && template) slot.replaceChildren(accountMarkup(template, user));
      else slot.replaceChildren(...guestMarkup.get(slot)!);
    }
  });

  document.addEventListener('click', (event) => {
    const target = event.target as Element;
    const signOut = target.closest<HTMLButtonElement>('[data-account-sign-out]');
    if (signOut) {
      signOut.disabled = true;
      void signOutAndGoHome();
      return;
    }
    const toggle = target.closest<HTMLButtonElement>('[data-account-menu-button]');
    if (toggle) setMenuOpen(toggle, toggle.getAttribute('aria-expanded') !== 'true');
    for (const button of openMenuButtons()) {
      if (!button.closest('[data-account-menu]')!.contains(target)) setMenuOpen(button, false);
    }
  });

  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const button of openMenuButtons()) {
      setMenuOpen(button, false);
      button.focus();
    }
  });
}
