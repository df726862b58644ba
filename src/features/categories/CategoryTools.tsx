import { LayoutGrid, List, Search, Star } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { countLabel } from './categories.ts';
import { categorySorts, matchesQuery, searchableText, sortCategoryTools, type CategorySort, type CategoryTool } from './category-tools.ts';
import { ToolCard } from '../../components/ui/ToolCard.tsx';
import { ToolRow } from './ToolRow.tsx';

interface Props {
  categoryName: string;
  tools: CategoryTool[];
}

type View = 'grid' | 'list';

const views: { value: View; label: string; Icon: typeof LayoutGrid }[] = [
  { value: 'grid', label: 'Cuadrícula', Icon: LayoutGrid },
  { value: 'list', label: 'Lista', Icon: List },
];

/** Search, sort and grid/list view over a category's tools, all of which the page already carries (SPEC §2 Category). */
export default function CategoryTools({ categoryName, tools }: Props) {
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<CategorySort>('newest');
  const [view, setView] = useState<View>('grid');
  const deferredQuery = useDeferredValue(query);

  const indexed = useMemo(() => tools.map((tool) => ({ tool, text: searchableText(tool) })), [tools]);
  const matching = useMemo(() => indexed.filter((entry) => matchesQuery(entry.text, deferredQuery)).map((entry) => entry.tool), [indexed, deferredQuery]);
  const sorted = useMemo(() => sortCategoryTools(matching, sort), [matching, sort]);
  const featured = useMemo(
    () =>
      sortCategoryTools(
        tools.filter((tool) => tool.isFeatured),
        'newest',
      ),
    [tools],
  );
  const searching = deferredQuery.trim() !== '';

  const list = (items: CategoryTool[], eagerFirst: boolean) =>
    view === 'grid' ? (
      <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-view="grid">
        {items.map((tool, index) => (
          <li key={tool.id}>
            <ToolCard tool={tool} eager={eagerFirst && index < 3} />
          </li>
        ))}
      </ul>
    ) : (
      <ul className="mt-5 flex flex-col gap-3" data-view="list">
        {items.map((tool) => (
          <li key={tool.id}>
            <ToolRow tool={tool} />
          </li>
        ))}
      </ul>
    );

  return (
    <div>
      <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm md:flex-row md:items-center">
        <form role="search" className="relative flex-1" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor="buscar-en-categoria" className="sr-only">
            Buscar en {categoryName}
          </label>
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
          <input
            id="buscar-en-categoria"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={`Buscar en ${categoryName}...`}
            autoComplete="off"
            className="w-full rounded-lg border border-slate-300 py-2.5 pl-9 pr-3 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
          />
        </form>
        <div className="flex items-center gap-3">
          <label htmlFor="ordenar" className="sr-only whitespace-nowrap text-sm font-medium text-slate-700 sm:not-sr-only">
            Ordenar por
          </label>
          <select
            id="ordenar"
            value={sort}
            onChange={(event) => setSort(event.target.value as CategorySort)}
            className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white py-2.5 pl-3 pr-8 text-sm text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 md:flex-none"
          >
            {categorySorts.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <div className="flex shrink-0 rounded-lg border border-slate-300 p-0.5" role="group" aria-label="Vista">
            {views.map(({ value, label, Icon }) => (
              <button
                key={value}
                type="button"
                aria-pressed={view === value}
                onClick={() => setView(value)}
                className={`inline-flex items-center gap-1.5 rounded-md px-2.5 py-2 text-sm font-medium transition ${
                  view === value ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'
                }`}
              >
                <Icon className="h-4 w-4" aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">{label}</span>
              </button>
            ))}
          </div>
        </div>
      </div>

      {featured.length > 0 && !searching && (
        <section className="mt-10" aria-labelledby="destacadas">
          <h2 id="destacadas" className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900">
            <Star className="h-5 w-5 fill-amber-400 text-amber-500" aria-hidden="true" /> Destacadas
          </h2>
          <p className="mt-1 text-slate-600">Herramientas de {categoryName} seleccionadas por el equipo editorial.</p>
          {list(featured, true)}
        </section>
      )}

      <section className="mt-10" aria-labelledby="todas-las-herramientas">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="todas-las-herramientas" className="text-2xl font-bold tracking-tight text-slate-900">
            {searching ? 'Resultados' : 'Todas las herramientas'}
          </h2>
          <p className="text-sm text-slate-600" aria-live="polite">
            {searching ? `${countLabel(sorted.length, 'resultado', 'resultados')} de ${tools.length}` : countLabel(tools.length, 'herramienta', 'herramientas')}
          </p>
        </div>
        {sorted.length > 0 ? (
          list(sorted, featured.length === 0)
        ) : (
          <div className="mt-5 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
            <p className="font-semibold text-slate-900">Sin resultados</p>
            <p className="mt-1 text-sm text-slate-600">
              {searching
                ? `Ninguna herramienta de ${categoryName} coincide con «${deferredQuery.trim()}».`
                : `Todavía no hay herramientas publicadas en ${categoryName}.`}
            </p>
            {searching && (
              <button
                type="button"
                onClick={() => setQuery('')}
                className="mt-4 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
              >
                Borrar búsqueda
              </button>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
