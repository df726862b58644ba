import { useCallback, useEffect, useState } from 'react';
import { confirmAction } from '../../components/confirm-dialog.ts';
import { showToast } from '../../components/toast/toast-store.ts';
import { copyPrompt, errorToast, messageOf, savedToast, share, type ImageActions } from './actions.ts';
import { deleteImage, fetchGallery, toggleSaved } from './api.ts';
import { downloadImage } from './browser.ts';
import {
  DASHBOARD_DOWNLOAD_NAME_CHARS,
  DELETE_FAILED_MESSAGE,
  DOWNLOAD_FORMATS,
  UPDATE_FAILED_MESSAGE,
  type GallerySort,
  type GeneratedImageView,
} from './image-generator.ts';
import { useGallery } from './use-gallery.ts';

export type DashboardTab = 'all' | 'saved';

/** The images pages download a PNG named from the prompt's first 30 characters. */
const PNG_ONLY = [DOWNLOAD_FORMATS[0]] as const;
const REMOVE_FAILED_MESSAGE = 'No se pudo remover la imagen.';
const SEARCH_DELAY_MS = 300;

/**
 * The dashboard's Imágenes: the tab, the search and the order, the page loaded as they settle, and what a card can
 * do there (removing from Guardadas and deleting ask first; no remix; delete only in 'Todas las Imágenes').
 */
export function useDashboardGallery() {
  const [tab, setTab] = useState<DashboardTab>('all');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<GallerySort>('newest');
  const gallery = useGallery('first-load');
  const { setCounts, setPage, busyId, setBusyId, downloadingId, setDownloadingId, setPreview, replace, forget } = gallery;
  const loadPage = gallery.load;

  const load = useCallback(
    (next: { tab: DashboardTab; search: string; sort: GallerySort; page: number }, append = false) =>
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
        errorToast(messageOf(error, removing ? REMOVE_FAILED_MESSAGE : UPDATE_FAILED_MESSAGE));
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

  function chooseTab(next: DashboardTab) {
    if (next === tab) return;
    setTab(next);
    setPage(1);
  }

  return {
    tab,
    chooseTab,
    search,
    setSearch,
    sort,
    setSort,
    query,
    retry: () => void load({ tab, search: query, sort: order, page: 1 }),
    loadMore: () => void load({ tab, search: query, sort: order, page: gallery.page + 1 }, true),
    gallery,
    actions,
  };
}
