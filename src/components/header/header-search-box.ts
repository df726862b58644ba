/**
 * The header search box as an ARIA 1.2 combobox, loaded on its first focus: suggestions of tools,
 * categories and tasks while typing, grouped in a listbox; arrows move through them (aria-activedescendant, so
 * focus stays in the box), Enter opens the chosen one or, with none chosen, submits the form to /buscar, Escape
 * closes the list and then clears the box.
 */
import { matchSuggestions, type Suggestion, type SuggestionGroup } from '../../lib/search/suggestions.ts';
import { loadSuggestions } from '../../lib/search/suggestions-client.ts';

const GROUP_CLASS = 'px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500';
const OPTION_CLASS =
  'flex cursor-pointer items-baseline justify-between gap-3 rounded-lg px-3 py-2 text-sm text-slate-800 hover:bg-slate-100 aria-selected:bg-brand-50 aria-selected:text-brand-800 aria-selected:outline-2 aria-selected:-outline-offset-2 aria-selected:outline-brand-600';

interface Option {
  element: HTMLElement;
  suggestion: Suggestion;
}

function optionElement(suggestion: Suggestion, id: string): HTMLElement {
  const element = document.createElement('div');
  element.id = id;
  element.setAttribute('role', 'option');
  element.setAttribute('aria-selected', 'false');
  element.className = OPTION_CLASS;
  const label = document.createElement('span');
  label.className = 'min-w-0 truncate font-medium';
  label.textContent = suggestion.label;
  element.append(label);
  if (suggestion.detail) {
    const detail = document.createElement('span');
    detail.className = 'shrink-0 text-xs text-slate-600';
    detail.textContent = suggestion.detail;
    element.append(detail);
  }
  return element;
}

const countLabel = (count: number) => (count === 1 ? '1 sugerencia' : `${count} sugerencias`);

/** Turns one header search form into the combobox; a second call on the same form does nothing. */
export function enhanceHeaderSearch(form: HTMLFormElement): void {
  if (form.dataset.headerSearchReady !== undefined) return;
  form.dataset.headerSearchReady = '';
  const input = form.querySelector<HTMLInputElement>('input[data-header-search-input]')!;
  const list = form.querySelector<HTMLElement>('[data-header-search-list]')!;
  const announce = form.querySelector<HTMLElement>('[data-header-search-announce]')!;
  let options: Option[] = [];
  let active = -1;
  let latest = 0;

  function setActive(index: number): void {
    options[active]?.element.setAttribute('aria-selected', 'false');
    active = index;
    const option = options[active];
    if (!option) {
      input.removeAttribute('aria-activedescendant');
      return;
    }
    option.element.setAttribute('aria-selected', 'true');
    input.setAttribute('aria-activedescendant', option.element.id);
    option.element.scrollIntoView({ block: 'nearest' });
  }

  function close(): void {
    setActive(-1);
    options = [];
    list.hidden = true;
    list.replaceChildren();
    input.setAttribute('aria-expanded', 'false');
  }

  function render(groups: SuggestionGroup[]): void {
    close();
    announce.textContent = input.value.trim()
      ? groups.length > 0
        ? countLabel(groups.reduce((sum, group) => sum + group.items.length, 0))
        : 'Sin sugerencias'
      : '';
    if (groups.length === 0) return;
    for (const group of groups) {
      const box = document.createElement('div');
      box.setAttribute('role', 'group');
      const heading = document.createElement('div');
      heading.id = `${list.id}-${group.kind}`;
      heading.setAttribute('role', 'presentation');
      heading.className = GROUP_CLASS;
      heading.textContent = group.label;
      box.setAttribute('aria-labelledby', heading.id);
      box.append(heading);
      for (const suggestion of group.items) {
        const element = optionElement(suggestion, `${list.id}-${options.length}`);
        options.push({ element, suggestion });
        box.append(element);
      }
      list.append(box);
    }
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
  }

  async function update(): Promise<void> {
    const id = ++latest;
    if (!input.value.trim()) {
      close();
      announce.textContent = '';
      return;
    }
    const data = await loadSuggestions();
    // A later keystroke already answered.
    if (id !== latest) return;
    render(matchSuggestions(input.value, data));
  }

  const go = (suggestion: Suggestion) => window.location.assign(suggestion.href);

  input.addEventListener('input', () => void update());
  input.addEventListener('keydown', (event) => {
    if (event.isComposing) return;
    const chosen = options[active];
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // From the box, down goes to the first and up to the last; past either end, back round.
      setActive(active === -1 ? (step === 1 ? 0 : options.length - 1) : (active + step + options.length) % options.length);
    } else if (event.key === 'Enter' && chosen) {
      event.preventDefault();
      go(chosen.suggestion);
    } else if (event.key === 'Escape' && (!list.hidden || input.value)) {
      // First the list closes, then the box empties; only then does the header's Escape close the mobile menu.
      event.preventDefault();
      event.stopPropagation();
      if (!list.hidden) close();
      else input.value = '';
    }
  });
  // A press on a suggestion must not take the focus from the box before the click lands.
  list.addEventListener('mousedown', (event) => event.preventDefault());
  list.addEventListener('click', (event) => {
    const element = (event.target as Element).closest('[role="option"]');
    const option = options.find((candidate) => candidate.element === element);
    if (option) go(option.suggestion);
  });
  form.addEventListener('focusout', (event) => {
    if (!form.contains(event.relatedTarget as Node | null)) close();
  });
  // A page restored from the back/forward cache shows no stale list.
  window.addEventListener('pageshow', close);

  // Data ahead of the first keystroke; text typed while this module loaded is answered now.
  void loadSuggestions();
  if (input.value.trim()) void update();
}
