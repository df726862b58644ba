import { LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { buttonClass } from '../../components/ui/styles.ts';
import { TabPanel, Tabs } from '../../components/ui/Tabs.tsx';
import { GalleryFilters } from './GalleryFilters.tsx';
import { GalleryGrid } from './GalleryGrid.tsx';
import { ImageStats } from './ImageStats.tsx';
import { PreviewDialog } from './PreviewDialog.tsx';
import { useDashboardGallery, type DashboardTab } from './use-dashboard-gallery.ts';

const TABS: Record<DashboardTab, string> = { all: 'Todas las Imágenes', saved: 'Guardadas' };

/** 'Imágenes' of the dashboard: the generator's own cards and preview, with a search, an order and two tabs. */
export default function DashboardImages() {
  const ids = useId();
  const state = useDashboardGallery();
  const { tab, search, setSearch, gallery } = state;
  const { counts, status, preview, setPreview } = gallery;

  if (status === 'first-load') {
    return (
      <p role="status" className="flex items-center gap-2 rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">
        <LoaderCircle className="h-5 w-5 animate-spin text-brand-600" aria-hidden="true" />
        Cargando Dashboard
      </p>
    );
  }

  const empty =
    tab === 'all' && state.query.trim().length > 0 ? (
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
    );

  return (
    <div>
      <ImageStats idBase={ids} counts={counts} />
      <Tabs
        label="Tus imágenes"
        idBase={ids}
        value={tab}
        onChange={state.chooseTab}
        className="mt-8"
        tabs={(Object.keys(TABS) as DashboardTab[]).map((value) => ({
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
        {tab === 'all' && <GalleryFilters idBase={ids} search={search} onSearch={setSearch} sort={state.sort} onSort={state.setSort} />}
        <GalleryGrid
          status={status}
          items={gallery.items}
          actions={state.actions}
          columns={3}
          empty={empty}
          more={gallery.hasMore}
          onRetry={state.retry}
          onMore={state.loadMore}
        />
      </TabPanel>
      <PreviewDialog image={preview} actions={state.actions} onClose={() => setPreview(null)} />
    </div>
  );
}
