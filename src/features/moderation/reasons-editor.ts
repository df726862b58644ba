/**
 * Moves and removes rows of the canned rejection reasons editor (RejectionReasonsEditor.astro). Nothing is saved
 * until the settings form is sent; the rows' accessible names follow their new positions.
 */

function renumber(list: HTMLElement): void {
  const rows = Array.from(list.querySelectorAll<HTMLElement>('[data-reason-row]'));
  rows.forEach((row, index) => {
    const n = index + 1;
    const label = row.querySelector<HTMLElement>('[data-reason-label]');
    if (label) label.textContent = `Motivo ${n}`;
    row.querySelector('[data-reason-move="up"]')?.setAttribute('aria-label', `Subir el motivo ${n}`);
    row.querySelector('[data-reason-move="down"]')?.setAttribute('aria-label', `Bajar el motivo ${n}`);
    row.querySelector('[data-reason-remove]')?.setAttribute('aria-label', `Quitar el motivo ${n}`);
  });
  const empty = list.parentElement?.querySelector<HTMLElement>('[data-reason-empty]');
  if (empty) empty.textContent = rows.length === 0 ? 'No hay motivos predefinidos.' : '';
}

export function enhanceReasonsEditor(root: Document = document): void {
  root.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('[data-reasons-editor] button');
    if (!button) return;
    const row = button.closest<HTMLElement>('[data-reason-row]');
    const list = row?.parentElement;
    if (!row || !list) return;
    if (button.dataset.reasonRemove !== undefined) {
      // Focus stays in the list: on the next row's text, the previous one's, or the «Nuevo motivo» field.
      const next = (row.nextElementSibling ?? row.previousElementSibling)?.querySelector('input');
      row.remove();
      renumber(list);
      (next ?? button.closest('[data-reasons-editor]')?.querySelector<HTMLInputElement>('input[id$="-motivo-nuevo"]'))?.focus();
      return;
    }
    const up = button.dataset.reasonMove === 'up';
    const sibling = up ? row.previousElementSibling : row.nextElementSibling;
    if (!sibling) return;
    if (up) sibling.before(row);
    else sibling.after(row);
    renumber(list);
    // Moving a row keeps focus on the button pressed, so pressing it again moves the same row further.
    button.focus();
  });
}
