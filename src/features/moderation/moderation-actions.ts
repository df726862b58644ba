/**
 * The queue's buttons: approve, reject with the reason typed or picked from the canned list, and the same two
 * for the selected tools after a confirmation that says how many. Delegated listeners, no framework;
 * each row says what happened, a toast confirms it and the navigation's counters follow. Errors come back in
 * Spanish from the server.
 */
import { adjustNavCount } from '../../components/admin/nav-counts.ts';
import { confirmAction } from '../../components/confirm-dialog.ts';
import { showToast } from '../../components/toast/toast-store.ts';
import type { BulkModerationResult } from './bulk-schema.ts';

const UNREACHABLE = 'No se pudo conectar con el servidor. Inténtalo de nuevo.';
const NO_REASON = 'Escribe el motivo del rechazo para el autor.';

async function send<T>(url: string, body: unknown): Promise<{ ok: true; answer: T } | { ok: false; error: string }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json().catch(() => ({}))) as T & { error?: string };
    if (!response.ok) return { ok: false, error: answer.error ?? 'No se pudo guardar la decisión.' };
    return { ok: true, answer };
  } catch {
    return { ok: false, error: UNREACHABLE };
  }
}

const decide = (id: string, decision: 'approve' | 'reject', body: unknown) => send<{ path?: string }>(`/api/posts/${encodeURIComponent(id)}/${decision}`, body);

function settle(row: HTMLElement, status: string, message: string, link?: { href: string; label: string }): void {
  row.querySelector('[data-submission-actions]')?.remove();
  // A decided tool can no longer be selected for a batch.
  row.querySelector('[data-select-pending]')?.remove();
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

const rowOf = (id: string) => document.querySelector<HTMLElement>(`[data-submission="${CSS.escape(id)}"]`);

/** The reason in a reject form, or null after pointing at the empty field. */
function reasonOf(form: HTMLFormElement): string | null {
  const reason = new FormData(form).get('reason')?.toString().trim() ?? '';
  const field = form.querySelector('textarea')!;
  if (reason) {
    field.removeAttribute('aria-invalid');
    return reason;
  }
  field.setAttribute('aria-invalid', 'true');
  field.focus();
  showToast({ title: 'Error', description: NO_REASON, variant: 'destructive' });
  return null;
}

const approved = (path: string) => ['Aprobada. Ya es visible en', { href: path, label: path }] as const;
const rejectedMessage = (reason: string) => `Rechazada. Motivo enviado al autor: ${reason}`;

function enhanceSingleDecisions(): void {
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
    const [message, link] = approved(outcome.answer.path ?? '/');
    settle(row, 'Publicada', message, link);
    adjustNavCount('pending', -1);
    adjustNavCount('published', 1);
    updateSelection();
  });

  document.addEventListener('submit', async (event) => {
    const form = (event.target as Element).closest<HTMLFormElement>('form[data-reject-form]');
    if (!form) return;
    event.preventDefault();
    const reason = reasonOf(form);
    if (reason === null) return;
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    submit.disabled = true;
    const outcome = await decide(form.dataset.rejectForm!, 'reject', { reason });
    if (!outcome.ok) {
      submit.disabled = false;
      showToast({ title: 'Error', description: outcome.error, variant: 'destructive' });
      return;
    }
    showToast({ title: 'Publicación rechazada', description: 'El autor ha recibido el motivo por correo.' });
    settle(form.closest<HTMLElement>('[data-submission]')!, 'Rechazada', rejectedMessage(reason));
    adjustNavCount('pending', -1);
    updateSelection();
  });

  // A canned reason is copied into the text, where it can still be adjusted.
  document.addEventListener('change', (event) => {
    const select = event.target;
    if (!(select instanceof HTMLSelectElement) || select.dataset.cannedReason === undefined || select.value === '') return;
    const field = document.getElementById(select.dataset.cannedReason);
    if (!(field instanceof HTMLTextAreaElement)) return;
    field.value = select.value;
    field.removeAttribute('aria-invalid');
  });
}

const selectable = () => Array.from(document.querySelectorAll<HTMLInputElement>('input[data-select-pending]'));
const selectedIds = () =>
  selectable()
    .filter((box) => box.checked)
    .map((box) => box.value);
const tools = (count: number) => (count === 1 ? '1 herramienta' : `${count} herramientas`);

/** The count beside «Seleccionar todas», and that box checked, mixed or clear. */
function updateSelection(): void {
  const boxes = selectable();
  const chosen = boxes.filter((box) => box.checked).length;
  const all = document.querySelector<HTMLInputElement>('input[data-select-all-pending]');
  if (all) {
    all.checked = boxes.length > 0 && chosen === boxes.length;
    all.indeterminate = chosen > 0 && chosen < boxes.length;
  }
  const count = document.querySelector<HTMLElement>('[data-selected-count]');
  if (count) count.textContent = chosen === 0 ? 'Ninguna seleccionada' : chosen === 1 ? '1 seleccionada' : `${chosen} seleccionadas`;
}

