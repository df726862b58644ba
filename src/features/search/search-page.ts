/**
 * Drives the search page's static HTML (SearchPage.astro) with the DOM, no framework (ADR 005): search as you
 * type, the address as the state (?q=…&categoria=…&filtro=…, back and forward), the category filter narrowed to
 * categories with results, the fact filters (Gratis, En español, Con API, Código abierto; all must hold), the task or category the query names, the nearest tasks when nothing matched,
 * 'Cargar más resultados', and result cards inserted as the HTML the build rendered.
 */
import { factFilterToggles } from '../../components/filters/fact-filter-group.ts';
import { fillAdminEditSlots } from '../../components/admin-edit/admin-edit-links.ts';
import { paintStaticSaveButtons } from '../../components/saves/static-save-buttons.ts';
import { fetchToolCardHtml } from '../../lib/search/card-client.ts';
import { reportSearchOutcome } from './demand-client.ts';
import type { NameEntry } from '../../lib/search/name-match.ts';
import { loadPagefind, loadSearchChanges, readIndexJson, type PagefindResult } from './pagefind.ts';
import { namesWithChanges } from '../../lib/search/search-changes.ts';
import { SEARCH_NAME_RECORDS_PATH, slugsByRecord, type NameRecords } from '../../lib/search/name-records.ts';
import { searchTools, type SearchOutcome } from './search-engine.ts';
import {
  SEARCH_CATEGORY_FILTER,
  SEARCH_NAMES_PATH,
  SEARCH_PAGE_SIZE,
  resultCountLabel,
  searchHref,
  searchQuery,
  toolCountLabel,
} from '../../lib/search/search.ts';

/** The first cards' images load at once, as on the other pages (SPEC: lazy images below the fold). */
const EAGER_CARDS = 3;

/** How long typing must pause before the category filter's counts are searched (showCategoryCounts). */
const COUNT_AFTER_PAUSE_MS = 300;

type Outcome =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error' }
  | ({
      status: 'done';
      /** The category filter's counts, once counted. */
      categoryCounts?: Record<string, number>;
    } & SearchOutcome);

let namesLoading: Promise<readonly NameEntry[]> | undefined;

/** The slug of each result's record, as far as known: the changed names' at once, the others' once their file is in. */
let recordSlugs: ReadonlyMap<string, string> = new Map();

/** The names file of the current build, with the changes since it; without it, names are still found by the full-text index. */
function loadNames(): Promise<readonly NameEntry[]> {
  namesLoading ??= Promise.all([readIndexJson<NameEntry[]>(SEARCH_NAMES_PATH, []), loadSearchChanges()])
    .then(([fileNames, changes]) => {
      const names = namesWithChanges(fileNames, changes);
      recordSlugs = slugsByRecord([], [], names);
      // After the names, not beside them: no search waits for these, and a card whose record is not known yet reads it.
      readIndexJson<NameRecords>(SEARCH_NAME_RECORDS_PATH, [])
        .then((records) => (recordSlugs = slugsByRecord(fileNames, records, names)))
        .catch(() => undefined);
      return names;
    })
    .catch(() => {
      namesLoading = undefined;
      return [];
    });
  return namesLoading;
}

/** Cards by Pagefind record, kept for the visit as the loaded index is: typing on mostly shows the same tools again. */
const cardsByRecord = new Map<string, Promise<string>>();

/**
 * One result's card, as the build rendered it with ToolCard (trusted HTML from our own site). Its slug comes from
 * the names' records when they know it: loading the record first costs a round trip through Pagefind's worker
 * and, the first time, the record's own file.
 */
function loadCard(hit: PagefindResult): Promise<string> {
  const known = cardsByRecord.get(hit.id);
  if (known) return known;
  const slug = recordSlugs.get(hit.id);
  const card = slug ? fetchToolCardHtml(slug) : hit.data().then((data) => fetchToolCardHtml(data.url.split('/').pop() ?? ''));
  cardsByRecord.set(hit.id, card);
  // One that failed (a build in progress) is asked for again next time.
  card.catch(() => cardsByRecord.delete(hit.id));
  return card;
}

/** A list item holding one result's card. */
function cardItem(html: string, index: number): HTMLLIElement {
  const item = document.createElement('li');
  item.innerHTML = html;
  if (index < EAGER_CARDS) for (const image of item.querySelectorAll('img')) image.loading = 'eager';
  return item;
}

/** A link as a list item: a topic above the results, or a suggestion when nothing matched. */
function linkItem(href: string, text: string, className: string): HTMLLIElement {
  const item = document.createElement('li');
  const link = document.createElement('a');
  link.href = href;
  link.className = className;
  link.textContent = text;
  item.append(link);
  return item;
}

function part<T extends Element>(root: HTMLElement, selector: string): T {
  const element = root.querySelector<T>(selector);
  if (!element) throw new Error(`SearchPage: falta ${selector}`);
  return element;
}

