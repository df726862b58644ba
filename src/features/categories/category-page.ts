/**
 * Drives a category page's tool list (CategoryTools.astro) with the DOM, no framework (ADR 005). The page holds one
 * static page of cards, newest first; a search, a fact filter or another sort asks GET /api/tools for the whole
 * category's matching tools, 24 at a time, and puts the build's cards for them in place of the static ones
 * ('Cargar más herramientas' appends the next 24). The address keeps the state (?q=…&orden=…&filtro=…), so a
 * reload or a shared link shows the same list. The grid/list switch only changes a data attribute the CSS reads.
 */
import { factFilterToggles } from '../../components/filters/fact-filter-group.ts';
import { CATEGORY_PAGE_SIZE } from '../../lib/category-paging.ts';
import { withFactFilterParam } from '../../lib/fact-filter-param.ts';
import { LOAD_FAILED, fetchToolList } from '../../lib/catalogue/tool-list-client.ts';
import { fillAdminEditSlots } from '../../components/admin-edit/admin-edit-links.ts';
import { paintStaticSaveButtons } from '../../components/saves/static-save-buttons.ts';
import { fetchToolCardHtml, plainToolCard } from '../../lib/search/card-client.ts';
import {
  QUERY_PARAM,
  SORT_PARAM,
  categoryApiUrl,
  categoryCountText,
  categoryEmptyText,
  isStaticState,
  sortFromParam,
  viewButtonClass,
  withListParams,
  type CategoryListState,
  type CategorySort,
  type CategoryView,
} from './category-tools.ts';

/** Typing settles before the list is asked for. */
const SEARCH_DELAY_MS = 250;

function part<T extends Element>(root: HTMLElement, selector: string): T {
  const element = root.querySelector<T>(selector);
  if (!element) throw new Error(`CategoryTools: falta ${selector}`);
  return element;
}

