import { BadgeCheck, BookmarkX, ExternalLink, LoaderCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { CategoryIcon } from '../../components/ui/CategoryIcon.tsx';
import { buttonClass } from '../../components/ui/styles.ts';
import { toolPath } from '../../lib/tool-card.ts';
import { requestSaveChange, saveToasts } from '../../components/saves/saved-tools.ts';
import { showToast } from '../../components/toast/toast-store.ts';
import { SAVED_REFETCH_DELAY_MS, formatCount, type SavedToolView, type SavedToolsPage } from '../../lib/dashboard.ts';

async function fetchSavedPage(page: number): Promise<SavedToolsPage> {
  const response = await fetch(`/api/dashboard/saved?page=${page}`, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as SavedToolsPage;
}

/** 'Guardados': the first page comes from the server; more pages and removals live here. */
export default function SavedTools({ initial }: { initial: SavedToolsPage }) {
  const [items, setItems] = useState(initial.items);
  const [total, setTotal] = useState(initial.total);
  const [pages, setPages] = useState(1);
  const [hasMore, setHasMore] = useState(initial.hasMore);
  const [loadingMore, setLoadingMore] = useState(false);
  const [removing, setRemoving] = useState<ReadonlySet<string>>(() => new Set());
  const refetchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const countRef = useRef<HTMLParagraphElement>(null);

  /** The list is read again 500 ms after an unsave, every page shown so far. */
  function scheduleRefetch(loadedPages: number) {
    clearTimeout(refetchTimer.current);
    refetchTimer.current = setTimeout(async () => {
      try {
        const results = await Promise.all(Array.from({ length: loadedPages }, (_, index) => fetchSavedPage(index + 1)));
        const last = results.at(-1)!;
        setItems(results.flatMap((result) => result.items));
        setTotal(last.total);
        setHasMore(last.hasMore);
      } catch {
        // The list already shows the removal; the next page load corrects anything else.
      }
    }, SAVED_REFETCH_DELAY_MS);
  }

  async function loadMore() {
    setLoadingMore(true);
    try {
      const next = await fetchSavedPage(pages + 1);
      // A tool saved meanwhile shifts the pages: nothing is shown twice.
      setItems((current) => [...current, ...next.items.filter((item) => !current.some((shown) => shown.id === item.id))]);
      setTotal(next.total);
      setHasMore(next.hasMore);
      setPages(pages + 1);
    } catch {
      showToast({ title: 'Error', description: 'No se pudieron cargar más herramientas.', variant: 'destructive' });
    } finally {
      setLoadingMore(false);
    }
  }

  async function remove(tool: SavedToolView) {
    setRemoving((current) => new Set(current).add(tool.id));
    const status = await requestSaveChange(tool.id, false);
    setRemoving((current) => {
      const next = new Set(current);
      next.delete(tool.id);
      return next;
    });
    if (status !== 200) {
      showToast(saveToasts.removeFailed);
      return;
    }
    setItems((current) => current.filter((item) => item.id !== tool.id));
    setTotal((current) => Math.max(current - 1, 0));
    showToast(saveToasts.removed);
    // The removed card had the focus: the count keeps the keyboard user's place.
    countRef.current?.focus();
    scheduleRefetch(pages);
  }

  if (items.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <h2 className="text-lg font-semibold text-slate-900">Aún no has guardado ninguna herramienta</h2>
        <p className="mt-2 text-slate-600">Pulsa «Guardar» en cualquier herramienta del directorio y la tendrás aquí.</p>
        <a href="/" className="mt-4 inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          Explorar herramientas
        </a>
      </div>
    );
  }

  return (
    <div>
      <p ref={countRef} tabIndex={-1} className="text-sm text-slate-600" aria-live="polite">
        {total === 1 ? '1 herramienta guardada' : `${formatCount(total)} herramientas guardadas`}
      </p>
      <ul className="mt-4 grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
        {items.map((tool) => (
          <li key={tool.id}>
            <SavedToolCard tool={tool} busy={removing.has(tool.id)} onRemove={() => void remove(tool)} />
          </li>
        ))}
      </ul>
      {hasMore && (
        <div className="mt-8 flex justify-center">
          <Button variant="outline" size="sm" onClick={() => void loadMore()} disabled={loadingMore}>
            {loadingMore && <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />}
            {loadingMore ? 'Cargando más herramientas...' : 'Cargar más herramientas'}
          </Button>
        </div>
      )}
    </div>
  );
}

function SavedToolCard({ tool, busy, onRemove }: { tool: SavedToolView; busy: boolean; onRemove: () => void }) {
  const [broken, setBroken] = useState(false);
  const color = tool.category?.color ?? '#3B82F6';
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" aria-labelledby={`guardado-${tool.id}`}>
      <div className="relative aspect-video">
        <div
          className="absolute inset-0 flex items-center justify-center"
          style={{ backgroundImage: `linear-gradient(135deg, ${color}, ${color}99 55%, #0f172a)` }}
        >
          <CategoryIcon name={tool.category?.icon ?? 'sparkles'} className="h-12 w-12 text-white/90 drop-shadow" />
        </div>
        {tool.imageUrl && !broken && (
          <img
            src={tool.imageUrl}
            alt={`Imagen de ${tool.title}`}
            loading="lazy"
            decoding="async"
            onError={() => setBroken(true)}
            className="absolute inset-0 h-full w-full object-cover"
          />
        )}
        <div className="absolute top-2 left-2 flex gap-1.5">
          {tool.isFeatured && <span className="rounded-full bg-amber-400 px-2.5 py-0.5 text-xs font-semibold text-amber-950">Destacado</span>}
          {tool.isPopular && <span className="rounded-full bg-rose-600 px-2.5 py-0.5 text-xs font-semibold text-white">Popular</span>}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-center gap-2">
          {tool.logoUrl && (
            <img src={tool.logoUrl} alt="" width={28} height={28} loading="lazy" className="h-7 w-7 rounded-md object-contain" data-hide-on-error />
          )}
          <h2 id={`guardado-${tool.id}`} className="min-w-0 truncate text-base font-semibold text-slate-900">
            {tool.title}
          </h2>
          {tool.isVerified && (
            <span className="inline-flex shrink-0 items-center text-sky-700" title="Verificado">
              <BadgeCheck className="h-4 w-4" aria-hidden="true" />
              <span className="sr-only">Verificado</span>
            </span>
          )}
        </div>
        <p className="text-xs font-medium text-brand-700">{tool.category?.name ?? 'Sin categoría'}</p>
        <p className="line-clamp-3 text-sm text-slate-600">{tool.description}</p>
        <p className="text-xs text-slate-600">Por {tool.author}</p>
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
          <a href={toolPath(tool)} className={buttonClass({ variant: 'outline', size: 'sm' })}>
            Ver detalles
            <span className="sr-only"> de {tool.title}</span>
          </a>
          {tool.url && (
            <a href={tool.url} target="_blank" rel="noopener nofollow" data-view-tool={tool.id} className={buttonClass({ variant: 'outline', size: 'sm' })}>
              Visitar
              <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
              <span className="sr-only">{tool.title} (se abre en una pestaña nueva)</span>
            </a>
          )}
          <Button variant="outline" size="sm" onClick={onRemove} disabled={busy} aria-busy={busy || undefined} className="ml-auto">
            {busy ? <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" /> : <BookmarkX className="h-4 w-4" aria-hidden="true" />}
            Quitar
            <span className="sr-only"> {tool.title} de guardados</span>
          </Button>
        </div>
      </div>
    </article>
  );
}
