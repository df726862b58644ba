import { useState } from 'react';
import { Icon } from '../../components/ui/Icon.tsx';
import { galleryDate, type GeneratedImageView } from './image-generator.ts';
import { DownloadMenu } from './DownloadMenu.tsx';
import { modelName, type ImageActions } from './actions.ts';
import { actionButton, iconButton } from './styles.ts';

/** A broken image (deleted file, offline) shows this instead. */
export function ImagePlaceholder() {
  return (
    <div className="flex h-full w-full flex-col items-center justify-center gap-2 bg-slate-100 text-slate-500">
      <Icon name="image-off" className="h-8 w-8" />
      <span className="text-sm">Imagen no disponible</span>
    </div>
  );
}

export function GalleryCard({ image, actions }: { image: GeneratedImageView; actions: ImageActions }) {
  const [broken, setBroken] = useState(false);
  const busy = actions.busyId === image.id;
  const dimensions = `${image.width}×${image.height}`;
  const savedLabel = actions.savedLabel ?? 'Guardado';
  return (
    <article
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      aria-label={`Imagen: ${image.prompt.slice(0, 80)}`}
    >
      <div className="relative aspect-square bg-slate-100">
        {broken ? (
          <ImagePlaceholder />
        ) : (
          <img
            src={image.resizedUrls[600]}
            srcSet={`${image.resizedUrls[600]} 600w, ${image.resizedUrls[900]} 900w`}
            sizes="(min-width: 1024px) 25vw, (min-width: 768px) 33vw, 100vw"
            alt={image.prompt.slice(0, 125)}
            loading="lazy"
            decoding="async"
            className="h-full w-full object-cover"
            onError={() => setBroken(true)}
          />
        )}
        <span className="absolute left-2 top-2 rounded-full bg-slate-900/80 px-2.5 py-1 text-xs font-semibold text-white">{modelName(image.model)}</span>
        {image.isSaved && (
          <span className="absolute right-2 top-2 flex h-8 w-8 items-center justify-center rounded-full bg-white/90 text-rose-600" title="Guardada">
            <Icon name="heart" className="h-4 w-4 fill-current" />
            <span className="sr-only">Guardada</span>
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <p className="line-clamp-2 text-sm text-slate-800">{image.prompt}</p>
        <p className="flex items-center justify-between text-xs text-slate-600">
          <time dateTime={image.createdAt}>{galleryDate(image.createdAt)}</time>
          <span>{dimensions}</span>
        </p>
        <div className="mt-auto flex flex-wrap items-center gap-2">
          <button type="button" className={actionButton} onClick={() => actions.preview(image)}>
            <Icon name="maximize" className="h-4 w-4" />
            Ver en grande
          </button>
          <button type="button" className={iconButton} aria-label="Copiar" title="Copiar descripción" onClick={() => actions.copyPrompt(image)}>
            <Icon name="copy" className="h-4 w-4" />
          </button>
          {actions.remix && (
            <button type="button" className={iconButton} aria-label="Remix" title="Usar esta descripción" onClick={() => actions.remix?.(image)}>
              <Icon name="wand" className="h-4 w-4" />
            </button>
          )}
          <DownloadMenu
            compact
            busy={actions.downloadingId === image.id}
            formats={actions.downloadFormats}
            onDownload={(format) => actions.download(image, format)}
          />
          <button type="button" className={iconButton} aria-label="Compartir" title="Compartir" onClick={() => actions.share(image)}>
            <Icon name="share" className="h-4 w-4" />
          </button>
          {actions.signedIn && (
            <button
              type="button"
              className={iconButton}
              aria-label={image.isSaved ? savedLabel : 'Guardar'}
              title={image.isSaved ? savedLabel : 'Guardar'}
              disabled={busy}
              onClick={() => actions.toggleSave(image)}
            >
              <Icon name="heart" className={`h-4 w-4 ${image.isSaved ? 'fill-current text-rose-600' : ''}`} />
            </button>
          )}
          {actions.remove && (
            <button type="button" className={iconButton} aria-label="Eliminar" title="Eliminar" disabled={busy} onClick={() => actions.remove?.(image)}>
              <Icon name="trash" className="h-4 w-4" />
            </button>
          )}
        </div>
      </div>
    </article>
  );
}

export function SkeletonCard() {
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white" aria-hidden="true">
      <div className="aspect-square animate-pulse bg-slate-200" />
      <div className="space-y-2 p-4">
        <div className="h-4 animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-2/3 animate-pulse rounded bg-slate-200" />
      </div>
    </div>
  );
}
