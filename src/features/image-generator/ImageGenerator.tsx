import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { Icon } from '../../components/ui/Icon.tsx';
import { useHydrated } from '../../components/ui/use-hydrated.ts';
import { useTextTypedBeforeHydration } from '../../components/ui/use-text-typed-before-hydration.ts';
import {
  DEFAULT_IMAGE_MODEL,
  DEFAULT_IMAGE_SIZE,
  IMAGE_COUNT_MAX,
  IMAGE_COUNT_MIN,
  IMAGE_MODELS,
  IMAGE_SIZE_GROUPS,
  PROMPT_DISPLAY_LIMIT,
  PROMPT_WARNING_LENGTH,
  type ImageModel,
  type ImageSize,
} from '../../lib/ai-options.ts';
import {
  DELETE_FAILED_MESSAGE,
  GALLERY_SKELETONS,
  GENERATION_FAILED_MESSAGE,
  UPDATE_FAILED_MESSAGE,
  imageGenerationInput,
  type DownloadFormat,
  type GalleryTab,
} from './image-generator.ts';
import { anonymousSessionId } from '../../lib/visitor/visitor-session.ts';
import { sessionUser } from '../../components/account/session-store.ts';
import { showToast } from '../../components/toast/toast-store.ts';
import { ApiError, deleteImage, fetchGallery, requestImages, toggleSaved } from './api.ts';
import { downloadImage } from './browser.ts';
import { GalleryCard, SkeletonCard } from './GalleryCard.tsx';
import { PreviewDialog } from './PreviewDialog.tsx';
import { useGallery, type GalleryLoad } from './use-gallery.ts';
import { copyPrompt, savedToast, share, type ImageActions } from './actions.ts';

const TAB_LABELS: Record<GalleryTab, string> = { all: 'Todas', saved: 'Guardadas', recent: 'Recientes' };
const EMPTY_TEXTS: Record<GalleryTab, string> = {
  all: 'Todavía no has generado imágenes. Describe una escena arriba y pulsa «Generar».',
  saved: 'Aún no has guardado ninguna imagen. Pulsa el corazón de una imagen para guardarla.',
  recent: 'No has generado imágenes en las últimas 24 horas.',
};

const errorToast = (message: string) => showToast({ title: 'Error', description: message, variant: 'destructive' });
const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);
const plural = (count: number) => (count === 1 ? '1 imagen' : `${count} imágenes`);

