/**
 * 'Eliminar' on 'Mis publicaciones': a confirmation, the DELETE, then the card leaves the list.
 * The page's cards are static HTML; this one delegated listener is all the JavaScript they need.
 */
import { showToast } from '../../components/toast/toast-store.ts';
import { confirmAction } from '../../components/confirm-dialog.ts';
import { DELETE_TOOL_TEXTS } from '../../lib/dashboard.ts';

async function deleteTool(id: string): Promise<boolean> {
  try {
    const response = await fetch(`/api/dashboard/posts/${encodeURIComponent(id)}`, { method: 'DELETE', credentials: 'same-origin' });
    return response.ok;
  } catch {
    return false;
  }
}

function updateCount(): void {
  const remaining = document.querySelectorAll('[data-tool]').length;
  const count = document.querySelector<HTMLElement>('[data-tool-count]');
  if (count) {
    count.textContent = remaining === 1 ? '1 publicación' : `${remaining} publicaciones`;
    // The card that had the focus is gone: the count takes it, so keyboard users keep their place.
    count.tabIndex = -1;
    count.focus();
  }
  if (remaining === 0) {
    document.querySelector('[data-tools-list]')?.remove();
    document.querySelector<HTMLElement>('[data-tools-empty]')?.removeAttribute('hidden');
  }
}

export function enhanceToolDeletion(): void {
  document.addEventListener('click', async (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-delete-tool]');
    if (!button || button.disabled) return;
    const id = button.dataset.deleteTool ?? '';
    const title = button.dataset.toolTitle ?? '';
    // Only listings that are not public can be deleted; a published one is withdrawn instead.
    const description = `Se eliminará «${title}» y no llegará a publicarse. No se puede deshacer.`;
    if (!(await confirmAction({ title: DELETE_TOOL_TEXTS.confirmTitle, description, confirmLabel: 'Eliminar' }))) return;
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    if (!(await deleteTool(id))) {
      button.disabled = false;
      button.removeAttribute('aria-busy');
      showToast({ title: 'Error', description: DELETE_TOOL_TEXTS.failed, variant: 'destructive' });
      return;
    }
    button.closest('[data-tool]')?.remove();
    updateCount();
    showToast({ title: DELETE_TOOL_TEXTS.deleted, description: `«${title}» se ha eliminado.` });
  });
}