export function startCategoryTools(root: HTMLElement): void {
  const slug = root.dataset.categorySlug ?? '';
  const categoryName = root.dataset.categoryName ?? '';
  const total = Number(root.dataset.total);
  const input = part<HTMLInputElement>(root, '#buscar-en-categoria');
  const select = part<HTMLSelectElement>(root, '#ordenar');
  const viewButtons = [...root.querySelectorAll<HTMLButtonElement>('button[data-view-button]')];
  const featured = root.querySelector<HTMLElement>('[data-category-featured]');
  const list = part<HTMLUListElement>(root, '[data-category-list]');
  const heading = part<HTMLElement>(root, '[data-category-heading]');
  const count = part<HTMLElement>(root, '[data-category-count]');
  const empty = part<HTMLElement>(root, '[data-category-empty]');
  const emptyText = part<HTMLElement>(empty, '[data-category-empty-text]');
  const clear = part<HTMLButtonElement>(empty, '[data-category-clear]');
  const error = part<HTMLElement>(root, '[data-category-error]');
  const more = part<HTMLButtonElement>(root, '[data-category-more]');
  const paginator = root.querySelector<HTMLElement>('[data-paginator]');
  const toggles = factFilterToggles(part<HTMLElement>(root, '[data-fact-filters]'));
  // The build's cards of this page, put back when the visitor returns to the plain list.
  const staticItems = [...list.children];

  const params = new URLSearchParams(window.location.search);
  let state: CategoryListState = {
    q: params.get(QUERY_PARAM) ?? '',
    sort: sortFromParam(params.get(SORT_PARAM)),
    facts: toggles.fromAddress(window.location.search),
  };
  input.value = state.q;
  select.value = state.sort;
  let view: CategoryView = 'grid';
  let request = 0;
  let loadedPage = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function renderView(): void {
    root.dataset.view = view;
    for (const button of viewButtons) {
      const pressed = button.dataset.viewButton === view;
      button.setAttribute('aria-pressed', String(pressed));
      button.className = viewButtonClass(pressed);
    }
  }

  /** Everything that follows from the state and the number of tools shown (or the whole category's, when static). */
  /** Frames the list with the state it was asked for: a box typed into since then has its own request coming. */
  function renderFrame(shown: number, shownState: CategoryListState = state): void {
    const narrowed = shownState.q.trim() !== '' || shownState.facts.length > 0;
    const isStatic = isStaticState(shownState);
    toggles.show(shownState.facts);
    if (featured) featured.hidden = narrowed;
    if (paginator) paginator.hidden = !isStatic;
    heading.textContent = narrowed ? 'Resultados' : 'Todas las herramientas';
    // The count is a live region: rewritten only when it says something new.
    const countText = categoryCountText(shown, total, narrowed);
    if (count.textContent !== countText) count.textContent = countText;
    list.hidden = shown === 0;
    empty.hidden = shown > 0;
    emptyText.textContent = categoryEmptyText(categoryName, shownState.q, shownState.facts.length > 0);
    clear.hidden = !narrowed;
    clear.textContent = shownState.facts.length > 0 ? 'Limpiar filtros' : 'Borrar búsqueda';
  }

  function cardItems(cards: (string | HTMLElement)[]): HTMLLIElement[] {
    return cards.map((card) => {
      const item = document.createElement('li');
      if (typeof card === 'string') item.innerHTML = card;
      else item.append(card);
      return item;
    });
  }

  /** Asks for one page of the list in the current state; a newer request makes an older answer moot. */
  async function load(page: number): Promise<void> {
    const id = ++request;
    const asked = state;
    error.textContent = '';
    root.setAttribute('aria-busy', 'true');
    try {
      const result = await fetchToolList(categoryApiUrl(slug, asked, page, CATEGORY_PAGE_SIZE));
      const cards = await Promise.all(result.items.map((tool) => fetchToolCardHtml(tool.slug).catch(() => plainToolCard(tool))));
      if (id !== request) return;
      const items = cardItems(cards);
      if (page === 1) list.replaceChildren(...items);
      else list.append(...items);
      loadedPage = page;
      more.hidden = !result.hasMore;
      // Asked with a sort, the API always counts.
      renderFrame(result.total ?? 0, asked);
      paintStaticSaveButtons();
      fillAdminEditSlots();
    } catch {
      if (id === request) error.textContent = LOAD_FAILED;
    } finally {
      if (id === request) {
        root.removeAttribute('aria-busy');
        root.dataset.categoryReady = '';
      }
    }
  }

  /** Shows the list for the current state: the page's own cards, or the API's. */
  function update(): void {
    clearTimeout(timer);
    const { pathname, search, hash } = window.location;
    window.history.replaceState(window.history.state, '', pathname + withListParams(withFactFilterParam(search, state.facts), state) + hash);
    if (isStaticState(state)) {
      request++;
      error.textContent = '';
      more.hidden = true;
      list.replaceChildren(...staticItems);
      renderFrame(total);
      root.dataset.categoryReady = '';
      return;
    }
    void load(1);
  }

  part<HTMLFormElement>(root, 'form[data-category-search-form]').addEventListener('submit', (event) => {
    event.preventDefault();
    state = { ...state, q: input.value };
    update();
  });
  input.addEventListener('input', () => {
    clearTimeout(timer);
    state = { ...state, q: input.value };
    timer = setTimeout(update, SEARCH_DELAY_MS);
  });
  select.addEventListener('change', () => {
    state = { ...state, sort: select.value as CategorySort };
    update();
  });
  for (const button of viewButtons) {
    button.addEventListener('click', () => {
      view = button.dataset.viewButton === 'list' ? 'list' : 'grid';
      renderView();
    });
  }
  toggles.onChange((facts) => {
    state = { ...state, facts };
    update();
  });
  more.addEventListener('click', () => void load(loadedPage + 1));
  // The button disappears with the search and the filters, so focus goes back to the box.
  clear.addEventListener('click', () => {
    input.value = '';
    state = { ...state, q: '', facts: [] };
    update();
    input.focus();
  });

  renderView();
  update();
}
