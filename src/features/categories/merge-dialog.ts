/**
 * The merge dialog of /admin/categorias: the category being merged cannot be its own target, so its option is
 * disabled each time a row's «Fusionar…» opens the dialog (the server refuses it anyway). admin-forms.ts opens the
 * dialog, fills it and sends it.
 */
export function enhanceMergeDialog(dialog: HTMLDialogElement): void {
  const select = dialog.querySelector<HTMLSelectElement>('select[name="into"]');
  if (!select) return;
  document.addEventListener('click', (event) => {
    const opener = (event.target as Element).closest<HTMLElement>(`[data-open-dialog="${CSS.escape(dialog.id)}"]`);
    if (!opener?.dataset.fill) return;
    const { from } = JSON.parse(opener.dataset.fill) as { from?: string };
    for (const option of select.options) option.disabled = option.value !== '' && option.value === from;
    if (select.selectedOptions[0]?.disabled) select.value = '';
  });
}
