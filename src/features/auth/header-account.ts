/**
 * The header's account area. The HTML carries the guest links and, in templates, the signed-in markup:
 * once the session is known this script swaps the templates in, fills them and drives the user menu.
 */
import { initials } from './avatar.ts';
import { signOutAndGoHome, type SessionUserView } from './session-client.ts';
import { announceSignedIn } from './signed-in-signal.ts';
import { sessionUser } from './session-store.ts';

function accountMarkup(template: HTMLTemplateElement, user: SessionUserView): DocumentFragment {
  const content = template.content.cloneNode(true) as DocumentFragment;
  const fields: Record<string, string> = { name: user.name, email: user.email, initials: initials(user.name, user.email) };
  for (const field of content.querySelectorAll<HTMLElement>('[data-account-field]')) {
    field.textContent = fields[field.dataset.accountField!] ?? '';
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
