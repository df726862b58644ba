import { cx, tabClass } from '../../components/ui/styles.ts';
import type { ImageActions } from './actions.ts';
import { GalleryGrid } from './GalleryGrid.tsx';
import type { GalleryTab } from './image-generator.ts';
import type { useGeneratorGallery } from './use-generator-gallery.ts';

const TAB_LABELS: Record<GalleryTab, string> = { all: 'Todas', saved: 'Guardadas', recent: 'Recientes' };
const EMPTY_TEXTS: Record<GalleryTab, string> = {
  all: 'Todavía no has generado imágenes. Describe una escena arriba y pulsa «Generar».',
  saved: 'Aún no has guardado ninguna imagen. Pulsa el corazón de una imagen para guardarla.',
  recent: 'No has generado imágenes en las últimas 24 horas.',
};

interface Props {
  idBase: string;
  signedIn: boolean;
  state: ReturnType<typeof useGeneratorGallery>;
  actions: ImageActions;
}

/**
 * 'Tu galería' under the create card: Todas, Guardadas (signed in only) and Recientes with their counts, and the
 * cards. The tab list is its own rather than the shared Tabs: Guardadas is a disabled tab for visitors.
 */
export function GeneratorGallery({ idBase: ids, signedIn, state, actions }: Props) {
  const { tab, chooseTab, gallery } = state;
  return (
    <section aria-labelledby={`${ids}-galeria`} className="mt-12">
      <h2 id={`${ids}-galeria`} className="text-2xl font-bold tracking-tight text-slate-900">
        Tu galería
      </h2>
      <div role="tablist" aria-label="Filtrar la galería" className="mt-4 flex flex-wrap gap-2">
        {(Object.keys(TAB_LABELS) as GalleryTab[]).map((value) => {
          const selected = tab === value;
          return (
            <button
              key={value}
              type="button"
              role="tab"
              id={`${ids}-tab-${value}`}
              aria-selected={selected}
              aria-controls={`${ids}-panel`}
              disabled={value === 'saved' && !signedIn}
              onClick={() => chooseTab(value)}
              className={cx(tabClass('pills', selected), 'disabled:cursor-not-allowed disabled:opacity-60')}
            >
              {TAB_LABELS[value]} <span className={`rounded-full px-2 text-xs ${selected ? 'bg-white/20' : 'bg-slate-100'}`}>{gallery.counts[value]}</span>
            </button>
          );
        })}
      </div>
      {!signedIn && (
        <p className="mt-3 text-sm text-slate-700">
          <a href="/login" className="font-semibold text-brand-700 underline underline-offset-2">
            Inicia sesión
          </a>{' '}
          para guardar tus imágenes favoritas y verlas en Guardadas.
        </p>
      )}
      <div id={`${ids}-panel`} role="tabpanel" aria-labelledby={`${ids}-tab-${tab}`} aria-busy={gallery.status === 'loading'} className="mt-6">
        <GalleryGrid
          status={gallery.status}
          items={gallery.items}
          actions={actions}
          columns={4}
          empty={<p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">{EMPTY_TEXTS[tab]}</p>}
          more={gallery.hasMore && tab !== 'recent'}
          onRetry={state.retry}
          onMore={state.loadMore}
        />
      </div>
    </section>
  );
}
