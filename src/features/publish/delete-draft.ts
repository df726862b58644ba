/**
 * «Eliminar» on a draft in «Mis publicaciones»: a confirmation, the DELETE, then the draft leaves the
 * list. The cards are static HTML; this one delegated listener is all the JavaScript they need.
 */
import { confirmAction } from '../../components/confirm-dialog.ts';
import { showToast } from '../../components/toast/toast-store.ts';
import { removeDraft } from './drafts-client.ts';

export function enhanceDraftDeletion(): void {
  document.addEventListener('click', async (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-delete-draft]');
    if (!button || button.disabled) return;
    const title = button.dataset.draftTitle ?? '';
    const confirmed = await confirmAction({
      title: '¿Eliminar borrador?',
      description: `Se eliminará el borrador «${title}». No se puede deshacer.`,
      confirmLabel: 'Eliminar',
    });
    if (!confirmed) return;
    button.disabled = true;
    try {
      await removeDraft(button.dataset.deleteDraft ?? '');
    } catch (error) {
      button.disabled = false;
      showToast({ title: 'Error', description: (error as Error).message, variant: 'destructive' });
      return;
    }
    const list = button.closest('[data-drafts]');
    button.closest('[data-draft]')?.remove();
    // The focused button is gone: the section's heading takes the focus, so keyboard users keep their place.
    const heading = list?.querySelector<HTMLElement>('h2');
    if (list && !list.querySelector('[data-draft]')) list.remove();
    const target = heading?.isConnected ? heading : document.querySelector<HTMLElement>('[data-tool-count]');
    if (target) {
      target.tabIndex = -1;
      target.focus();
    }
    showToast({ title: 'Borrador eliminado', description: `«${title}» se ha eliminado.` });
  });
}
