/**
 * Every page's header search box, before anyone uses it (ADR 005): trims what is sent, puts `/` on the box, and
 * loads the suggestions combobox (header-search-box.ts) the first time the box gets focus. Nothing else loads
 * until then.
 */

/** The box's accessible name, apart from the /buscar page's own box and the home's. */
export const HEADER_SEARCH_LABEL = 'Buscar en el directorio';

type Enhance = (form: HTMLFormElement) => void;

let loading: Promise<Enhance> | undefined;

/** Whether a key press belongs to a field the visitor is writing in. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !== null)
  );
}

function boxOf(form: HTMLFormElement): HTMLInputElement {
  return form.querySelector<HTMLInputElement>('input[data-header-search-input]')!;
}

export function startHeaderSearch(): void {
  const forms = [...document.querySelectorAll<HTMLFormElement>('form[data-header-search]')];
  for (const form of forms) {
    const input = boxOf(form);
    input.addEventListener(
      'focus',
      () => {
        loading ??= import('./header-search-box.ts').then((module) => module.enhanceHeaderSearch);
        loading.then((enhance) => enhance(form)).catch(() => (loading = undefined));
      },
      { once: true },
    );
    form.addEventListener('submit', (event) => {
      // The header search is trimmed, and an empty one submits nothing.
      const text = input.value.trim();
      if (!text) event.preventDefault();
      else input.value = text;
    });
  }

  document.addEventListener('keydown', (event) => {
    if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || isTyping(event.target)) return;
    // The wide screen's box, or the one in the mobile menu, opened for it.
    let form = forms.find((candidate) => candidate.checkVisibility());
    if (!form) {
      const menu = document.querySelector<HTMLDetailsElement>('details[data-mobile-menu]');
      form = menu?.querySelector<HTMLFormElement>('form[data-header-search]') ?? undefined;
      if (!menu || !form) return;
      menu.open = true;
    }
    event.preventDefault();
    boxOf(form).focus();
  });
}
