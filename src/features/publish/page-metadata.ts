/**
 * What a tool's own homepage says about itself (issue 11, "fill from the URL"): title, description, share image
 * and icon, read from the head of its HTML. Pure and tolerant: pages are written by strangers, so anything odd is
 * skipped, never thrown; image and icon addresses come back absolute and http(s) only.
 */

export interface PageSuggestions {
  title: string | null;
  description: string | null;
  image: string | null;
  icon: string | null;
}

/** Suggestions are trimmed to what the form accepts. */
const TITLE_MAX = 200;
const DESCRIPTION_MAX = 1000;
/** Everything we read lives in the head; a page's body can be megabytes long. */
const HEAD_MAX = 256 * 1024;

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

/** Decodes character references; an unknown or invalid one stays as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body] ?? entity;
  });
}

/** Visible text on one line: entities decoded, tags and control characters removed, whitespace collapsed. */
function cleanText(text: string, max: number): string | null {
  const clean = decodeEntities(text.replace(/<[^>]*>/g, ' '))
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!clean) return null;
  const letters = Array.from(clean);
  return letters.length > max ? letters.slice(0, max).join('').trimEnd() : clean;
}

/** The attributes of one start tag, names lower-cased, values decoded. */
export function parseAttributes(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const body = tag.replace(/^<[a-z]+/i, '').replace(/\/?>$/, '');
  for (const match of body.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    const name = match[1]!.toLowerCase();
    if (!(name in attributes)) attributes[name] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

function absoluteHttpUrl(value: string | undefined, base: URL): string | null {
  if (!value?.trim()) return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The head of a document: up to </head> (or the opening of <body>), and never more than HEAD_MAX characters. */
function headOf(html: string): string {
  const limited = html.slice(0, HEAD_MAX);
  const end = limited.search(/<\/head\s*>|<body[\s>]/i);
  const head = end === -1 ? limited : limited.slice(0, end);
  // Comments and scripts may contain text that looks like tags.
  return head.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, '');
}

/** Icons in order of preference: larger raster touch icons first, then declared PNG icons, then any icon. */
function iconScore(attributes: Record<string, string>): number {
  const rel = attributes.rel?.toLowerCase() ?? '';
  const href = attributes.href?.toLowerCase() ?? '';
  const type = attributes.type?.toLowerCase() ?? '';
  if (type.includes('svg') || href.endsWith('.svg') || rel.includes('mask-icon')) return 0;
  const size = Math.max(0, ...(attributes.sizes ?? '').split(/\s+/).map((entry) => Number(entry.split('x')[0]) || 0));
  if (rel.includes('apple-touch-icon')) return 3 + size / 10_000;
  if (type.includes('png') || href.endsWith('.png')) return 2 + size / 10_000;
  if (/\bicon\b/.test(rel)) return 1;
  return 0;
}

/** Reads title, description, og:image and the best icon from a page's HTML; `pageUrl` resolves relative addresses. */
export function extractPageMetadata(html: string, pageUrl: string): PageSuggestions {
  let base = new URL(pageUrl);
  const head = headOf(html);
  const metas = new Map<string, string>();
  let icon: { href: string; score: number } | null = null;
  for (const [tag] of head.matchAll(/<(?:meta|link|base)\b[^>]*>/gi)) {
    const name = tag.slice(1, 5).toLowerCase();
    const attributes = parseAttributes(tag);
    if (name === 'base') {
      const href = absoluteHttpUrl(attributes.href, base);
      if (href) base = new URL(href);
    } else if (name === 'meta') {
      const key = (attributes.property ?? attributes.name ?? '').toLowerCase();
      if (key && attributes.content !== undefined && !metas.has(key)) metas.set(key, attributes.content);
    } else {
      const score = iconScore(attributes);
      const href = absoluteHttpUrl(attributes.href, base);
      if (score > 0 && href && (!icon || score > icon.score)) icon = { href, score };
    }
  }
  const titleTag = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(head)?.[1];
  const pick = (...keys: string[]) => keys.map((key) => metas.get(key)).find((value) => value?.trim());
  return {
    title: cleanText(pick('og:title', 'twitter:title') ?? titleTag ?? '', TITLE_MAX),
    description: cleanText(pick('og:description', 'description', 'twitter:description') ?? '', DESCRIPTION_MAX),
    image: absoluteHttpUrl(pick('og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src'), base),
    icon: (icon as { href: string } | null)?.href ?? null,
  };
}
