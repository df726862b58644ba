/**
 * What a tool's homepage says about itself in its head: title, description, Open Graph image and icons. A
 * tolerant scan of <title>, <meta> and <link> tags (no DOM, no scripts run); relative addresses resolve against
 * the page's final URL, and only http(s) ones are kept.
 */

export interface PageIcon {
  url: string;
  rel: 'apple-touch-icon' | 'icon';
  /** The largest side declared in sizes="..." (0 when absent or "any"). */
  size: number;
  type: string;
}

export interface PageMeta {
  title: string | null;
  description: string | null;
  ogImage: string | null;
  icons: PageIcon[];
}

const MAX_TEXT = 500;

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (entity, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return safeCodePoint(parseInt(lower.slice(2), 16)) ?? entity;
    if (lower.startsWith('#')) return safeCodePoint(parseInt(lower.slice(1), 10)) ?? entity;
    return NAMED_ENTITIES[lower] ?? entity;
  });
}

function safeCodePoint(code: number): string | undefined {
  // NUL, surrogates and out-of-range values are dropped rather than decoded.
  if (!Number.isInteger(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return undefined;
  return String.fromCodePoint(code);
}

/** Attributes of one start tag: names lower-cased, quoted or bare values, entities decoded. */
export function parseAttributes(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const pattern = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  const inner = tag.replace(/^<\s*[a-z0-9]+/i, '').replace(/\/?>$/, '');
  for (const match of inner.matchAll(pattern)) {
    const name = match[1]!.toLowerCase();
    if (!attributes.has(name)) attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

function clean(text: string | undefined | null): string | null {
  if (!text) return null;
  const value = decodeEntities(text)
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!value) return null;
  return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT - 1)}…` : value;
}

function absolute(href: string | undefined, base: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function largestSize(sizes: string | undefined): number {
  if (!sizes) return 0;
  return Math.max(0, ...[...sizes.matchAll(/(\d+)\s*x\s*(\d+)/gi)].map((match) => Math.max(Number(match[1]), Number(match[2]))));
}

/** A head is read up to this many characters: tags past it are not a head's. */
const HEAD_LIMIT = 256 * 1024;
/** A start tag longer than this is not one we read (and a bounded pattern cannot be made to backtrack for ever). */
const TAG_LIMIT = 4_096;

/** Pairs of markers whose content is not markup to read: comments, and the text of script-like elements. */
const HIDDEN: readonly [open: string, close: string][] = [
  ['<!--', '-->'],
  ['<script', '</script'],
  ['<style', '</style'],
  ['<noscript', '</noscript'],
  ['<template', '</template'],
];

/**
 * The text with comments and script-like elements blanked out, in one pass with indexOf (no pattern that a
 * hostile page could make backtrack: an unclosed one simply hides the rest).
 */
export function withoutHiddenText(text: string): string {
  const lower = text.toLowerCase();
  let out = '';
  let at = 0;
  for (;;) {
    let next = -1;
    let close = '';
    for (const [open, end] of HIDDEN) {
      const found = lower.indexOf(open, at);
      if (found >= 0 && (next < 0 || found < next)) {
        next = found;
        close = end;
      }
    }
    if (next < 0) return out + text.slice(at);
    out += `${text.slice(at, next)} `;
    const closing = lower.indexOf(close, next + 4);
    if (closing < 0) return out;
    const after = close === '-->' ? closing + 3 : lower.indexOf('>', closing);
    if (after < 0) return out;
    at = close === '-->' ? after : after + 1;
  }
}

/** Reads the page's head (the part before <body>, or its first 256 KB when it has none). */
export function readPageMeta(html: string, pageUrl: string): PageMeta {
  const start = html.slice(0, HEAD_LIMIT);
  const bodyAt = start.search(/<body[\s>]/i);
  // Comments and scripts can hold tags that are not tags.
  const scan = withoutHiddenText(bodyAt >= 0 ? start.slice(0, bodyAt) : start);
  const meta = new Map<string, string>();
  const icons: PageIcon[] = [];
  for (const match of scan.matchAll(new RegExp(`<(meta|link)\\b[^>]{0,${TAG_LIMIT}}>`, 'gi'))) {
    const attributes = parseAttributes(match[0]);
    if (match[1]!.toLowerCase() === 'meta') {
      const key = (attributes.get('property') ?? attributes.get('name') ?? '').toLowerCase();
      const content = attributes.get('content');
      if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
      continue;
    }
    const rels = (attributes.get('rel') ?? '').toLowerCase().split(/\s+/);
    const url = absolute(attributes.get('href'), pageUrl);
    if (!url) continue;
    const rel = rels.includes('apple-touch-icon') || rels.includes('apple-touch-icon-precomposed') ? 'apple-touch-icon' : rels.includes('icon') ? 'icon' : null;
    if (rel) icons.push({ url, rel, size: largestSize(attributes.get('sizes')), type: (attributes.get('type') ?? '').toLowerCase() });
  }
  const title = titleOf(scan);
  return {
    title: clean(meta.get('og:title')) ?? clean(title),
    description: clean(meta.get('description')) ?? clean(meta.get('og:description')),
    ogImage:
      absolute(meta.get('og:image:secure_url'), pageUrl) ??
      absolute(meta.get('og:image'), pageUrl) ??
      absolute(meta.get('og:image:url'), pageUrl) ??
      absolute(meta.get('twitter:image'), pageUrl),
    icons,
  };
}

/** The text of the first <title> element, found with indexOf. */
function titleOf(scan: string): string | undefined {
  const lower = scan.toLowerCase();
  const open = lower.search(/<title[\s>]/);
  if (open < 0) return undefined;
  const textStart = lower.indexOf('>', open);
  const close = lower.indexOf('</title', textStart);
  return textStart < 0 || close < 0 ? undefined : scan.slice(textStart + 1, close);
}

/** Whether an icon's address or declared type says SVG (never rasterised from a site: DESIGN §8). */
export function isSvgIcon(icon: PageIcon): boolean {
  return icon.type === 'image/svg+xml' || /\.svgz?(?:[?#]|$)/i.test(new URL(icon.url).pathname);
}

/** Raster icons worth a logo, best first: apple-touch-icon (180 px), then the largest declared; .ico is left out. */
export function rankIcons(icons: readonly PageIcon[]): PageIcon[] {
  return icons
    .filter(
      (icon) =>
        !isSvgIcon(icon) && !/\.ico(?:[?#]|$)/i.test(new URL(icon.url).pathname) && icon.type !== 'image/x-icon' && icon.type !== 'image/vnd.microsoft.icon',
    )
    .sort((a, b) => Number(b.rel === 'apple-touch-icon') - Number(a.rel === 'apple-touch-icon') || b.size - a.size);
}
