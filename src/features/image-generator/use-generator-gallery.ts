import { useCallback, useEffect, useRef, useState } from 'react';
import { showToast } from '../../components/toast/toast-store.ts';
import { anonymousSessionId } from '../../lib/visitor/visitor-session.ts';
import { copyPrompt, errorToast, messageOf, savedToast, share, type ImageActions } from './actions.ts';
import { deleteImage, fetchGallery, toggleSaved } from './api.ts';
import { downloadImage } from './browser.ts';
import { DELETE_FAILED_MESSAGE, UPDATE_FAILED_MESSAGE, type DownloadFormat, type GalleryTab } from './image-generator.ts';
import { useGallery, type GalleryLoad } from './use-gallery.ts';

/**
 * The generator page's gallery: the visitor's anonymous session, the chosen tab, loading as the session becomes
 * known, and what a card can do (all but remix, which belongs to the prompt box). `knownUserId` is undefined until
 * the session store has answered, null for a visitor.
 */
export function useGeneratorGallery({ signedIn, knownUserId }: { signedIn: boolean; knownUserId: string | null | undefined }) {
  const sessionId = useRef('');
  const [tab, setTab] = useState<GalleryTab>('all');
  const gallery = useGallery('loading');
  const { setItems, setCounts, busyId, setBusyId, downloadingId, setDownloadingId, setPreview, replace, forget } = gallery;

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

  /** New images join the tab on screen without a loading state; Guardadas only counts them. */
  function showGenerated() {
    if (tab === 'saved') void refreshCounts(tab);
    else void load(tab, 1, 'quiet');
  }

  const actions: Omit<ImageActions, 'remix'> = {
    signedIn,
    busyId,
    downloadingId,
    preview: setPreview,
    copyPrompt,
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

  return {
    sessionId,
    tab,
    chooseTab,
    showGenerated,
    retry: () => void load(tab, 1, 'replace'),
    loadMore: () => void load(tab, gallery.page + 1, 'append'),
    gallery,
    actions,
  };
}
