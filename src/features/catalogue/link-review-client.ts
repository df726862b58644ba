/**
 * Browser-only, for /admin/enlaces: each action is a small form; its submit calls the endpoint, says what
 * happened in the page's status line and reloads the list. Without JavaScript nothing is sent.
 */
import { LINK_REVIEW_ACTIONS, LINK_REVIEW_FAILED, linkReviewDone, linkReviewPath, type LinkReviewAction } from '../../lib/link-review.ts';

function isAction(value: string | undefined): value is LinkReviewAction {
  return (LINK_REVIEW_ACTIONS as readonly string[]).includes(value ?? '');
}

export function startLinkReview(root: HTMLElement, status: HTMLElement): void {
  root.addEventListener('submit', async (event) => {
    const form = event.target instanceof HTMLFormElement ? event.target : null;
    const action = form?.dataset.reviewAction;
    const toolId = form?.dataset.toolId;
    if (!form || !toolId || !isAction(action)) return;
    event.preventDefault();
    if (form.dataset.busy) return;
    if (action === 'retire' && !window.confirm('¿Marcar esta herramienta como retirada? Su ficha se mantiene y sale de la portada y los filtros.')) return;
    const button = form.querySelector('button');
    form.dataset.busy = 'true';
    button?.setAttribute('aria-disabled', 'true');
    status.textContent = action === 'recheck' ? 'Comprobando la web…' : 'Guardando…';
    try {
      const response = await fetch(linkReviewPath(toolId), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action }),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: string } | null;
        throw new Error(body?.error ?? LINK_REVIEW_FAILED);
      }
      status.textContent = linkReviewDone[action];
      window.location.reload();
    } catch (error) {
      status.textContent = error instanceof Error ? error.message : LINK_REVIEW_FAILED;
      delete form.dataset.busy;
      button?.removeAttribute('aria-disabled');
    }
  });
}
