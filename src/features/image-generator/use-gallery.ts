import { useCallback, useRef, useState } from 'react';
import type { GalleryCounts, GalleryPage, GeneratedImageView } from './image-generator.ts';

/** 'first-load': the dashboard's own loading screen, before anything has been shown. */
export type GalleryStatus = 'first-load' | 'loading' | 'ready' | 'loading-more' | 'error';

/** replace: a new list, shown as loading; append: the next page below the cards; quiet: a new list, no loading state. */
export type GalleryLoad = 'replace' | 'append' | 'quiet';

/**
 * The state both galleries (the generator's and the dashboard's Imágenes) keep around the shared cards: the
 * images on screen, the tab counts, the page reached and the one request in flight (a newer load aborts it),
 * and which image is busy, downloading or open in the preview.
 */
export function useGallery(initialStatus: GalleryStatus) {
  const [items, setItems] = useState<GeneratedImageView[]>([]);
  const [counts, setCounts] = useState<GalleryCounts>({ all: 0, saved: 0, recent: 0 });
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [status, setStatus] = useState<GalleryStatus>(initialStatus);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [downloadingId, setDownloadingId] = useState<string | null>(null);
  const [preview, setPreview] = useState<GeneratedImageView | null>(null);
  const request = useRef<AbortController | null>(null);

  /** Loads page `nextPage` with `fetchPage`, which must pass the signal on. */
  const load = useCallback(async (fetchPage: (signal: AbortSignal) => Promise<GalleryPage>, nextPage: number, mode: GalleryLoad) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    if (mode === 'replace') setStatus((current) => (current === 'first-load' ? current : 'loading'));
    if (mode === 'append') setStatus('loading-more');
    try {
      const result = await fetchPage(controller.signal);
      setItems((current) =>
        mode === 'append' ? [...current, ...result.items.filter((item) => !current.some((shown) => shown.id === item.id))] : result.items,
      );
      setCounts(result.counts);
      setHasMore(result.hasMore);
      setPage(nextPage);
      setStatus('ready');
    } catch {
      if (!controller.signal.aborted) setStatus('error');
    }
  }, []);

  /** An image changed (saved or not): its card and, if open, the preview show it. */
  function replace(updated: GeneratedImageView) {
    setItems((current) => current.map((item) => (item.id === updated.id ? updated : item)));
    setPreview((current) => (current?.id === updated.id ? updated : current));
  }

  /** An image left the list: its card goes, and its preview closes. */
  function forget(image: GeneratedImageView) {
    setItems((current) => current.filter((item) => item.id !== image.id));
    setPreview((current) => (current?.id === image.id ? null : current));
  }

  return {
    items,
    setItems,
    counts,
    setCounts,
    page,
    setPage,
    hasMore,
    status,
    busyId,
    setBusyId,
    downloadingId,
    setDownloadingId,
    preview,
    setPreview,
    load,
    replace,
    forget,
  };
}
