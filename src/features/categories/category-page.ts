/**
 * Drives a category page's static tool lists (CategoryTools.astro) with the DOM, no framework (ADR 005): search
 * within the category, the fact filters (kept in the address, ?filtro=gratis,en-espanol), the three sorts, grid or
 * list view, the count and the empty state. Every card is already in the page (as a ToolCard and as a ToolRow, with
 * the filters it passes in data-facts); this only shows, hides and reorders them.
 */
import { factFilterToggles } from '../../components/filters/fact-filter-group.ts';
import { withFactFilterParam } from '../../lib/fact-filter-param.ts';
import { categoryCountText, categoryEmptyText, matchesFacts, matchesQuery, viewButtonClass, type CategorySort, type CategoryView } from './category-tools.ts';

function part<T extends Element>(root: HTMLElement, selector: string): T {
  const element = root.querySelector<T>(selector);
  if (!element) throw new Error(`CategoryTools: falta ${selector}`);
  return element;
}

/** The build writes each item's place in every order as data-rank-<sort>. */
function rank(item: HTMLElement, sort: CategorySort): number {
  return Number(item.getAttribute(`data-rank-${sort}`));
}

export function startCategoryTools(root: HTMLElement): void {
  const categoryName = root.dataset.categoryName ?? '';
  const total = Number(root.dataset.total);
  const form = part<HTMLFormElement>(root, 'form[data-category-search-form]');
  const input = part<HTMLInputElement>(root, '#buscar-en-categoria');
  const select = part<HTMLSelectElement>(root, '#ordenar');
  const viewButtons = [...root.querySelectorAll<HTMLButtonElement>('button[data-view-button]')];
  const featured = root.querySelector<HTMLElement>('[data-category-featured]');
  const all = part<HTMLElement>(root, '[data-category-all]');
  const heading = part<HTMLElement>(all, '[data-category-heading]');
  const count = part<HTMLElement>(all, '[data-category-count]');
  const empty = part<HTMLElement>(all, '[data-category-empty]');
  const emptyText = part<HTMLElement>(empty, '[data-category-empty-text]');
  const clear = part<HTMLButtonElement>(empty, '[data-category-clear]');
  const lists = [...root.querySelectorAll<HTMLUListElement>('ul[data-view]')];
  const allLists = lists.filter((list) => all.contains(list));
  const toggles = factFilterToggles(part<HTMLElement>(root, '[data-fact-filters]'));

  let facts = toggles.fromAddress(window.location.search);
  let view: CategoryView = 'grid';
  let sorted: CategorySort = 'newest';
  let shown = total;

  function filterAndSort(): void {
    const sort = select.value as CategorySort;
    for (const list of allLists) {
      const items = [...list.children] as HTMLLIElement[];
      // Moving nodes takes focus from them: only when the order really changes.
      if (sort !== sorted) list.append(...items.sort((a, b) => rank(a, sort) - rank(b, sort)));
      let matching = 0;
      for (const item of items) {
        item.hidden = !matchesQuery(item.dataset.searchText ?? '', input.value) || !matchesFacts((item.dataset.facts ?? '').split(' '), facts);
        if (!item.hidden) matching++;
      }
      shown = matching;
    }
    sorted = sort;
  }

  function render(): void {
    const query = input.value;
    const searching = query.trim() !== '';
    const filtering = facts.length > 0;
    const narrowed = searching || filtering;
    toggles.show(facts);
    for (const button of viewButtons) {
      const pressed = button.dataset.viewButton === view;
      button.setAttribute('aria-pressed', String(pressed));
      button.className = viewButtonClass(pressed);
    }
    for (const list of lists) list.hidden = list.dataset.view !== view || (allLists.includes(list) && shown === 0);
    if (featured) featured.hidden = narrowed;
    heading.textContent = narrowed ? 'Resultados' : 'Todas las herramientas';
    // The count is a live region: rewritten only when it says something new.
    const countText = categoryCountText(shown, total, narrowed);
    if (count.textContent !== countText) count.textContent = countText;
    empty.hidden = shown > 0;
    emptyText.textContent = categoryEmptyText(categoryName, query, filtering);
    clear.hidden = !narrowed;
    clear.textContent = filtering ? 'Limpiar filtros' : 'Borrar búsqueda';
  }

  /** The address keeps the filters, so a reload or a shared link shows the same list. */
  function setFacts(next: string[]): void {
    facts = next;
    const { pathname, search, hash } = window.location;
    window.history.replaceState(window.history.state, '', pathname + withFactFilterParam(search, facts) + hash);
    update();
  }

  function update(): void {
    filterAndSort();
    render();
  }

  form.addEventListener('submit', (event) => event.preventDefault());
  input.addEventListener('input', update);
  select.addEventListener('change', update);
  for (const button of viewButtons) {
    button.addEventListener('click', () => {
      view = button.dataset.viewButton === 'list' ? 'list' : 'grid';
      render();
    });
  }
  toggles.onChange(setFacts);
  // The button disappears with the search and the filters, so focus goes back to the box.
  clear.addEventListener('click', () => {
    input.value = '';
    setFacts([]);
    input.focus();
  });

  // The browser may restore the box and the sort when the visitor comes back to the page.
  update();
  root.dataset.categoryReady = '';
}
