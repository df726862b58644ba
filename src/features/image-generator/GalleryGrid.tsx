import type { ReactNode } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Icon } from '../../components/ui/Icon.tsx';
import type { ImageActions } from './actions.ts';
import { GalleryCard, SkeletonCard } from './GalleryCard.tsx';
import { GALLERY_SKELETONS, type GeneratedImageView } from './image-generator.ts';
import type { GalleryStatus } from './use-gallery.ts';

/** Four columns on the generator's wide page, three beside the dashboard's sidebar. */
const COLUMNS = {
  4: 'grid gap-5 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4',
  3: 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3',
} as const;

interface Props {
  status: GalleryStatus;
  items: GeneratedImageView[];
  actions: ImageActions;
  columns: keyof typeof COLUMNS;
  /** What an empty list says (and offers). */
  empty: ReactNode;
  /** Whether 'Ver más imágenes' is offered. */
  more: boolean;
  onRetry(): void;
  onMore(): void;
}

/** The cards of both galleries (the generator's and the dashboard's): loading, error, empty, the grid and 'Ver más'. */
export function GalleryGrid({ status, items, actions, columns, empty, more, onRetry, onMore }: Props) {
  const shown = status === 'ready' || status === 'loading-more';
  return (
    <>
      {status === 'loading' && (
        <div className={COLUMNS[columns]}>
          {Array.from({ length: GALLERY_SKELETONS }, (_, index) => (
            <SkeletonCard key={index} />
          ))}
        </div>
      )}
      {status === 'error' && (
        <div className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900">
          <p>No se pudieron cargar tus imágenes.</p>
          <button type="button" onClick={onRetry} className="mt-3 font-semibold underline underline-offset-2">
            Reintentar
          </button>
        </div>
      )}
      {shown && items.length === 0 && empty}
      {shown && items.length > 0 && (
        <>
          <ul className={COLUMNS[columns]}>
            {items.map((image) => (
              <li key={image.id}>
                <GalleryCard image={image} actions={actions} />
              </li>
            ))}
          </ul>
          {more && (
            <div className="mt-8 flex justify-center">
              <Button variant="secondary" size="lg" disabled={status === 'loading-more'} onClick={onMore}>
                {status === 'loading-more' && <Icon name="loader" className="h-4 w-4 animate-spin" />}
                {status === 'loading-more' ? 'Cargando más imágenes...' : 'Ver más imágenes'}
              </Button>
            </div>
          )}
        </>
      )}
    </>
  );
}