/** The image generator: the create card and the visitor's gallery, one island sharing the prompt. */
export default function ImageGenerator() {
  const user = useStore(sessionUser);
  const hydrated = useHydrated();
  // The first render matches the prerendered (signed-out) HTML; the session shows once hydrated.
  const signedIn = hydrated && Boolean(user);
  const ids = useId();
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const sessionId = useRef('');

  const [prompt, setPrompt] = useState('');
  useTextTypedBeforeHydration(promptRef, setPrompt);
  const [model, setModel] = useState<ImageModel>(DEFAULT_IMAGE_MODEL);
  const [size, setSize] = useState<ImageSize>(DEFAULT_IMAGE_SIZE);
  const [count, setCount] = useState(1);
  const [generating, setGenerating] = useState<number | null>(null);
  const [partialNote, setPartialNote] = useState('');

  const [tab, setTab] = useState<GalleryTab>('all');
  const gallery = useGallery('loading');
  const {
    items,
    setItems,
    counts,
    setCounts,
    page,
    hasMore,
    status,
    busyId,
    setBusyId,
    downloadingId,
    setDownloadingId,
    preview,
    setPreview,
    replace,
    forget,
  } = gallery;
  const focusPromptOnClose = useRef(false);

  const loadPage = gallery.load;
  const load = useCallback(
    (nextTab: GalleryTab, nextPage: number, mode: GalleryLoad) =>
      loadPage((signal) => fetchGallery(nextTab, nextPage, sessionId.current, signal), nextPage, mode),
    [loadPage],
  );

  /** Counts change with every save, delete and generation; items already shown stay where they are. */
  const refreshCounts = useCallback(
    async (currentTab: GalleryTab) => {
      try {
        setCounts((await fetchGallery(currentTab, 1, sessionId.current)).counts);
      } catch {
        // Counts are a courtesy: the next full load corrects them.
      }
    },
    [setCounts],
  );

  useEffect(() => {
    sessionId.current = anonymousSessionId();
  }, []);

  // The gallery loads once the session is known, so the Guardadas tab and counts match the visitor.
  const knownUserId = user === undefined ? undefined : (user?.id ?? null);
  useEffect(() => {
    if (knownUserId === undefined) return;
    // The session lives in a store outside React: when it becomes known (or changes), the gallery follows it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setTab('all');
    void load('all', 1, 'replace');
  }, [knownUserId, load]);

  function chooseTab(next: GalleryTab) {
    if (next === 'saved' && !signedIn) return;
    setTab(next);
    void load(next, 1, 'replace');
  }

  async function generate(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = imageGenerationInput.safeParse({ prompt, model, size, count, sessionId: sessionId.current });
    if (!parsed.success) {
      errorToast(parsed.error.issues[0]?.message ?? GENERATION_FAILED_MESSAGE);
      return;
    }
    setGenerating(parsed.data.count);
    setPartialNote('');
    try {
      const result = await requestImages(parsed.data, GENERATION_FAILED_MESSAGE);
      const made = result.images.length;
      showToast({
        title: '¡Imágenes generadas!',
        description: made === 1 ? 'Se ha generado 1 imagen exitosamente.' : `Se han generado ${made} imágenes exitosamente.`,
      });
      if (result.error) setPartialNote(result.error);
      if (tab === 'saved') void refreshCounts(tab);
      else void load(tab, 1, 'quiet');
    } catch (error) {
      errorToast(messageOf(error, GENERATION_FAILED_MESSAGE));
    } finally {
      setGenerating(null);
    }
  }

  function focusPrompt() {
    const box = promptRef.current;
    box?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    box?.focus({ preventScroll: true });
  }

  function previewClosed() {
    setPreview(null);
    if (!focusPromptOnClose.current) return;
    focusPromptOnClose.current = false;
    focusPrompt();
  }

  const actions: ImageActions = {
    signedIn,
    busyId,
    downloadingId,
    preview: setPreview,
    copyPrompt,
    remix(image) {
      setPrompt(image.prompt);
      showToast({ title: 'Remix aplicado', description: 'La descripción está lista en el generador para crear una variación.' });
      // A closing modal gives focus back to its opener; the prompt box takes it once the dialog has closed.
      if (preview) {
        focusPromptOnClose.current = true;
        setPreview(null);
      } else focusPrompt();
    },
    async download(image, format: DownloadFormat) {
      setDownloadingId(image.id);
      try {
        await downloadImage(image.imageUrl, image.prompt, format);
        showToast({ title: '¡Descarga completada!', description: `Imagen descargada en formato ${format.label}.` });
      } catch {
        showToast({ title: 'Error en la descarga', description: 'No se pudo descargar la imagen. Inténtalo de nuevo.', variant: 'destructive' });
      } finally {
        setDownloadingId(null);
      }
    },
    share,
    async toggleSave(image) {
      setBusyId(image.id);
      try {
        const { saved } = await toggleSaved(image.id, UPDATE_FAILED_MESSAGE);
        if (tab === 'saved' && !saved) {
          setItems((current) => current.filter((item) => item.id !== image.id));
          setPreview((current) => (current?.id === image.id ? { ...current, isSaved: saved } : current));
        } else replace({ ...image, isSaved: saved });
        savedToast(saved);
        void refreshCounts(tab);
      } catch (error) {
        errorToast(messageOf(error, UPDATE_FAILED_MESSAGE));
      } finally {
        setBusyId(null);
      }
    },
    async remove(image) {
      setBusyId(image.id);
      try {
        await deleteImage(image.id, sessionId.current, DELETE_FAILED_MESSAGE);
        forget(image);
        showToast({ title: 'Imagen eliminada', description: 'La imagen se ha eliminado de tu galería.' });
        void refreshCounts(tab);
      } catch {
        errorToast(DELETE_FAILED_MESSAGE);
      } finally {
        setBusyId(null);
      }
    },
  };

  const trimmedLength = prompt.trim().length;
  const tooLong = prompt.length > PROMPT_WARNING_LENGTH;
  const canGenerate = hydrated && generating === null && trimmedLength > 0;

  return (
    <>
      <section id="generador" aria-labelledby={`${ids}-crear`} className="scroll-mt-20 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm md:p-8">
        <h2 id={`${ids}-crear`} className="text-2xl font-bold tracking-tight text-slate-900">
          Crea tu imagen
        </h2>
        <form className="mt-6 grid gap-5" onSubmit={generate} noValidate>
          <div>
            <div className="flex items-center justify-between gap-3">
              <label htmlFor={`${ids}-prompt`} className="font-medium text-slate-900">
                Describe la imagen
              </label>
              {trimmedLength > 0 && (
                <span
                  className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${tooLong ? 'bg-amber-100 text-amber-900' : 'bg-emerald-100 text-emerald-900'}`}
                >
                  {tooLong ? 'Muy largo' : 'Perfecto'}
                </span>
              )}
            </div>
            <textarea
              ref={promptRef}
              id={`${ids}-prompt`}
              value={prompt}
              onChange={(event) => setPrompt(event.target.value)}
              rows={4}
              aria-describedby={`${ids}-contador`}
              placeholder="Por ejemplo: un faro en un acantilado al atardecer, con gaviotas y olas rompiendo"
              className="mt-2 w-full rounded-xl border border-slate-300 px-4 py-3 text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
            />
            <p id={`${ids}-contador`} className={`mt-1 text-right text-sm ${prompt.length > PROMPT_DISPLAY_LIMIT ? 'text-red-700' : 'text-slate-600'}`}>
              {prompt.length}/{PROMPT_DISPLAY_LIMIT}
            </p>
          </div>
          <div className="grid gap-4 md:grid-cols-3">
            <div>
              <label htmlFor={`${ids}-modelo`} className="font-medium text-slate-900">
                Modelo
              </label>
              <select
                id={`${ids}-modelo`}
                value={model}
                onChange={(event) => setModel(event.target.value as ImageModel)}
                className="mt-2 w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5"
              >
                {IMAGE_MODELS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${ids}-tamano`} className="font-medium text-slate-900">
                Tamaño
              </label>
              <select
                id={`${ids}-tamano`}
                value={size}
                onChange={(event) => setSize(event.target.value as ImageSize)}
                className="mt-2 w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5"
              >
                {IMAGE_SIZE_GROUPS.map((group) => (
                  <optgroup key={group.label} label={group.label}>
                    {group.sizes.map((value) => (
                      <option key={value} value={value}>
                        {value.replace('x', '×')}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${ids}-cantidad`} className="font-medium text-slate-900">
                Cantidad
              </label>
              <select
                id={`${ids}-cantidad`}
                value={count}
                onChange={(event) => setCount(Number(event.target.value))}
                className="mt-2 w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5"
              >
                {Array.from({ length: IMAGE_COUNT_MAX - IMAGE_COUNT_MIN + 1 }, (_, index) => index + IMAGE_COUNT_MIN).map((value) => (
                  <option key={value} value={value}>
                    {plural(value)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="flex flex-col gap-3 md:flex-row md:items-center">
            <button
              type="submit"
              disabled={!canGenerate}
              className="inline-flex items-center justify-center gap-2 rounded-xl bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <Icon name={generating === null ? 'sparkles' : 'loader'} className={`h-5 w-5 ${generating === null ? '' : 'animate-spin'}`} />
              {generating === null ? 'Generar' : 'Generando...'}
            </button>
            <p aria-live="polite" className="text-sm text-slate-700">
              {generating !== null && `Generando ${plural(generating)}... puede tardar unos segundos por imagen.`}
            </p>
          </div>
          {partialNote && (
            <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              {partialNote}
            </p>
          )}
        </form>
      </section>

      <section aria-labelledby={`${ids}-galeria`} className="mt-12">
        <h2 id={`${ids}-galeria`} className="text-2xl font-bold tracking-tight text-slate-900">
          Tu galería
        </h2>
        <div role="tablist" aria-label="Filtrar la galería" className="mt-4 flex flex-wrap gap-2">
          {(Object.keys(TAB_LABELS) as GalleryTab[]).map((value) => {
            const selected = tab === value;
            const disabled = value === 'saved' && !signedIn;
            return (
              <button
                key={value}
                type="button"
                role="tab"
                id={`${ids}-tab-${value}`}
                aria-selected={selected}
                aria-controls={`${ids}-panel`}
                disabled={disabled}
                onClick={() => chooseTab(value)}
                className={`inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                  selected ? 'bg-slate-900 text-white' : 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
                }`}
              >
                {TAB_LABELS[value]} <span className={`rounded-full px-2 text-xs ${selected ? 'bg-white/20' : 'bg-slate-100'}`}>{counts[value]}</span>
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
        <div id={`${ids}-panel`} role="tabpanel" aria-labelledby={`${ids}-tab-${tab}`} aria-busy={status === 'loading'} className="mt-6">
          {status === 'loading' && (
            <div className="grid gap-5 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
              {Array.from({ length: GALLERY_SKELETONS }, (_, index) => (
                <SkeletonCard key={index} />
              ))}
            </div>
          )}
          {status === 'error' && (
            <div className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900">
              <p>No se pudieron cargar tus imágenes.</p>
              <button type="button" onClick={() => void load(tab, 1, 'replace')} className="mt-3 font-semibold underline underline-offset-2">
                Reintentar
              </button>
            </div>
          )}
          {(status === 'ready' || status === 'loading-more') && items.length === 0 && (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">{EMPTY_TEXTS[tab]}</p>
          )}
          {(status === 'ready' || status === 'loading-more') && items.length > 0 && (
            <>
              <ul className="grid gap-5 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
                {items.map((image) => (
                  <li key={image.id}>
                    <GalleryCard image={image} actions={actions} />
                  </li>
                ))}
              </ul>
              {hasMore && tab !== 'recent' && (
                <div className="mt-8 flex justify-center">
                  <button
                    type="button"
                    disabled={status === 'loading-more'}
                    onClick={() => void load(tab, page + 1, 'append')}
                    className="inline-flex items-center gap-2 rounded-xl border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-900 hover:bg-slate-100 disabled:opacity-60"
                  >
                    {status === 'loading-more' && <Icon name="loader" className="h-4 w-4 animate-spin" />}
                    {status === 'loading-more' ? 'Cargando más imágenes...' : 'Ver más imágenes'}
                  </button>
                </div>
              )}
            </>
          )}
        </div>
      </section>
      <PreviewDialog image={preview} actions={actions} onClose={previewClosed} />
    </>
  );
}
