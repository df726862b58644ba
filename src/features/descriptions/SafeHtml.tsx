/**
 * Shows model HTML while it streams in, without ever handing the model's markup to innerHTML: the text is
 * parsed into an inert document (DOMParser runs no scripts and loads nothing) and only allowlisted elements
 * are rebuilt as React elements, with no attributes except a checked link address. The server sanitizes the
 * final version with sanitize-html too; this is the browser's half, needed because partial HTML arrives first.
 */
import { createElement, Fragment, useMemo, type ReactNode } from 'react';

const KEPT = new Set([
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'code',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'mark',
  'small',
  'sub',
  'sup',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'a',
]);
const VOID = new Set(['br', 'hr']);
/** Elements whose content is not text a reader should see: dropped with everything inside. */
const DROPPED = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'textarea', 'select', 'img', 'video', 'audio']);
const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

function safeHref(value: string | null): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return LINK_SCHEMES.has(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function build(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = Array.from(element.childNodes, build);
  if (!KEPT.has(tag)) return createElement(Fragment, { key }, ...children);
  if (VOID.has(tag)) return createElement(tag, { key });
  if (tag === 'a') return createElement('a', { key, href: safeHref(element.getAttribute('href')), rel: 'noopener nofollow', target: '_blank' }, ...children);
  return createElement(tag, { key }, ...children);
}

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const content = useMemo(() => {
    if (typeof DOMParser === 'undefined') return null;
    const body = new DOMParser().parseFromString(html, 'text/html').body;
    return Array.from(body.childNodes, build);
  }, [html]);
  return <div className={className}>{content}</div>;
}

/** Readable spacing for description HTML (Tailwind's reset removes list markers and heading sizes). */
export const DESCRIPTION_PROSE =
  'space-y-3 leading-relaxed [&_a]:text-brand-700 [&_a]:underline [&_h1]:text-xl [&_h1]:font-bold [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_h4]:font-semibold [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5 [&_strong]:font-semibold [&_em]:italic [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3';
