import { Search, X } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type SubmitEvent } from 'react';
import { ToolCard } from '../../components/ui/ToolCard.tsx';
import {
  SEARCH_CATEGORY_FILTER,
  SEARCH_NAMES_PATH,
  SEARCH_PAGE_SIZE,
  exampleSearches,
  fromSearchMeta,
  resultCountLabel,
  searchHref,
  searchQuery,
} from './search.ts';
import type { ToolCardData } from '../../lib/tool-card.ts';
import type { NameEntry } from './name-match.ts';
import { loadPagefind, type PagefindResult } from './pagefind.ts';
import { searchTools } from './search-engine.ts';

export interface SearchCategory {
  slug: string;
  name: string;
}

interface Props {
  /** Active categories with published tools, from the database at build time. */
  categories: SearchCategory[];
}

type Outcome =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'done'; hits: PagefindResult[]; tools: ToolCardData[]; categoryCounts: Record<string, number> };

function readLocation(): { query: string; category: string } {
  const params = new URLSearchParams(window.location.search);
  return { query: searchQuery(params.get('q') ?? ''), category: params.get(SEARCH_CATEGORY_FILTER) ?? '' };
}

let namesLoading: Promise<readonly NameEntry[]> | undefined;

/** The names file of the current build; without it, names are still found by the full-text index. */
function loadNames(): Promise<readonly NameEntry[]> {
  namesLoading ??= fetch(SEARCH_NAMES_PATH)
    .then((response) => (response.ok ? (response.json() as Promise<NameEntry[]>) : []))
    .catch(() => {
      namesLoading = undefined;
      return [];
    });
  return namesLoading;
}

async function loadTools(hits: PagefindResult[]): Promise<ToolCardData[]> {
  const pages = await Promise.all(hits.map((hit) => hit.data()));
  return pages.map((page) => fromSearchMeta(page.meta));
}

const inputClass =
  'w-full rounded-xl border border-slate-300 bg-white py-3 pl-11 pr-4 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500';
const primaryButton = 'rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700';
const secondaryButton =
  'inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:border-brand-500 hover:text-brand-700';
const exampleLink = 'inline-block rounded-full border border-slate-300 bg-white px-4 py-2 text-sm text-slate-700 hover:border-brand-500 hover:text-brand-700';

