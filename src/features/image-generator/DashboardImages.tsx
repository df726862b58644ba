import { Heart, Images, LoaderCircle, Search } from 'lucide-react';
import { useCallback, useEffect, useId, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { buttonClass, controlClass, cx } from '../../components/ui/styles.ts';
import { TabPanel, Tabs } from '../../components/ui/Tabs.tsx';
import { ApiError, deleteImage, fetchGallery, toggleSaved } from './api.ts';
import { copyPrompt, savedToast, share, type ImageActions } from './actions.ts';
import { downloadImage } from './browser.ts';
import { GalleryCard, SkeletonCard } from './GalleryCard.tsx';
import {
  DASHBOARD_DOWNLOAD_NAME_CHARS,
  DELETE_FAILED_MESSAGE,
  DOWNLOAD_FORMATS,
  GALLERY_SEARCH_MAX,
  GALLERY_SKELETONS,
  GALLERY_SORT_LABELS,
  GALLERY_SORTS,
  UPDATE_FAILED_MESSAGE,
  type GallerySort,
  type GeneratedImageView,
} from './image-generator.ts';
import { PreviewDialog } from './PreviewDialog.tsx';
import { useGallery } from './use-gallery.ts';
import { showToast } from '../../components/toast/toast-store.ts';
import { confirmAction } from '../../components/confirm-dialog.ts';
import { formatCount } from '../../lib/dashboard.ts';

type Tab = 'all' | 'saved';

const TABS: Record<Tab, string> = { all: 'Todas las Imágenes', saved: 'Guardadas' };
/** The images pages download a PNG named from the prompt's first 30 characters. */
const PNG_ONLY = [DOWNLOAD_FORMATS[0]] as const;
const REMOVE_FAILED_MESSAGE = 'No se pudo remover la imagen.';
const SEARCH_DELAY_MS = 300;

const errorToast = (description: string) => showToast({ title: 'Error', description, variant: 'destructive' });

/** 'Imágenes' of the dashboard: the generator's own cards and preview, with a search, an order and two tabs. */
export default function DashboardImages() {
  const ids = useId();
  const [tab, setTab] = useState<Tab>('all');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<GallerySort>('newest');
  const gallery = useGallery('first-load');
  const { items, counts, setCounts, page, setPage, hasMore, status, busyId, setBusyId, downloadingId, setDownloadingId, preview, setPreview, replace, forget } =
    gallery;
  const loadPage = gallery.load;

  const load = useCallback(
    (next: { tab: Tab; search: string; sort: GallerySort; page: number }, append = false) =>
      loadPage((signal) => fetchGallery(next.tab, next.page, '', signal, { search: next.search, sort: next.sort }), next.page, append ? 'append' : 'replace'),
    [loadPage],
  );

  // Search and order belong to 'Todas las Imágenes'; Guardadas lists what was saved, last saved first.
  const query = tab === 'all' ? search : '';
  const order: GallerySort = tab === 'all' ? sort : 'newest';

  // The first page loads on mount and again whenever the tab, the order or the (settled) search changes.
  useEffect(() => {
    const timer = setTimeout(() => void load({ tab, search: query, sort: order, page: 1 }), query ? SEARCH_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [tab, query, order, load]);

  /** The tab counts follow every save and delete without reloading the cards on screen. */
  async function refreshCounts() {
    try {
      setCounts((await fetchGallery(tab, 1, '', undefined, { search: query, sort: order })).counts);
    } catch {
      // A courtesy: the next load corrects them.
    }
  }

  const actions: ImageActions = {
    signedIn: true,
    busyId,
    downloadingId,
    preview: setPreview,
    savedLabel: 'Remover de favoritos',
    downloadFormats: PNG_ONLY,
    copyPrompt,
    async download(image, format) {
      setDownloadingId(image.id);
      try {
        await downloadImage(image.imageUrl, image.prompt, format, { nameChars: DASHBOARD_DOWNLOAD_NAME_CHARS });
        showToast({ title: '¡Imagen descargada!', description: 'La imagen se ha guardado en tu dispositivo.' });
      } catch {
        errorToast('No se pudo descargar la imagen.');
      } finally {
        setDownloadingId(null);
      }
    },
    share,
    async toggleSave(image) {
      const removing = image.isSaved;
      if (
        removing &&
        !(await confirmAction({
          title: '¿Remover de favoritos?',
          description: 'La imagen saldrá de tus guardadas; seguirá en «Todas las Imágenes».',
          confirmLabel: 'Remover',
        }))
      )
        return;
      setBusyId(image.id);
      try {
        const { saved } = await toggleSaved(image.id, removing ? REMOVE_FAILED_MESSAGE : UPDATE_FAILED_MESSAGE);
        if (tab === 'saved' && !saved) forget(image);
        else replace({ ...image, isSaved: saved });
        savedToast(saved);
        void refreshCounts();
      } catch (error) {
        errorToast(error instanceof ApiError ? error.message : removing ? REMOVE_FAILED_MESSAGE : UPDATE_FAILED_MESSAGE);
      } finally {
        setBusyId(null);
      }
    },
    ...(tab === 'all'
      ? {
          async remove(image: GeneratedImageView) {
            if (
              !(await confirmAction({
                title: '¿Eliminar imagen?',
                description: 'La imagen y su archivo se borrarán para siempre. No se puede deshacer.',
                confirmLabel: 'Eliminar',
              }))
            )
              return;
            setBusyId(image.id);
            try {
              await deleteImage(image.id, '', DELETE_FAILED_MESSAGE);
              forget(image);
              showToast({ title: '¡Imagen eliminada!', description: 'La imagen se ha eliminado de tu galería.' });
              void refreshCounts();
            } catch {
              errorToast(DELETE_FAILED_MESSAGE);
            } finally {
              setBusyId(null);
            }
          },
        }
      : {}),
  };

  function chooseTab(next: Tab) {
    if (next === tab) return;
    setTab(next);
    setPage(1);
  }

  if (status === 'first-load') {
    return (
      <p role="status" className="flex items-center gap-2 rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">
        <LoaderCircle className="h-5 w-5 animate-spin text-brand-600" aria-hidden="true" />
        Cargando Dashboard
      </p>
    );
  }

  const searching = query.trim().length > 0;

  return (
    <div>
      <section aria-label="Tus imágenes en cifras" className="grid gap-4 sm:grid-cols-2">
        <Card as="article" padding="lg" aria-labelledby={`${ids}-total`}>
          <div className="flex items-center justify-between text-sm font-medium text-slate-600">
            <h2 id={`${ids}-total`}>Imágenes generadas</h2>
            <Images className="h-5 w-5 text-brand-600" aria-hidden="true" />
          </div>
          <p className="mt-2 text-3xl font-bold tabular-nums text-slate-900">{formatCount(counts.all)}</p>
        </Card>
        <Card as="article" padding="lg" aria-labelledby={`${ids}-guardadas`}>
          <div className="flex items-center justify-between text-sm font-medium text-slate-600">
            <h2 id={`${ids}-guardadas`}>Imágenes guardadas</h2>
            <Heart className="h-5 w-5 text-rose-600" aria-hidden="true" />
          </div>
          <p className="mt-2 text-3xl font-bold tabular-nums text-slate-900">{formatCount(counts.saved)}</p>
        </Card>
      </section>

      <Tabs
        label="Tus imágenes"
        idBase={ids}
        value={tab}
        onChange={chooseTab}
        className="mt-8"
        tabs={(Object.keys(TABS) as Tab[]).map((value) => ({
          value,
          label: (
            <>
              {TABS[value]}{' '}
              <span className={`rounded-full px-2 text-xs ${value === tab ? 'bg-white/20' : 'bg-slate-100'}`}>
                {value === 'all' ? counts.all : counts.saved}
              </span>
            </>
          ),
        }))}
      />

      <TabPanel idBase={ids} value={tab} aria-busy={status === 'loading'} className="mt-5">
        {tab === 'all' && (
          <div className="mb-5 grid gap-3 md:grid-cols-[1fr_14rem]">
            <div className="relative">
              <label htmlFor={`${ids}-buscar`} className="sr-only">
                Buscar por descripción
              </label>
              <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
              <input
                id={`${ids}-buscar`}
                type="search"
                value={search}
                maxLength={GALLERY_SEARCH_MAX}
                placeholder="Buscar por descripción"
                onChange={(event) => setSearch(event.target.value)}
                className={cx(controlClass(), 'pl-9')}
              />
            </div>
            <div>
              <label htmlFor={`${ids}-orden`} className="sr-only">
                Ordenar
              </label>
              <select id={`${ids}-orden`} value={sort} onChange={(event) => setSort(event.target.value as GallerySort)} className={controlClass()}>
                {GALLERY_SORTS.map((value) => (
                  <option key={value} value={value}>
                    {GALLERY_SORT_LABELS[value]}
                  </option>
                ))}
              </select>
            </div>
          </div>
        )}

        {status === 'loading' && (
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: GALLERY_SKELETONS }, (_, index) => (
              <SkeletonCard key={index} />
            ))}
          </div>
        )}
        {status === 'error' && (
          <div className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900">
            <p>No se pudieron cargar tus imágenes.</p>
            <button
              type="button"
              onClick={() => void load({ tab, search: query, sort: order, page: 1 })}
              className="mt-3 font-semibold underline underline-offset-2"
            >
              Reintentar
            </button>
          </div>
        )}
        {(status === 'ready' || status === 'loading-more') &&
          items.length === 0 &&
          (tab === 'all' && searching ? (
            <EmptyState
              action={
                <button type="button" onClick={() => setSearch('')} className="font-semibold text-brand-700 underline underline-offset-2">
                  Limpiar búsqueda
                </button>
              }
            >
              Ninguna imagen coincide con «{search.trim()}».
            </EmptyState>
          ) : (
            <EmptyState
              action={
                <a href="/generador-de-imagenes" className={buttonClass({ variant: 'primary' })}>
                  Ir al generador de imágenes
                </a>
              }
            >
              {tab === 'all' ? 'Todavía no has generado imágenes.' : 'Aún no has guardado ninguna imagen. Pulsa el corazón de una imagen para guardarla.'}
            </EmptyState>
          ))}
        {(status === 'ready' || status === 'loading-more') && items.length > 0 && (
          <>
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((image) => (
                <li key={image.id}>
                  <GalleryCard image={image} actions={actions} />
                </li>
              ))}
            </ul>
            {hasMore && (
              <div className="mt-8 flex justify-center">
                <Button
                  variant="secondary"
                  size="lg"
                  disabled={status === 'loading-more'}
                  onClick={() => void load({ tab, search: query, sort: order, page: page + 1 }, true)}
                >
                  {status === 'loading-more' && <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />}
                  {status === 'loading-more' ? 'Cargando más imágenes...' : 'Ver más imágenes'}
                </Button>
              </div>
            )}
          </>
        )}
      </TabPanel>
      <PreviewDialog image={preview} actions={actions} onClose={() => setPreview(null)} />
    </div>
  );
}
