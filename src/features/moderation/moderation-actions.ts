/**
 * The queue's buttons: approve, and reject with the reason typed in its form. One delegated listener, no
 * framework; the row says what happened and a toast confirms it. Errors come back in Spanish from the server.
 */
import { adjustNavCount } from '../admin/nav-counts.ts';
import { showToast } from '../toast/toast-store.ts';

async function decide(id: string, decision: 'approve' | 'reject', body: unknown): Promise<{ ok: true; path?: string } | { ok: false; error: string }> {
  try {
    const response = await fetch(`/api/posts/${encodeURIComponent(id)}/${decision}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json().catch(() => ({}))) as { error?: string; path?: string };
    if (!response.ok) return { ok: false, error: answer.error ?? 'No se pudo guardar la decisión.' };
    return { ok: true, path: answer.path };
  } catch {
    return { ok: false, error: 'No se pudo conectar con el servidor. Inténtalo de nuevo.' };
  }
}

function settle(row: HTMLElement, status: string, message: string, link?: { href: string; label: string }): void {
  row.querySelector('[data-submission-actions]')?.remove();
  const badge = row.querySelector<HTMLElement>('[data-submission-status]');
  if (badge) {
    badge.textContent = status;
    badge.className = `rounded-full px-2.5 py-1 text-xs font-semibold ${status === 'Publicada' ? 'bg-emerald-100 text-emerald-900' : 'bg-red-100 text-red-900'}`;
  }
  const result = row.querySelector<HTMLElement>('[data-submission-result]');
  if (!result) return;
  result.textContent = message;
  if (link) {
    const anchor = document.createElement('a');
    anchor.href = link.href;
    anchor.textContent = link.label;
    anchor.className = 'ml-1 text-brand-700 underline underline-offset-2';
    result.append(anchor);
  }
}

export function enhanceModerationQueue(): void {
  document.addEventListener('click', async (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button[data-approve]');
    if (!button) return;
    const row = button.closest<HTMLElement>('[data-submission]')!;
    button.disabled = true;
    const outcome = await decide(button.dataset.approve!, 'approve', {});
    if (!outcome.ok) {
      button.disabled = false;
      showToast({ title: 'Error', description: outcome.error, variant: 'destructive' });
      return;
    }
    showToast({ title: 'Publicación aprobada', description: 'Ya es visible para todos; el autor ha recibido un correo.' });
    settle(row, 'Publicada', 'Aprobada. Ya es visible en', { href: outcome.path ?? '/', label: outcome.path ?? '/' });
    adjustNavCount('pending', -1);
    adjustNavCount('published', 1);
  });

  document.addEventListener('submit', async (event) => {
    const form = (event.target as Element).closest<HTMLFormElement>('form[data-reject-form]');
    if (!form) return;
    event.preventDefault();
    const reason = new FormData(form).get('reason')?.toString().trim() ?? '';
    const field = form.querySelector('textarea')!;
    if (!reason) {
      field.setAttribute('aria-invalid', 'true');
      field.focus();
      showToast({ title: 'Error', description: 'Escribe el motivo del rechazo para el autor.', variant: 'destructive' });
      return;
    }
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    submit.disabled = true;
    const outcome = await decide(form.dataset.rejectForm!, 'reject', { reason });
    if (!outcome.ok) {
      submit.disabled = false;
      showToast({ title: 'Error', description: outcome.error, variant: 'destructive' });
      return;
    }
    showToast({ title: 'Publicación rechazada', description: 'El autor ha recibido el motivo por correo.' });
    settle(form.closest<HTMLElement>('[data-submission]')!, 'Rechazada', `Rechazada. Motivo enviado al autor: ${reason}`);
    adjustNavCount('pending', -1);
  });
}