/** SPEC §2 "Search": form, category filter, result count, tool cards, empty-result and initial pages. */
export function SearchPage({ categories }: Props) {
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ status: 'idle' });
  const [loadingMore, setLoadingMore] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const categoryRef = useRef<HTMLSelectElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const focusIndex = useRef<number | null>(null);
  const searchId = useRef(0);
  // While typing, the first keystroke adds a history entry and the rest update it, so Back returns to the last search.
  const typing = useRef(false);

  // The prerendered shell knows no query; reading the address before paint avoids a flash of the initial page.
  useLayoutEffect(() => {
    const sync = () => {
      typing.current = false;
      const location = readLocation();
      setInput(location.query);
      setQuery(location.query);
      setCategory(location.category);
    };
    sync();
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, []);

  useEffect(() => {
    const id = ++searchId.current;
    // The query comes from the address (set on load, on submit and on back/forward); the search runs in Pagefind.
    /* eslint-disable react-hooks/set-state-in-effect */
    if (!query) {
      setOutcome({ status: 'idle' });
      return;
    }
    setOutcome({ status: 'loading' });
    /* eslint-enable react-hooks/set-state-in-effect */
    (async () => {
      // Names and the index load once, side by side; results appear as the visitor types.
      const [pagefind, names] = await Promise.all([loadPagefind(), loadNames()]);
      if (id !== searchId.current) return;
      const { hits, categoryCounts } = await searchTools(pagefind, names, query, category);
      const tools = await loadTools(hits.slice(0, SEARCH_PAGE_SIZE));
      if (id !== searchId.current) return;
      setOutcome({ status: 'done', hits, tools, categoryCounts });
    })().catch(() => {
      if (id === searchId.current) setOutcome({ status: 'error' });
    });
  }, [query, category]);

  // After 'Cargar más resultados', focus moves to the first new card so keyboard users continue from there.
  useEffect(() => {
    if (focusIndex.current === null || !listRef.current) return;
    listRef.current.children[focusIndex.current]?.querySelector<HTMLAnchorElement>('h2 a, h3 a')?.focus();
    focusIndex.current = null;
  }, [outcome]);

  const navigate = useCallback((nextQuery: string, nextCategory: string) => {
    typing.current = false;
    const href = searchHref(nextQuery, nextCategory);
    // Searching again for the same thing adds no history entry.
    if (href !== window.location.pathname + window.location.search) window.history.pushState(null, '', href);
    setQuery(nextQuery);
    setCategory(nextCategory);
  }, []);

  /** Search as you type: every change that leaves some text searches at once; an emptied box waits for more. */
  function type(value: string) {
    setInput(value);
    const text = searchQuery(value);
    if (!text) return;
    const href = searchHref(text, category);
    if (href !== window.location.pathname + window.location.search) {
      if (typing.current) window.history.replaceState(null, '', href);
      else window.history.pushState(null, '', href);
    }
    typing.current = true;
    setQuery(text);
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = searchQuery(input);
    // SPEC §5: an empty search submits nothing.
    if (!text) return;
    setInput(text);
    navigate(text, category);
  }

  function startOver() {
    setInput('');
    navigate('', '');
    inputRef.current?.focus();
  }

  // The button disappears with the filter, so focus stays nearby on the filter itself.
  function clearFilters() {
    navigate(query, '');
    categoryRef.current?.focus();
  }

  async function loadMore() {
    if (outcome.status !== 'done') return;
    const id = searchId.current;
    setLoadingMore(true);
    try {
      const start = outcome.tools.length;
      const more = await loadTools(outcome.hits.slice(start, start + SEARCH_PAGE_SIZE));
      if (id !== searchId.current) return;
      focusIndex.current = start;
      setOutcome({ ...outcome, tools: [...outcome.tools, ...more] });
    } catch {
      if (id === searchId.current) setOutcome({ status: 'error' });
    } finally {
      setLoadingMore(false);
    }
  }

  const counts = outcome.status === 'done' ? outcome.categoryCounts : undefined;
  const categoryOptions = counts ? categories.filter((option) => (counts[option.slug] ?? 0) > 0 || option.slug === category) : categories;

  return (
    <div className="mt-6">
      <form role="search" action="/buscar" method="get" onSubmit={submit} className="flex flex-col gap-3 sm:flex-row">
        <label htmlFor="search-query" className="sr-only">
          Buscar herramientas de IA
        </label>
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute left-4 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-500" aria-hidden="true" />
          <input
            ref={inputRef}
            id="search-query"
            name="q"
            type="search"
            value={input}
            onChange={(event) => type(event.target.value)}
            placeholder="¿Qué herramienta de IA buscas?"
            autoComplete="off"
            enterKeyHint="search"
            className={inputClass}
          />
        </div>
        <button type="submit" className={primaryButton}>
          Buscar
        </button>
      </form>

      {query && (
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor="search-category" className="text-sm font-medium text-slate-700">
              Categoría
            </label>
            <select
              ref={categoryRef}
              id="search-category"
              value={category}
              onChange={(event) => navigate(query, event.target.value)}
              className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
            >
              <option value="">Todas las categorías</option>
              {categoryOptions.map((option) => (
                <option key={option.slug} value={option.slug}>
                  {counts ? `${option.name} (${counts[option.slug] ?? 0})` : option.name}
                </option>
              ))}
            </select>
          </div>
          {category && (
            <button type="button" onClick={clearFilters} className={secondaryButton}>
              <X className="h-4 w-4" aria-hidden="true" />
              Limpiar filtros
            </button>
          )}
        </div>
      )}

      <p role="status" className="mt-6 min-h-6 text-sm font-medium text-slate-700">
        {outcome.status === 'loading' && 'Buscando…'}
        {outcome.status === 'done' && resultCountLabel(outcome.hits.length, query)}
      </p>

      {outcome.status === 'idle' && <InitialPage />}
      {outcome.status === 'error' && (
        <p className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">Algo salió mal. Por favor, recarga la página.</p>
      )}
      {outcome.status === 'done' && outcome.hits.length === 0 && <EmptyResults query={query} filtered={category !== ''} onStartOver={startOver} />}
      {outcome.status === 'done' && outcome.hits.length > 0 && (
        <>
          <h2 id="search-results" className="sr-only">
            Resultados
          </h2>
          <ul ref={listRef} aria-labelledby="search-results" className="mt-2 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {outcome.tools.map((tool, index) => (
              <li key={tool.id}>
                <ToolCard tool={tool} eager={index < 3} />
              </li>
            ))}
          </ul>
          {outcome.tools.length < outcome.hits.length && (
            <div className="mt-8 flex justify-center">
              <button type="button" onClick={loadMore} disabled={loadingMore} className={`${primaryButton} disabled:opacity-70`}>
                {loadingMore ? 'Cargando más resultados…' : 'Cargar más resultados'}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function ExampleSearches() {
  return (
    <ul className="mt-3 flex flex-wrap gap-2">
      {exampleSearches.map((example) => (
        <li key={example}>
          <a href={searchHref(example)} className={exampleLink}>
            {example}
          </a>
        </li>
      ))}
    </ul>
  );
}

function InitialPage() {
  return (
    <section aria-labelledby="search-examples" className="mt-4 rounded-2xl border border-slate-200 bg-slate-50 p-6">
      <h2 id="search-examples" className="text-lg font-semibold text-slate-900">
        Encuentra la herramienta de IA que necesitas
      </h2>
      <p className="mt-2 text-slate-600">Busca por nombre, por lo que quieres hacer o por categoría. Por ejemplo:</p>
      <ExampleSearches />
    </section>
  );
}

interface EmptyProps {
  query: string;
  filtered: boolean;
  onStartOver: () => void;
}

function EmptyResults({ query, filtered, onStartOver }: EmptyProps) {
  return (
    <section aria-labelledby="search-empty" className="mt-4 rounded-2xl border border-slate-200 bg-slate-50 p-6">
      <h2 id="search-empty" className="text-lg font-semibold text-slate-900">
        No hemos encontrado herramientas para «{query}»
      </h2>
      <p className="mt-2 text-slate-600">Algunas sugerencias:</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
        {filtered && <li>Quita el filtro de categoría para buscar en todo el directorio.</li>}
        <li>Prueba con menos palabras o con términos más generales.</li>
        <li>Revisa la ortografía.</li>
        <li>
          Explora el directorio por{' '}
          <a href="/categorias" className="font-medium text-brand-700 underline hover:text-brand-600">
            categorías
          </a>
          .
        </li>
      </ul>
      <p className="mt-4 text-slate-600">Búsquedas populares:</p>
      <ExampleSearches />
      <button type="button" onClick={onStartOver} className={`${primaryButton} mt-6`}>
        Nueva búsqueda
      </button>
    </section>
  );
}
