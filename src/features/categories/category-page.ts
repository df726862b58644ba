/**
 * Drives a category page's static tool lists (CategoryTools.astro) with the DOM, no framework (ADR 005): search
 * within the category, the three sorts, grid or list view, the count and the empty state. Every card is already in
 * the page (as a ToolCard and as a ToolRow); this only shows, hides and reorders them.
 */
import { categoryCountText, categoryEmptyText, matchesQuery, viewButtonClass, type CategorySort, type CategoryView } from './category-tools.ts';

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
        item.hidden = !matchesQuery(item.dataset.searchText ?? '', input.value);
        if (!item.hidden) matching++;
      }
      shown = matching;
    }
    sorted = sort;
  }

  function render(): void {
    const query = input.value;
    const searching = query.trim() !== '';
    for (const button of viewButtons) {
      const pressed = button.dataset.viewButton === view;
      button.setAttribute('aria-pressed', String(pressed));
      button.className = viewButtonClass(pressed);
    }
    for (const list of lists) list.hidden = list.dataset.view !== view || (allLists.includes(list) && shown === 0);
    if (featured) featured.hidden = searching;
    heading.textContent = searching ? 'Resultados' : 'Todas las herramientas';
    // The count is a live region: rewritten only when it says something new.
    const countText = categoryCountText(shown, total, searching);
    if (count.textContent !== countText) count.textContent = countText;
    empty.hidden = shown > 0;
    emptyText.textContent = categoryEmptyText(categoryName, query);
    clear.hidden = !searching;
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
  // The button disappears with the search, so focus goes back to the box.
  clear.addEventListener('click', () => {
    input.value = '';
    update();
    input.focus();
  });

  // The browser may restore the box and the sort when the visitor comes back to the page.
  update();
  root.dataset.categoryReady = '';
}
