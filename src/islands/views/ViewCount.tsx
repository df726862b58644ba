import { useEffect, useState, type ReactNode } from 'react';
import { liveViewsPath, viewsLabel, type LiveViewsEvent } from '../../lib/views.ts';
import { sendView } from '../../lib/view-client.ts';

interface Props {
  postId: string;
  /** The static icon, rendered by the page. */
  children?: ReactNode;
}

/**
 * The tool page's view count: counts this visit once per page load, then follows the count live
 * (SPEC §4). The page is static, so the number is never in its HTML: the pill shows once it is known.
 */
export default function ViewCount({ postId, children }: Props) {
  const [views, setViews] = useState<number | null>(null);

  useEffect(() => {
    // Counts only grow: whichever answer arrives last, the larger number is the current one.
    const show = (count: number) => setViews((shown) => (shown === null ? count : Math.max(shown, count)));
    void sendView(postId).then((result) => result && show(result.views));

    let source: EventSource | null = null;
    const open = () => {
      source ??= new EventSource(liveViewsPath(postId));
      source.onmessage = (event: MessageEvent<string>) => show((JSON.parse(event.data) as LiveViewsEvent).views);
    };
    const close = () => {
      source?.close();
      source = null;
    };
    // A hidden tab gives its connection back: browsers allow only six per site over HTTP/1.1.
    const onVisibility = () => (document.hidden ? close() : open());
    if (!document.hidden) open();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      close();
    };
  }, [postId]);

  if (views === null) return null;
  return (
    <p className="inline-flex items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-600">
      {children}
      <span>{viewsLabel(views)}</span>
    </p>
  );
}
