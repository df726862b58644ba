/**
 * What a page says about itself in its head: title, description, share image and icons. One tolerant scan of
 * <title>, <meta>, <link> and <base> tags (no DOM, no scripts run), linear in the page's size so that a hostile
 * page cannot make it crawl; relative addresses resolve against the document's base, and only http(s) ones are
 * kept. The catalogue's link checker and the publish form's "fill from the URL" both read pages through it.
 */

export interface PageIcon {
  url: string;
  rel: 'apple-touch-icon' | 'icon';
  /** The largest side declared in sizes="..." (0 when absent or "any"). */
  size: number;
  type: string;
}

/** What a page's head declares, read once; each reader picks from it what it needs. */
export interface PageHead {
  /** The first content of each <meta name|property>, keys lower-cased, entities decoded, otherwise as written. */
  meta: ReadonlyMap<string, string>;
  /** The raw text of the first <title> element. */
  title: string | undefined;
  /** Every declared icon (rel icon or apple-touch-icon) with an http(s) address, in document order. */
  icons: PageIcon[];
  /** An address from the page made absolute against the document's base; null unless it is http(s). */
  resolve(href: string | undefined): string | null;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  aacute: 'á',
  eacute: 'é',
  iacute: 'í',
  oacute: 'ó',
  uacute: 'ú',
  Aacute: 'Á',
  Eacute: 'É',
  Iacute: 'Í',
  Oacute: 'Ó',
  Uacute: 'Ú',
  ntilde: 'ñ',
  Ntilde: 'Ñ',
  uuml: 'ü',
  Uuml: 'Ü',
  ccedil: 'ç',
  iexcl: '¡',
  iquest: '¿',
  laquo: '«',
  raquo: '»',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
};

/** Decodes character references; an unknown one, or one that would decode to NUL or a lone surrogate, stays as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (entity, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return safeCodePoint(parseInt(lower.slice(2), 16)) ?? entity;
    if (lower.startsWith('#')) return safeCodePoint(parseInt(lower.slice(1), 10)) ?? entity;
    // Names are case-sensitive (Ntilde, ntilde), but pages also write the legacy &AMP; and &QUOT;.
    return NAMED_ENTITIES[name] ?? NAMED_ENTITIES[lower] ?? entity;
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

/**
 * Text from a page as one visible line: tags removed, entities decoded, control characters and runs of white
 * space folded; null when nothing is left. Longer than `max` characters, it is cut there and ends in `mark`.
 */
export function visibleText(text: string | undefined | null, max: number, mark = ''): string | null {
  if (!text) return null;
  // [^<>] keeps the pattern linear: an unclosed "<" stops at the next one instead of scanning to the end again.
  const value = decodeEntities(text.replace(/<[^<>]*>/g, ' '))
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!value) return null;
  const characters = Array.from(value);
  return characters.length > max
    ? `${characters
        .slice(0, max - mark.length)
        .join('')
        .trimEnd()}${mark}`
    : value;
}

function absolute(href: string | undefined, base: string): string | null {
  if (!href?.trim()) return null;
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
export function readPageHead(html: string, pageUrl: string): PageHead {
  const start = html.slice(0, HEAD_LIMIT);
  const bodyAt = start.search(/<body[\s>]/i);
  // Comments and scripts can hold tags that are not tags.
  const scan = withoutHiddenText(bodyAt >= 0 ? start.slice(0, bodyAt) : start);
  const tags = [...scan.matchAll(new RegExp(`<(meta|link|base)\\b[^>]{0,${TAG_LIMIT}}>`, 'gi'))].map((match) => ({
    name: match[1]!.toLowerCase(),
    attributes: parseAttributes(match[0]),
  }));
  // As in a browser, the first <base href> is the base of every address in the document.
  const baseTag = tags.find((tag) => tag.name === 'base' && tag.attributes.has('href'));
  const base = absolute(baseTag?.attributes.get('href'), pageUrl) ?? pageUrl;
  const meta = new Map<string, string>();
  const icons: PageIcon[] = [];
  for (const { name, attributes } of tags) {
    if (name === 'meta') {
      const key = (attributes.get('property') ?? attributes.get('name') ?? '').toLowerCase();
      const content = attributes.get('content');
      if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
    } else if (name === 'link') {
      const rels = (attributes.get('rel') ?? '').toLowerCase().split(/\s+/);
      const url = absolute(attributes.get('href'), base);
      const rel =
        rels.includes('apple-touch-icon') || rels.includes('apple-touch-icon-precomposed') ? 'apple-touch-icon' : rels.includes('icon') ? 'icon' : null;
      if (url && rel) icons.push({ url, rel, size: largestSize(attributes.get('sizes')), type: (attributes.get('type') ?? '').toLowerCase() });
    }
  }
  return { meta, title: titleOf(scan), icons, resolve: (href) => absolute(href, base) };
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

/** Whether an icon's address or declared type says SVG (never rasterised from a site: an SVG can carry scripts and remote references). */
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

/** What the link checker keeps of a page. */
export interface PageMeta {
  title: string | null;
  description: string | null;
  ogImage: string | null;
  icons: PageIcon[];
}

/** Texts the link checker keeps are cut here. */
const MAX_TEXT = 500;

/** The link checker's reading of a page: og:title over <title>, the meta description over og:description. */
export function readPageMeta(html: string, pageUrl: string): PageMeta {
  const head = readPageHead(html, pageUrl);
  const text = (value: string | undefined) => visibleText(value, MAX_TEXT, '…');
  return {
    title: text(head.meta.get('og:title')) ?? text(head.title),
    description: text(head.meta.get('description')) ?? text(head.meta.get('og:description')),
    ogImage:
      head.resolve(head.meta.get('og:image:secure_url')) ??
      head.resolve(head.meta.get('og:image')) ??
      head.resolve(head.meta.get('og:image:url')) ??
      head.resolve(head.meta.get('twitter:image')),
    icons: head.icons,
  };
}
