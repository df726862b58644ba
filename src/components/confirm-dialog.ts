/**
 * A confirmation before something that cannot be undone ('¿Eliminar publicación?', '¿Eliminar imagen?') or that
 * acts on many things at once ('¿Aprobar 2 herramientas?'): a native modal dialog built on demand, so the page
 * behind is inert, focus starts on 'Cancelar' and stays inside, and Escape cancels.
 * Plain DOM, usable from the pages' scripts and from islands alike.
 */

export interface ConfirmOptions {
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** 'danger' (default) for what cannot be undone; 'primary' for a confirmation that is not destructive (approving). */
  tone?: 'danger' | 'primary';
}

let counter = 0;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Resolves true when the visitor confirms; focus goes back to where it was either way. */
export function confirmAction({ title, description, confirmLabel, cancelLabel = 'Cancelar', tone = 'danger' }: ConfirmOptions): Promise<boolean> {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const id = `confirmacion-${++counter}`;
  const dialog = element('dialog', 'm-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/50');
  dialog.setAttribute('role', 'alertdialog');
  dialog.setAttribute('aria-labelledby', `${id}-titulo`);
  dialog.setAttribute('aria-describedby', `${id}-texto`);
  const body = element('div', 'p-6');
  const heading = element('h2', 'text-lg font-semibold', title);
  heading.id = `${id}-titulo`;
  const text = element('p', 'mt-2 text-slate-700', description);
  text.id = `${id}-texto`;
  const actions = element('div', 'mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end');
  const cancel = element(
    'button',
    'rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    cancelLabel,
  );
  const confirm = element(
    'button',
    tone === 'danger'
      ? 'rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700'
      : 'rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700',
    confirmLabel,
  );
  cancel.type = 'button';
  confirm.type = 'button';
  actions.append(cancel, confirm);
  body.append(heading, text, actions);
  dialog.append(body);
  document.body.append(dialog);

  return new Promise((resolve) => {
    let confirmed = false;
    cancel.addEventListener('click', () => dialog.close());
    confirm.addEventListener('click', () => {
      confirmed = true;
      dialog.close();
    });
    // A modal dialog makes the page inert, but Chromium still lets Tab leave for the browser's own controls: keep it between the two buttons.
    dialog.addEventListener('keydown', (event) => {
      if (event.key !== 'Tab') return;
      const [first, last] = event.shiftKey ? [confirm, cancel] : [cancel, confirm];
      if (document.activeElement !== last) return;
      event.preventDefault();
      first.focus();
    });
    // A press on the backdrop lands on the dialog element itself.
    dialog.addEventListener('click', (event) => {
      if (event.target === dialog) dialog.close();
    });
    dialog.addEventListener('close', () => {
      dialog.remove();
      if (opener?.isConnected) opener.focus();
      resolve(confirmed);
    });
    dialog.showModal();
    cancel.focus();
  });
}