export function startSearchPage(root: HTMLElement): void {
  const form = part<HTMLFormElement>(root, 'form[data-search-form]');
  const input = part<HTMLInputElement>(root, '#search-query');
  const filters = part<HTMLElement>(root, '[data-search-filters]');
  const select = part<HTMLSelectElement>(root, '#search-category');
  const clear = part<HTMLButtonElement>(root, '[data-search-clear]');
  const status = part<HTMLElement>(root, '[data-search-status]');
  const initial = part<HTMLElement>(root, '[data-search-initial]');
  const error = part<HTMLElement>(root, '[data-search-error]');
  const empty = part<HTMLElement>(root, '[data-search-empty]');
  const emptyQuery = part<HTMLElement>(root, '[data-search-empty-query]');
  const emptyFiltered = part<HTMLElement>(root, '[data-search-empty-filtered]');
  const results = part<HTMLElement>(root, '[data-search-results]');
  const list = part<HTMLUListElement>(results, 'ul');
  const more = part<HTMLElement>(root, '[data-search-more]');
  const moreButton = part<HTMLButtonElement>(more, 'button');
  const topicList = part<HTMLUListElement>(root, '[data-search-topics]');
  const suggestionsBox = part<HTMLElement>(root, '[data-search-suggestions]');
  const suggestedTasks = part<HTMLUListElement>(suggestionsBox, '[data-search-suggested-tasks]');
  const suggestedCategories = part<HTMLElement>(suggestionsBox, '[data-search-suggested-categories]');
  const suggestedCategoryList = part<HTMLUListElement>(suggestedCategories, 'ul');
  const topicClass = topicList.dataset.linkClass ?? '';
  const suggestionClass = suggestionsBox.dataset.linkClass ?? '';
  // Every active category, as the build wrote them; each search shows those holding results.
  const categories = [...select.options].filter((option) => option.value).map((option) => ({ slug: option.value, name: option.text }));
  const toggles = factFilterToggles(part<HTMLElement>(filters, '[data-fact-filters]'));

  let query = '';
  let category = '';
  let facts: string[] = [];
  let outcome: Outcome = { status: 'idle' };
  let shown = 0;
  let searchId = 0;
  // While typing, the first keystroke adds a history entry and the rest update it, so Back returns to the last search.
  let typing = false;

  function renderCategories(counts: Record<string, number> | undefined): void {
    const options = counts ? categories.filter((option) => (counts[option.slug] ?? 0) > 0 || option.slug === category) : categories;
    select.replaceChildren(
      new Option('Todas las categorías', ''),
      ...options.map((option) => new Option(counts ? `${option.name} (${counts[option.slug] ?? 0})` : option.name, option.slug)),
    );
    select.value = category;
  }

  function render(): void {
    filters.hidden = !query;
    const filtered = category !== '' || facts.length > 0;
    clear.hidden = !filtered;
    toggles.show(facts);
    status.textContent = outcome.status === 'loading' ? 'Buscando…' : outcome.status === 'done' ? resultCountLabel(outcome.hits.length, query) : '';
    initial.hidden = outcome.status !== 'idle';
    error.hidden = outcome.status !== 'error';
    const done = outcome.status === 'done' ? outcome : undefined;
    empty.hidden = done?.hits.length !== 0;
    emptyQuery.textContent = query;
    emptyFiltered.hidden = !filtered;
    results.hidden = !done || done.hits.length === 0;
    // Offered once a page of cards is in (run, 'Cargar más resultados').
    more.hidden = true;
    renderCategories(done?.categoryCounts);
    // The task or category the query names leads the page, with a link to all of its tools.
    topicList.replaceChildren(
      ...(done?.hits.length ? done.topics : []).map((topic) => linkItem(topic.href, `${topic.label} · ${toolCountLabel(topic.count)}`, topicClass)),
    );
    topicList.hidden = topicList.childElementCount === 0;
    const suggestions = done?.suggestions ?? { tasks: [], categories: [] };
    suggestedTasks.replaceChildren(...suggestions.tasks.map((task) => linkItem(task.href, task.label, suggestionClass)));
    suggestedCategoryList.replaceChildren(...suggestions.categories.map((entry) => linkItem(`/categoria/${entry.slug}`, entry.name, suggestionClass)));
    suggestedCategories.hidden = suggestions.categories.length === 0;
  }

  /** The cards were inserted: their save buttons and admin links come alive like those of static pages. */
  function enhanceCards(): void {
    paintStaticSaveButtons();
    fillAdminEditSlots();
  }

  /**
   * Appends the cards of these results in order, each as soon as its record is in: the first ones usually are
   * already (judging the search read them), so they show without waiting for the rest. False if a newer search
   * took over meanwhile.
   */
  async function appendCards(id: number, hits: PagefindResult[]): Promise<boolean> {
    const cards = hits.map((hit) => loadCard(hit));
    // Those left unread when a newer search takes over must not fail unobserved.
    for (const card of cards) card.catch(() => undefined);
    for (const card of cards) {
      const html = await card;
      if (id !== searchId) return false;
      list.append(cardItem(html, shown));
      shown++;
      enhanceCards();
    }
    return true;
  }

  /**
   * Counts the results per category once the first cards are in and typing has paused; until then the filter lists
   * every category. Pagefind answers one search at a time and cannot drop one it was asked: counts asked for on
   * every keystroke would delay the next keystroke's results.
   */
  async function showCategoryCounts(id: number, done: Extract<Outcome, { status: 'done' }>): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, COUNT_AFTER_PAUSE_MS));
    if (id !== searchId) return;
    // Without counts the filter still works: a failure here leaves the results as they are.
    const counts = await done.countCategories().catch(() => undefined);
    if (id !== searchId || !counts) return;
    done.categoryCounts = counts;
    renderCategories(counts);
  }

  async function run(): Promise<void> {
    const id = ++searchId;
    shown = 0;
    list.replaceChildren();
    if (!query) {
      outcome = { status: 'idle' };
      render();
      return;
    }
    outcome = { status: 'loading' };
    render();
    try {
      // Names and the index load once, side by side; results appear as the visitor types.
      const [pagefind, names] = await Promise.all([loadPagefind(), loadNames()]);
      if (id !== searchId) return;
      const found = await searchTools(pagefind, names, query, category, categories, facts);
      if (id !== searchId) return;
      const done: Outcome = { status: 'done', ...found };
      outcome = done;
      const { hits } = found;
      render();
      reportSearchOutcome(query, hits.length, category !== '' || facts.length > 0);
      if (!(await appendCards(id, hits.slice(0, SEARCH_PAGE_SIZE)))) return;
      more.hidden = shown >= hits.length;
      void showCategoryCounts(id, done);
    } catch {
      if (id !== searchId) return;
      outcome = { status: 'error' };
      list.replaceChildren();
      render();
    }
  }

  /** The prerendered page knows no query: the address says what to show, on load and on back/forward. */
  function sync(): void {
    typing = false;
    const params = new URLSearchParams(window.location.search);
    query = searchQuery(params.get('q') ?? '');
    category = params.get(SEARCH_CATEGORY_FILTER) ?? '';
    facts = toggles.fromAddress(window.location.search);
    input.value = query;
    void run();
  }

  function navigate(nextQuery: string, nextCategory: string, nextFacts: string[] = facts): void {
    typing = false;
    const href = searchHref(nextQuery, nextCategory, nextFacts);
    // Searching again for the same thing adds no history entry.
    if (href !== window.location.pathname + window.location.search) window.history.pushState(null, '', href);
    query = nextQuery;
    category = nextCategory;
    facts = nextFacts;
    void run();
  }

  // Search as you type: every change that leaves some text searches at once; an emptied box waits for more.
  input.addEventListener('input', () => {
    const text = searchQuery(input.value);
    if (!text) return;
    const href = searchHref(text, category, facts);
    if (href !== window.location.pathname + window.location.search) {
      if (typing) window.history.replaceState(null, '', href);
      else window.history.pushState(null, '', href);
    }
    typing = true;
    // Another space in the box is the same search.
    if (text === query) return;
    query = text;
    void run();
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = searchQuery(input.value);
    // An empty search (after trimming) submits nothing.
    if (!text) return;
    input.value = text;
    navigate(text, category);
  });

  select.addEventListener('change', () => navigate(query, select.value));
  toggles.onChange((next) => navigate(query, category, next));

  // The button disappears with the filters, so focus stays nearby on the category filter.
  clear.addEventListener('click', () => {
    navigate(query, '', []);
    select.focus();
  });

  part<HTMLButtonElement>(empty, '[data-search-start-over]').addEventListener('click', () => {
    input.value = '';
    navigate('', '', []);
    input.focus();
  });

  moreButton.addEventListener('click', async () => {
    if (outcome.status !== 'done') return;
    const id = searchId;
    const { hits } = outcome;
    const first = shown;
    moreButton.disabled = true;
    moreButton.textContent = 'Cargando más resultados…';
    try {
      if (!(await appendCards(id, hits.slice(shown, shown + SEARCH_PAGE_SIZE)))) return;
      more.hidden = shown >= hits.length;
      // Keyboard users continue from the first new card.
      list.children[first]?.querySelector<HTMLAnchorElement>('h2 a, h3 a')?.focus();
    } catch {
      if (id !== searchId) return;
      outcome = { status: 'error' };
      list.replaceChildren();
      render();
    } finally {
      moreButton.disabled = false;
      moreButton.textContent = 'Cargar más resultados';
    }
  });

  // Reaching for the box is a good moment to fetch the index, ahead of the first keystroke.
  input.addEventListener('focus', () => void Promise.all([loadPagefind(), loadNames()]).catch(() => undefined), { once: true });

  window.addEventListener('popstate', sync);
  sync();
  root.dataset.searchReady = '';
}
