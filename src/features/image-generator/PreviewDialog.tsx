import { useEffect, useRef, useState } from 'react';
import { Icon } from '../../components/ui/Icon.tsx';
import type { GeneratedImageView } from './image-generator.ts';
import { DownloadMenu } from './DownloadMenu.tsx';
import { ImagePlaceholder } from './GalleryCard.tsx';
import { modelName, type ImageActions } from './actions.ts';
import { actionButton, iconButton } from './styles.ts';

/** 'Ver en grande': a native modal dialog, so focus is trapped and Escape closes it. */
export function PreviewDialog({ image, actions, onClose }: { image: GeneratedImageView | null; actions: ImageActions; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [broken, setBroken] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    setBroken(false);
    if (image && !element.open) element.showModal();
    if (!image && element.open) element.close();
  }, [image]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="vista-previa-titulo"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) dialog.current.close();
      }}
      className="m-auto max-h-[95vh] w-[min(64rem,95vw)] overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/70"
    >
      {image && (
        <div className="p-4 md:p-6">
          <div className="flex items-start justify-between gap-4">
            <div>
              <h2 id="vista-previa-titulo" className="text-lg font-semibold">
                Vista previa de la imagen
              </h2>
              <p className="mt-1 flex flex-wrap gap-2 text-sm text-slate-600">
                <span className="rounded-full bg-slate-900 px-2.5 py-0.5 text-xs font-semibold text-white">{modelName(image.model)}</span>
                <span>{`${image.width}×${image.height}`}</span>
              </p>
            </div>
            <button type="button" className={iconButton} aria-label="Cerrar" onClick={() => dialog.current?.close()}>
              <Icon name="x" className="h-4 w-4" />
            </button>
          </div>
          <div className="mt-4 flex justify-center overflow-hidden rounded-xl bg-slate-100">
            {broken ? (
              <div className="aspect-square w-full max-w-md">
                <ImagePlaceholder />
              </div>
            ) : (
              <img
                src={image.resizedUrls[1600]}
                alt={image.prompt.slice(0, 125)}
                width={image.width}
                height={image.height}
                className="max-h-[60vh] w-auto object-contain"
                onError={() => setBroken(true)}
              />
            )}
          </div>
          <h3 className="mt-4 text-sm font-semibold text-slate-700">Descripción</h3>
          <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{image.prompt}</p>
          <div className="mt-4 flex flex-wrap gap-2">
            <button type="button" className={actionButton} onClick={() => actions.copyPrompt(image)}>
              <Icon name="copy" className="h-4 w-4" />
              Copiar
            </button>
            {actions.remix && (
              <button type="button" className={actionButton} onClick={() => actions.remix?.(image)}>
                <Icon name="wand" className="h-4 w-4" />
                Remix
              </button>
            )}
            <DownloadMenu
              busy={actions.downloadingId === image.id}
              formats={actions.downloadFormats}
              onDownload={(format) => actions.download(image, format)}
            />
            <button type="button" className={actionButton} onClick={() => actions.share(image)}>
              <Icon name="share" className="h-4 w-4" />
              Compartir
            </button>
            {actions.signedIn && (
              <button type="button" className={actionButton} disabled={actions.busyId === image.id} onClick={() => actions.toggleSave(image)}>
                <Icon name="heart" className={`h-4 w-4 ${image.isSaved ? 'fill-current text-rose-600' : ''}`} />
                {image.isSaved ? (actions.savedLabel ?? 'Guardado') : 'Guardar'}
              </button>
            )}
          </div>
        </div>
      )}
    </dialog>
  );
}
