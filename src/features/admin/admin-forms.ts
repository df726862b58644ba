/**
 * The admin panel's forms, without a framework: a form marked data-admin-form is sent as JSON to its action
 * with its data-method; field errors come back beside their fields (aria-invalid, aria-describedby), a success
 * reloads the page with a toast. Also: dialogs opened by buttons (data-open-dialog) and filled from the button
 * (data-fill), and "select all" checkboxes. A submit button's formaction sends the form to that address instead. Validation happens on the server; the form only carries the input.
 */
import { flashToast, showFlashedToast, showToast } from '../../components/toast/toast-store.ts';

type Json = Record<string, unknown>;

/** Puts value at a dotted path: "slots.homeBanner" fills { slots: { homeBanner } }. */
function assign(target: Json, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Json;
  node[parts.at(-1)!] = value;
}

/**
 * The form's fields as JSON: checkboxes marked data-bool become true/false, data-number fields numbers (empty
 * stays ''), data-json fields their parsed value, fields marked data-array lists, the pressed button's name its
 * value, everything else text.
 */
export function formJson(form: HTMLFormElement, submitter: HTMLElement | null): Json {
  const body: Json = {};
  const seen = new Set<string>();
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement)) continue;
    const { name } = element;
    if (!name || element.disabled || seen.has(name)) continue;
    if (element instanceof HTMLInputElement && element.dataset.bool !== undefined) {
      assign(body, name, element.checked);
      continue;
    }
    if (element.dataset.json !== undefined) {
      assign(body, name, JSON.parse(element.value));
      continue;
    }
    if (element.dataset.array !== undefined) {
      seen.add(name);
      const values = Array.from(form.elements)
        .filter((other): other is HTMLInputElement => other instanceof HTMLInputElement && other.name === name && !other.disabled)
        .filter((input) => (input.type === 'checkbox' || input.type === 'radio' ? input.checked : true))
        .map((input) => input.value);
      assign(body, name, values);
      continue;
    }
    if (element instanceof HTMLInputElement && (element.type === 'radio' || element.type === 'checkbox') && !element.checked) continue;
    if (element instanceof HTMLInputElement && element.type === 'submit') continue;
    const value = element.value;
    assign(body, name, element.dataset.number !== undefined && value.trim() !== '' ? Number(value) : value);
  }
  if (submitter instanceof HTMLButtonElement && submitter.name) assign(body, submitter.name, submitter.value);
  return body;
}

function errorSlot(form: HTMLFormElement, field: string): HTMLElement | null {
  return form.querySelector<HTMLElement>(`[data-error-for="${CSS.escape(field)}"]`);
}

function clearErrors(form: HTMLFormElement): void {
  for (const invalid of form.querySelectorAll('[aria-invalid="true"]')) invalid.removeAttribute('aria-invalid');
  for (const slot of form.querySelectorAll<HTMLElement>('[data-error-for]')) {
    slot.textContent = '';
    slot.hidden = true;
  }
  const general = form.querySelector<HTMLElement>('[data-form-error]');
  if (general) {
    general.textContent = '';
    general.hidden = true;
  }
}

function showErrors(form: HTMLFormElement, message: string, fields: Record<string, string> = {}): void {
  let focused = false;
  let shownBesideField = false;
  for (const [field, text] of Object.entries(fields)) {
    const slot = errorSlot(form, field);
    const input = form.querySelector<HTMLElement>(`[name="${CSS.escape(field)}"]`);
    if (slot) {
      slot.textContent = text;
      slot.hidden = false;
      shownBesideField = true;
    }
    if (input) {
      input.setAttribute('aria-invalid', 'true');
      if (slot?.id) input.setAttribute('aria-describedby', slot.id);
      if (!focused) {
        input.focus();
        focused = true;
      }
    }
  }
  // Said once: beside its field when the form has a place for it.
  if (shownBesideField) return;
  // Inside an open dialog the error shows there, not behind its backdrop.
  const general = form.querySelector<HTMLElement>('dialog[open] [data-form-error]') ?? form.querySelector<HTMLElement>('[data-form-error]');
  if (general) {
    general.textContent = message;
    general.hidden = false;
  } else showToast({ title: 'Error', description: message, variant: 'destructive' });
}

