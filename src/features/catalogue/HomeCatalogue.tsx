import { Icon } from '../../components/ui/Icon.tsx';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ToolCard } from '../../components/ui/ToolCard.tsx';
import { filterDescriptions, filterLabels, homeFilterTypes } from '../../lib/catalogue/filter-types.ts';
import type { ToolCardData } from '../../lib/tool-card.ts';
import { CategoryCombobox } from './CategoryCombobox.tsx';
import {
  DEFAULT_STATE,
  activeFilterChips,
  fetchToolPage,
  isDefaultState,
  searchFromState,
  stateFromSearch,
  type CatalogueCategory,
  type CatalogueState,
  type ToolPageData,
} from '../../lib/catalogue/tool-list-client.ts';

interface Props {
  /** The first page of 'new', rendered on the server so the first paint is the real grid. */
  initialPage: ToolPageData;
  categories: CatalogueCategory[];
}

type Status = 'ready' | 'loading' | 'loading-more' | 'error';

const SKELETON_CARDS = 6;

/**
 * The home filter bar and tool grid: state in the URL, pages from /api/tools.
 * Hydrated with client:intent, which replays an early press (see its save buttons).
 */
export default function HomeCatalogue({ initialPage, categories }: Props) {
  const [state, setState] = useState<CatalogueState>(DEFAULT_STATE);
  const [items, setItems] = useState<ToolCardData[]>(initialPage.items);
  const [page, setPage] = useState(initialPage.page);
  const [hasMore, setHasMore] = useState(initialPage.hasMore);
  const [status, setStatus] = useState<Status>('ready');
  const [error, setError] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const request = useRef<AbortController | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const focusCard = useRef<number | null>(null);

  async function run(next: CatalogueState, pageNumber: number): Promise<ToolPageData | undefined> {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    try {
      return await fetchToolPage(next, pageNumber, controller.signal);
    } catch (cause) {
      if (controller.signal.aborted) return undefined;
      setError(cause instanceof Error ? cause.message : String(cause));
      setStatus('error');
      return undefined;
    }
  }

  async function show(next: CatalogueState, options: { writeUrl: boolean }) {
    setState(next);
    setError('');
    if (options.writeUrl) {
      const url = `${location.pathname}${searchFromState(next, location.search)}${location.hash}`;
      history.replaceState(history.state, '', url);
    }
    if (isDefaultState(next)) {
      // The baked first page is exactly what the endpoint would answer.
      request.current?.abort();
      setItems(initialPage.items);
      setPage(initialPage.page);
      setHasMore(initialPage.hasMore);
      setStatus('ready');
      setAnnouncement(`Se muestran ${initialPage.items.length} herramientas.`);
      return;
    }
    // Cards of the previous choice must not linger under the new one, not even after a failure.
    setItems([]);
    setHasMore(false);
    setStatus('loading');
    setAnnouncement('Cargando herramientas...');
    const result = await run(next, 1);
    if (!result) return;
    setItems(result.items);
    setPage(result.page);
    setHasMore(result.hasMore);
    setStatus('ready');
    setAnnouncement(result.items.length ? `Se muestran ${result.items.length} herramientas.` : 'Sin resultados.');
  }

  async function loadMore() {
    if (status === 'loading' || status === 'loading-more') return;
    setError('');
    setStatus('loading-more');
    const result = await run(state, page + 1);
    if (!result) return;
    focusCard.current = items.length;
    setItems((current) => [...current, ...result.items]);
    setPage(result.page);
    setHasMore(result.hasMore);
    setStatus('ready');
    setAnnouncement(`Se han cargado ${result.items.length} herramientas más.`);
  }

  // A shared or reloaded address asks for its own first page.
  useEffect(() => {
    const fromUrl = stateFromSearch(location.search, categories);
    // The address is outside React and unknown to the prerendered HTML: it can only be read after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (!isDefaultState(fromUrl)) void show(fromUrl, { writeUrl: true });
    return () => request.current?.abort();
    // Only on hydration: later changes come from the controls themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // After "load more", focus moves to the first new card so keyboard users continue where they were.
  useEffect(() => {
    if (focusCard.current === null) return;
    const link = listRef.current?.children[focusCard.current]?.querySelector<HTMLElement>('h3 a');
    focusCard.current = null;
    link?.focus();
  }, [items]);

  const active = !isDefaultState(state);
  const chips = activeFilterChips(state, categories);
  const clear = () => void show(DEFAULT_STATE, { writeUrl: true });

  return (
    <div>
      <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:flex-row md:items-center md:justify-between">
        <CategoryCombobox categories={categories} value={state.category} onChange={(category) => void show({ ...state, category }, { writeUrl: true })} />
        <div role="group" aria-label="Filtrar herramientas" className="flex flex-wrap gap-2">
          {homeFilterTypes.map((filter, index) => {
            const pressed = state.filter === filter;
            const tooltip = `filtro-${filter}-ayuda`;
            // The last filters sit at the right edge: their tooltips open leftwards, inside the page.
            const edge = index >= homeFilterTypes.length - 2 ? 'right-0' : 'left-1/2 -translate-x-1/2';
            return (
              // Tooltips open after 700 ms; keyboard focus shows them too. A closed one has no size, so it
              // never widens the page.
              <span key={filter} className="group relative">
                <button
                  type="button"
                  aria-pressed={pressed}
                  aria-describedby={tooltip}
                  onClick={() => pressed || void show({ ...state, filter }, { writeUrl: true })}
                  className={`h-9 rounded-full px-4 text-sm font-medium transition ${
                    pressed ? 'bg-brand-600 text-white shadow-sm' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'
                  }`}
                >
                  {filterLabels[filter]}
                </button>
                <span
                  role="tooltip"
                  id={tooltip}
                  className={`pointer-events-none invisible absolute ${edge} top-full z-20 mt-2 h-0 w-0 overflow-hidden rounded-lg bg-slate-900 text-xs leading-snug text-white opacity-0 shadow-lg transition-opacity delay-0 group-hover:visible group-hover:h-auto group-hover:w-60 group-hover:px-3 group-hover:py-2 group-hover:opacity-100 group-hover:delay-700 group-has-[:focus-visible]:visible group-has-[:focus-visible]:h-auto group-has-[:focus-visible]:w-60 group-has-[:focus-visible]:px-3 group-has-[:focus-visible]:py-2 group-has-[:focus-visible]:opacity-100`}
                >
                  {filterDescriptions[filter]}
                </span>
              </span>
            );
          })}
        </div>
      </div>

      {active && (
        <div className="mt-4 flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium text-slate-700">Filtros activos:</span>
          {chips.map((chip) => (
            <span key={chip} className="rounded-full bg-brand-50 px-3 py-1 font-medium text-brand-700">
              {chip}
            </span>
          ))}
          <button
            type="button"
            onClick={clear}
            className="ml-auto inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-100"
          >
            <Icon name="rotate-ccw" className="h-4 w-4" aria-hidden="true" />
            Limpiar filtros
          </button>
        </div>
      )}

      <p role="status" className="sr-only">
        {announcement}
      </p>

      <div className="mt-6" aria-busy={status === 'loading'}>
        {status === 'loading' ? (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true" data-testid="esqueletos">
            {Array.from({ length: SKELETON_CARDS }, (_, index) => (
              <li key={index} className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
                <div className="aspect-video animate-pulse bg-slate-200" />
                <div className="space-y-3 p-4">
                  <div className="h-4 w-2/3 animate-pulse rounded bg-slate-200" />
                  <div className="h-3 w-full animate-pulse rounded bg-slate-100" />
                  <div className="h-3 w-5/6 animate-pulse rounded bg-slate-100" />
                </div>
              </li>
            ))}
          </ul>
        ) : status === 'error' && items.length === 0 ? (
          <Empty title="No se pudieron cargar las herramientas" text={error}>
            <button type="button" onClick={() => void show(state, { writeUrl: false })} className={primaryButton}>
              <Icon name="rotate-ccw" className="h-4 w-4" aria-hidden="true" /> Reintentar
            </button>
          </Empty>
        ) : items.length === 0 ? (
          active ? (
            <Empty title="Sin resultados" text="Intenta ajustar tus filtros de búsqueda para encontrar más resultados.">
              <button type="button" onClick={clear} className={primaryButton}>
                <Icon name="rotate-ccw" className="h-4 w-4" aria-hidden="true" /> Limpiar filtros
              </button>
            </Empty>
          ) : (
            <Empty title="No hay herramientas disponibles" text="Todavía no se ha publicado ninguna herramienta.">
              <a href="/publicar" className={primaryButton}>
                <Icon name="plus" className="h-4 w-4" aria-hidden="true" /> Agregar herramienta
              </a>
            </Empty>
          )
        ) : (
          <>
            <ul ref={listRef} className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((tool, index) => (
                <li key={tool.id}>
                  <ToolCard tool={tool} eager={index < 3} saveEnabledBeforeHydration />
                </li>
              ))}
            </ul>
            {status === 'error' && (
              <p role="alert" className="mt-6 text-center text-sm font-medium text-red-700">
                {error}
              </p>
            )}
            {hasMore && (
              <div className="mt-8 flex justify-center">
                <button
                  type="button"
                  onClick={() => void loadMore()}
                  aria-disabled={status === 'loading-more'}
                  className="inline-flex h-11 items-center gap-2 rounded-xl border border-slate-300 bg-white px-6 text-sm font-semibold text-slate-800 shadow-sm hover:border-brand-500 hover:text-brand-700 aria-disabled:cursor-wait aria-disabled:opacity-70"
                >
                  {status === 'loading-more' && <Icon name="loader" className="h-4 w-4 animate-spin" aria-hidden="true" />}
                  {status === 'loading-more' ? 'Cargando más herramientas...' : 'Cargar Más Herramientas'}
                </button>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}

const primaryButton = 'inline-flex items-center gap-2 rounded-xl bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700';

function Empty({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <Icon name="search-x" className="h-10 w-10 text-slate-400" aria-hidden="true" />
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
      <p className="mt-2 max-w-md text-sm text-slate-600">{text}</p>
      <div className="mt-6">{children}</div>
    </div>
  );
}
