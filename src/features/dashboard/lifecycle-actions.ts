/**
 * «Retirar» and «Pedir que vuelva» on 'Mis publicaciones': a confirmation, the POST, then the page is
 * read again so the card shows its new state; one delegated listener, like the deletion's.
 */
import { flashToast, showToast } from '../../components/toast/toast-store.ts';
import { confirmAction } from '../../components/confirm-dialog.ts';
import { LIFECYCLE_TEXTS } from '../../lib/dashboard.ts';

const ACTIONS = {
  withdraw: { title: LIFECYCLE_TEXTS.withdrawTitle, describe: LIFECYCLE_TEXTS.withdrawDescription, confirmLabel: 'Retirar', done: LIFECYCLE_TEXTS.withdrawn },
  resubmit: {
    title: LIFECYCLE_TEXTS.askBackTitle,
    describe: LIFECYCLE_TEXTS.askBackDescription,
    confirmLabel: 'Pedir que vuelva',
    done: LIFECYCLE_TEXTS.askedBack,
  },
} as const;

type Action = keyof typeof ACTIONS;

async function send(id: string, action: Action): Promise<string | null> {
  try {
    const response = await fetch(`/api/dashboard/posts/${encodeURIComponent(id)}/${action}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: '{}',
    });
    if (response.ok) return null;
    const answer = (await response.json().catch(() => ({}))) as { error?: string };
    return answer.error ?? LIFECYCLE_TEXTS.failed;
  } catch {
    return 'No se pudo conectar con el servidor. Inténtalo de nuevo.';
  }
}

export function enhanceListingLifecycle(): void {
  document.addEventListener('click', async (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-lifecycle]');
    if (!button || button.disabled) return;
    const action = button.dataset.lifecycle as Action;
    const texts = ACTIONS[action];
    const title = button.dataset.toolTitle ?? '';
    if (!(await confirmAction({ title: texts.title, description: texts.describe(title), confirmLabel: texts.confirmLabel }))) return;
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    const error = await send(button.dataset.toolId ?? '', action);
    if (error) {
      button.disabled = false;
      button.removeAttribute('aria-busy');
      showToast({ title: 'Error', description: error, variant: 'destructive' });
      return;
    }
    flashToast({ title: texts.done, description: `«${title}»` });
    location.reload();
  });
}
