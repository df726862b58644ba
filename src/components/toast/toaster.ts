/**
 * The page's toast (one at a time), drawn into the layout's live region without a framework:
 * every page needs it, few ever show one, and a static page should not load React for it.
 */
import { currentToast, dismissToast, showFlashedToast, type Toast } from './toast-store.ts';

const SVG = 'http://www.w3.org/2000/svg';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function closeIcon(): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'h-4 w-4');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('viewBox', '0 0 24 24');
  const use = document.createElementNS(SVG, 'use');
  use.setAttribute('href', '/iconos.svg#ui-x');
  svg.append(use);
  return svg;
}

function toastCard(toast: Toast): HTMLElement {
  const destructive = toast.variant === 'destructive';
  const card = element(
    'div',
    `pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-4 shadow-lg ${
      destructive ? 'border-red-200 bg-red-50 text-red-900' : 'border-slate-200 bg-white text-slate-900'
    }`,
  );
  const text = element('div', 'min-w-0 flex-1');
  text.append(element('p', 'font-semibold', toast.title));
  if (toast.description) text.append(element('p', `mt-1 text-sm ${destructive ? 'text-red-800' : 'text-slate-600'}`, toast.description));
  const close = element(
    'button',
    'rounded-md p-1 text-current opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
  );
  close.type = 'button';
  close.setAttribute('aria-label', 'Cerrar notificación');
  close.append(closeIcon());
  close.addEventListener('click', dismissToast);
  card.append(text, close);
  return card;
}

/** Shows each toast of the store in `region` for `durationMs`, starting with one flashed by the previous page. */
export function startToaster(region: HTMLElement, durationMs: number): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  currentToast.subscribe((toast) => {
    clearTimeout(timer);
    if (!toast) {
      region.replaceChildren();
      return;
    }
    region.replaceChildren(toastCard(toast));
    timer = setTimeout(dismissToast, durationMs);
  });
  showFlashedToast();
}