async function submit(form: HTMLFormElement, submitter: HTMLElement | null): Promise<void> {
  const confirmText = (submitter as HTMLButtonElement | null)?.dataset.confirm ?? form.dataset.confirm;
  if (confirmText && !window.confirm(confirmText)) return;
  clearErrors(form);
  const method = form.dataset.method ?? 'POST';
  const buttons = Array.from(form.querySelectorAll<HTMLButtonElement>('button[type="submit"], button:not([type])'));
  for (const button of buttons) button.disabled = true;
  form.setAttribute('aria-busy', 'true');
  try {
    // A button may send the same fields elsewhere (formaction), as «Redactar con IA» does with the selected tools.
    const action = submitter?.getAttribute('formaction') ?? form.getAttribute('action')!;
    const response = await fetch(action, {
      method,
      headers: method === 'DELETE' ? {} : { 'content-type': 'application/json' },
      body: method === 'DELETE' ? undefined : JSON.stringify(formJson(form, submitter)),
      credentials: 'same-origin',
    });
    if (!response.ok) {
      const problem = (await response.json().catch(() => ({}))) as { error?: string; fields?: Record<string, string> };
      showErrors(form, problem.error ?? 'Algo salió mal. Inténtalo de nuevo.', problem.fields);
      return;
    }
    const done = (submitter as HTMLButtonElement | null)?.dataset.success ?? form.dataset.success ?? 'Cambios guardados';
    flashToast({ title: done });
    const next = form.dataset.next;
    if (next) location.assign(next);
    else location.reload();
  } catch {
    showErrors(form, 'No se pudo conectar con el servidor. Comprueba tu conexión e inténtalo de nuevo.');
  } finally {
    for (const button of buttons) button.disabled = false;
    form.removeAttribute('aria-busy');
  }
}

/** Fills a dialog's [data-fill-target=key] from the opening button's data-fill JSON: inputs get a value, text nodes text. */
function fillDialog(dialog: HTMLDialogElement, values: Record<string, string>): void {
  for (const [key, value] of Object.entries(values)) {
    for (const target of dialog.querySelectorAll<HTMLElement>(`[data-fill-target="${CSS.escape(key)}"]`)) {
      if (target instanceof HTMLInputElement) target.value = value;
      else target.textContent = value;
    }
  }
}

export function enhanceAdminForms(root: Document = document): void {
  showFlashedToast();
  root.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.dataset.adminForm === undefined) return;
    event.preventDefault();
    void submit(form, (event as SubmitEvent).submitter);
  });
  root.addEventListener('click', (event) => {
    const target = event.target as Element;
    const opener = target.closest<HTMLElement>('[data-open-dialog]');
    if (opener) {
      const dialog = root.getElementById(opener.dataset.openDialog!);
      if (!(dialog instanceof HTMLDialogElement)) return;
      const form = dialog.querySelector('form');
      if (form) clearErrors(form);
      if (opener.dataset.fill) fillDialog(dialog, JSON.parse(opener.dataset.fill) as Record<string, string>);
      dialog.showModal();
      return;
    }
    const closer = target.closest<HTMLElement>('[data-close-dialog]');
    if (closer) closer.closest('dialog')?.close();
  });
  // "Select all" checks or clears every box of its group.
  root.addEventListener('change', (event) => {
    const toggle = event.target;
    if (!(toggle instanceof HTMLInputElement) || toggle.dataset.selectAll === undefined) return;
    for (const box of root.querySelectorAll<HTMLInputElement>(`input[type="checkbox"][form="${CSS.escape(toggle.dataset.selectAll)}"][name="ids"]`)) {
      box.checked = toggle.checked;
    }
  });
}
