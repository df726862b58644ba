/**
 * 'Historias' of the dashboard: copy, download as .txt and delete, on cards rendered as static HTML (reading
 * is a <details>, no script needed). One delegated listener.
 */
import { storyFileName } from './story.ts';
import { showToast } from '../../components/toast/toast-store.ts';
import { copyText } from '../../components/clipboard.ts';
import { confirmAction } from '../../components/confirm-dialog.ts';

function storyOf(button: HTMLElement): { card: HTMLElement; id: string; title: string; text: string } | null {
  const card = button.closest<HTMLElement>('[data-story]');
  if (!card) return null;
  const title = card.querySelector('[data-story-title]')?.textContent?.trim() ?? '';
  const text = card.querySelector('[data-story-content]')?.textContent?.trim() ?? '';
  return { card, id: card.dataset.story ?? '', title, text };
}

function download(title: string, text: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([`${title}\n\n${text}\n`], { type: 'text/plain;charset=utf-8' }));
  link.download = storyFileName(title);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

async function remove(story: NonNullable<ReturnType<typeof storyOf>>, button: HTMLButtonElement): Promise<void> {
  const confirmed = await confirmAction({
    title: '¿Eliminar historia?',
    description: `«${story.title}» se borrará para siempre. No se puede deshacer.`,
    confirmLabel: 'Eliminar',
  });
  if (!confirmed) return;
  button.disabled = true;
  let ok = false;
  try {
    ok = (await fetch(`/api/dashboard/stories/${encodeURIComponent(story.id)}`, { method: 'DELETE', credentials: 'same-origin' })).ok;
  } catch {
    ok = false;
  }
  if (!ok) {
    button.disabled = false;
    showToast({ title: 'Error', description: 'No se pudo eliminar la historia.', variant: 'destructive' });
    return;
  }
  story.card.remove();
  const remaining = document.querySelectorAll('[data-story]').length;
  const count = document.querySelector<HTMLElement>('[data-story-count]');
  if (count) {
    count.textContent = remaining === 1 ? '1 historia' : `${remaining} historias`;
    count.tabIndex = -1;
    count.focus();
  }
  if (remaining === 0) document.querySelector<HTMLElement>('[data-stories-empty]')?.removeAttribute('hidden');
  showToast({ title: 'Eliminado correctamente', description: `«${story.title}» se ha eliminado.` });
}

export function enhanceStories(): void {
  document.addEventListener('click', async (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-story-action]');
    const story = button ? storyOf(button) : null;
    if (!button || !story) return;
    const action = button.dataset.storyAction;
    if (action === 'copy') {
      try {
        await copyText(`${story.title}\n\n${story.text}`);
        showToast({ title: 'Texto copiado', description: 'La historia está en el portapapeles.' });
      } catch {
        showToast({ title: 'Error', description: 'No se pudo copiar el texto.', variant: 'destructive' });
      }
    } else if (action === 'download') {
      download(story.title, story.text);
      showToast({ title: '¡Descarga completada!', description: 'La historia se ha guardado como archivo de texto.' });
    } else if (action === 'delete') {
      await remove(story, button);
    }
  });
}
