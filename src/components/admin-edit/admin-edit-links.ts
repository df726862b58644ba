/**
 * The admin's 'Editar' buttons on HTML built for everyone (the tool page and its static cards): once the page
 * knows the session is an admin's, a link goes into each [data-admin-edit-slot]. Islands draw their own.
 */
import { sessionUser } from '../account/session-store.ts';
import { EDIT_LABEL, editLinkClass, editPath } from './admin-edit.ts';

/** Puts an 'Editar' link in each empty slot if the session is an admin's; call it again after inserting cards. */
export function fillAdminEditSlots(): void {
  if (sessionUser.get()?.role !== 'admin') return;
  for (const slot of document.querySelectorAll<HTMLElement>('[data-admin-edit-slot]')) {
    if (slot.closest('astro-island') || slot.querySelector('[data-admin-edit]')) continue;
    const link = document.createElement('a');
    link.href = editPath(slot.dataset.adminEditSlot!);
    link.className = editLinkClass;
    link.dataset.adminEdit = '';
    link.textContent = EDIT_LABEL;
    const title = slot.closest('article')?.querySelector('h1, h2, h3')?.textContent?.trim();
    if (title) {
      const hidden = document.createElement('span');
      hidden.className = 'sr-only';
      hidden.textContent = ` ${title}`;
      link.append(hidden);
    }
    slot.append(link);
  }
}

export function addAdminEditLinks(): void {
  sessionUser.subscribe(fillAdminEditSlots);
}
