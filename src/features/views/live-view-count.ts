/**
 * The tool page's view count: counts this visit once per page load, then follows the count
 * live. The page is static, so the number is never in its HTML: the hidden pill shows once it is known.
 * Plain DOM, so a tool page ships no framework for one number.
 */
import { liveViewsPath, viewsLabel, type LiveViewsEvent } from './views.ts';
import { sendView } from './view-client.ts';

export function startLiveViewCount(pill: HTMLElement): void {
  const toolId = pill.dataset.viewCount!;
  const label = pill.querySelector<HTMLElement>('[data-view-count-label]')!;
  let shown: number | null = null;
  // Counts only grow: whichever answer arrives last, the larger number is the current one.
  const show = (count: number) => {
    shown = shown === null ? count : Math.max(shown, count);
    label.textContent = viewsLabel(shown);
    pill.hidden = false;
  };
  void sendView(toolId).then((result) => result && show(result.views));

  let source: EventSource | null = null;
  const open = () => {
    source ??= new EventSource(liveViewsPath(toolId));
    source.onmessage = (event: MessageEvent<string>) => show((JSON.parse(event.data) as LiveViewsEvent).views);
  };
  const close = () => {
    source?.close();
    source = null;
  };
  // A hidden tab gives its connection back: browsers allow only six per site over HTTP/1.1.
  if (!document.hidden) open();
  document.addEventListener('visibilitychange', () => (document.hidden ? close() : open()));
}
