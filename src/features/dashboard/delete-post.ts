/**
 * 'Eliminar' on 'Mis publicaciones': a confirmation, the DELETE, then the card leaves the list.
 * The page's cards are static HTML; this one delegated listener is all the JavaScript they need.
 */
import { showToast } from '../../components/toast/toast-store.ts';
import { confirmAction } from '../../components/confirm-dialog.ts';
import { DELETE_POST_TEXTS } from '../../lib/dashboard.ts';

async function deletePost(id: string): Promise<boolean> {
  try {
    const response = await fetch(`/api/dashboard/posts/${encodeURIComponent(id)}`, { method: 'DELETE', credentials: 'same-origin' });
    return response.ok;
  } catch {
    return false;
  }
}

function updateCount(): void {
  const remaining = document.querySelectorAll('[data-post]').length;
  const count = document.querySelector<HTMLElement>('[data-post-count]');
  if (count) {
    count.textContent = remaining === 1 ? '1 publicación' : `${remaining} publicaciones`;
    // The card that had the focus is gone: the count takes it, so keyboard users keep their place.
    count.tabIndex = -1;
    count.focus();
  }
  if (remaining === 0) {
    document.querySelector('[data-posts-list]')?.remove();
    document.querySelector<HTMLElement>('[data-posts-empty]')?.removeAttribute('hidden');
  }
}

export function enhancePostDeletion(): void {
  document.addEventListener('click', async (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-delete-post]');
    if (!button || button.disabled) return;
    const id = button.dataset.deletePost ?? '';
    const title = button.dataset.postTitle ?? '';
    // Only listings that are not public can be deleted; a published one is withdrawn instead.
    const description = `Se eliminará «${title}» y no llegará a publicarse. No se puede deshacer.`;
    if (!(await confirmAction({ title: DELETE_POST_TEXTS.confirmTitle, description, confirmLabel: 'Eliminar' }))) return;
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    if (!(await deletePost(id))) {
      button.disabled = false;
      button.removeAttribute('aria-busy');
      showToast({ title: 'Error', description: DELETE_POST_TEXTS.failed, variant: 'destructive' });
      return;
    }
    button.closest('[data-post]')?.remove();
    updateCount();
    showToast({ title: DELETE_POST_TEXTS.deleted, description: `«${title}» se ha eliminado.` });
  });
}