/** The ids to act on, or null after saying why there are none or too many. */
function batch(): string[] | null {
  const ids = selectedIds();
  const max = Number(document.querySelector<HTMLElement>('[data-bulk-max]')?.dataset.bulkMax);
  const problem =
    ids.length === 0 ? 'Selecciona al menos una herramienta.' : ids.length > max ? `Puedes aprobar o rechazar como mucho ${max} herramientas a la vez.` : null;
  if (problem === null) return ids;
  showToast({ title: 'Error', description: problem, variant: 'destructive' });
  return null;
}

/** Settles every decided row, moves the counters and lists, in the page, the tools that were not decided. */
function showBatch(result: BulkModerationResult, reason?: string): void {
  for (const tool of result.done) {
    const row = rowOf(tool.id);
    if (!row) continue;
    if (result.action === 'approve') settle(row, 'Publicada', ...approved(tool.path));
    else settle(row, 'Rechazada', rejectedMessage(reason ?? ''));
  }
  adjustNavCount('pending', -result.done.length);
  if (result.action === 'approve') adjustNavCount('published', result.done.length);
  const verb = result.action === 'approve' ? 'Aprobadas' : 'Rechazadas';
  const box = document.querySelector<HTMLElement>('[data-bulk-result]')!;
  box.replaceChildren();
  const summary = document.createElement('p');
  summary.className = 'font-medium text-slate-900';
  summary.textContent = `${verb}: ${tools(result.done.length)}.${result.failed.length > 0 ? ` Sin cambios: ${tools(result.failed.length)}.` : ''}`;
  box.append(summary);
  if (result.failed.length > 0) {
    const list = document.createElement('ul');
    list.className = 'mt-1 list-disc pl-5 text-red-800';
    for (const failure of result.failed) {
      const item = document.createElement('li');
      item.textContent = `${failure.title ? `«${failure.title}»` : failure.id}: ${failure.error}`;
      list.append(item);
    }
    box.append(list);
  }
  showToast(
    result.failed.length === 0
      ? { title: `${verb} ${tools(result.done.length)}`, description: 'Cada autor ha recibido un correo.' }
      : { title: 'Algunas no se pudieron cambiar', description: summary.textContent, variant: 'destructive' },
  );
  updateSelection();
}

async function moderateSelected(action: 'approve' | 'reject', reason?: string): Promise<boolean> {
  const ids = batch();
  if (!ids) return false;
  const confirmed = await confirmAction(
    action === 'approve'
      ? {
          title: `¿Aprobar ${tools(ids.length)}?`,
          description: 'Se publicarán al instante y cada autor recibirá un correo con el enlace de su página.',
          confirmLabel: `Aprobar ${tools(ids.length)}`,
          tone: 'primary',
        }
      : {
          title: `¿Rechazar ${tools(ids.length)}?`,
          description: `Cada autor recibirá por correo este motivo: «${reason}».`,
          confirmLabel: `Rechazar ${tools(ids.length)}`,
        },
  );
  if (!confirmed) return false;
  const outcome = await send<BulkModerationResult>('/api/posts/moderate', action === 'approve' ? { action, ids } : { action, ids, reason });
  if (!outcome.ok) {
    showToast({ title: 'Error', description: outcome.error, variant: 'destructive' });
    return false;
  }
  showBatch(outcome.answer, reason);
  return true;
}

function enhanceBulkDecisions(): void {
  // One batch at a time. The buttons are not disabled meanwhile: a disabled button loses the focus the dialog gives back.
  let busy = false;
  const once = async (work: () => Promise<void>) => {
    if (busy) return;
    busy = true;
    try {
      await work();
    } finally {
      busy = false;
    }
  };

  document.addEventListener('change', (event) => {
    const box = event.target;
    if (!(box instanceof HTMLInputElement)) return;
    if (box.dataset.selectAllPending !== undefined) for (const row of selectable()) row.checked = box.checked;
    if (box.dataset.selectAllPending !== undefined || box.dataset.selectPending !== undefined) updateSelection();
  });

  document.addEventListener('click', (event) => {
    if (!(event.target as Element).closest('button[data-bulk-approve]')) return;
    void once(async () => {
      await moderateSelected('approve');
    });
  });

  document.addEventListener('submit', (event) => {
    const form = (event.target as Element).closest<HTMLFormElement>('form[data-bulk-reject-form]');
    if (!form) return;
    event.preventDefault();
    const reason = reasonOf(form);
    if (reason === null) return;
    void once(async () => {
      if (!(await moderateSelected('reject', reason))) return;
      // The form closes with the batch done; focus goes back to the button that opened it.
      const details = form.closest('details');
      details?.removeAttribute('open');
      details?.querySelector('summary')?.focus();
    });
  });
}

export function enhanceModerationQueue(): void {
  enhanceSingleDecisions();
  enhanceBulkDecisions();
  updateSelection();
}
