/**
 * The one allowlist for HTML we store or show that we did not write ourselves: model output
 * from the AI utilities and rich text from the editor. Anything not listed is dropped: scripts, styles,
 * iframes, forms, event handlers, style and class attributes. Link addresses may be http, https, mailto
 * or tel; image addresses http, https or data.
 */
import sanitizeHtml from 'sanitize-html';
import { VIDEO_EMBED_HOSTS, videoEmbedUrl } from '../../lib/video-embed.ts';

const TEXT_TAGS = ['p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'span'];
const INLINE_TAGS = ['strong', 'b', 'em', 'i', 'u', 's', 'mark', 'small', 'sub', 'sup', 'abbr', 'cite', 'q'];
const LIST_TAGS = ['ul', 'ol', 'li', 'dl', 'dt', 'dd'];
const TABLE_TAGS = ['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];
const MEDIA_TAGS = ['a', 'img', 'figure', 'figcaption'];

export const ALLOWED_TAGS: readonly string[] = [...TEXT_TAGS, ...INLINE_TAGS, ...LIST_TAGS, ...TABLE_TAGS, ...MEDIA_TAGS];
export const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;
export const IMAGE_SCHEMES = ['http', 'https', 'data'] as const;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    abbr: ['title'],
    ol: ['start', 'reversed'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesByTag: { a: [...LINK_SCHEMES], img: [...IMAGE_SCHEMES] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Contents of these go too, not only the tags: a script's source is not text anyone should read. The parser
  // reads everything up to </title>, </xmp>, </noembed> and </noframes> as raw text, so those are listed as well.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'template',
    'svg',
    'math',
    'title',
    'xmp',
    'noembed',
    'noframes',
  ],
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links leave our site without passing it our page or lending it our ranking.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener nofollow', ...(attribs.target ? { target: '_blank' } : {}) },
    }),
  },
};

/**
 * The parser reads an unterminated tag (`<svg` with no `>`) as attributes up to the end of the input, and the
 * contents of an unclosed dropped element (`<svg>` or `<script>` with no `</svg>` or `</script>`) as running to the
 * end: either way a stray tag in a model's answer would silently cut off everything after it. Before parsing,
 * an unterminated tag's `<` becomes the text `&lt;` (the reader sees what the model wrote), and an unclosed
 * dropped element loses its start tag and what follows it up to the next tag or blank line (its would-be
 * contents, code rather than prose, are still not shown); the rest is then cleaned as usual. A closed element
 * is left to the sanitizer, which drops it with its contents.
 */
const TAG_START = /<\/?[a-z]/gi;
const UNCLOSED_CONTENTS = /[^<]*?(?=<|\n\s*\n|$)/y;

/**
 * Where the tag starting at `start` ends (just after its `>`, quoted values skipped), or where the scan stopped
 * when it is unterminated: at a `<` outside quotes, or after a quote that never closes. Every scan starts where
 * the previous one stopped, so a whole text costs one pass, whatever an attacker nests.
 */
function scanTag(html: string, start: number): { end: number } | { resume: number } {
  for (let i = start + 1; i < html.length; i++) {
    const char = html[i]!;
    if (char === '"' || char === "'") {
      const closing = html.indexOf(char, i + 1);
      if (closing < 0) return { resume: i + 1 };
      i = closing;
    } else if (char === '>') return { end: i + 1 };
    else if (char === '<') return { resume: i };
  }
  return { resume: html.length };
}

function repairTags(html: string, dropped: readonly string[]): string {
  const lower = html.toLowerCase();
  const lastClose = new Map<string, number>();
  let out = '';
  let copied = 0;
  TAG_START.lastIndex = 0;
  for (let match = TAG_START.exec(html); match; match = TAG_START.exec(html)) {
    const start = match.index;
    const scanned = scanTag(html, start);
    if ('resume' in scanned) {
      out += html.slice(copied, start) + '&lt;';
      copied = start + 1;
      TAG_START.lastIndex = scanned.resume;
      continue;
    }
    TAG_START.lastIndex = scanned.end;
    const [, slash, name] = /^<(\/?)([^\s/>]+)/.exec(lower.slice(start, scanned.end))!;
    if (slash || !dropped.includes(name!)) continue;
    if (!lastClose.has(name!)) lastClose.set(name!, lower.lastIndexOf(`</${name}`));
    // Closed: the sanitizer drops the element whole.
    if (lastClose.get(name!)! >= scanned.end) continue;
    UNCLOSED_CONTENTS.lastIndex = scanned.end;
    UNCLOSED_CONTENTS.exec(html);
    out += html.slice(copied, start);
    copied = UNCLOSED_CONTENTS.lastIndex;
    TAG_START.lastIndex = copied;
  }
  return out + html.slice(copied);
}

/** Safe HTML from any HTML. Pure: the same input always gives the same output. */
export function sanitizeHtmlContent(html: string): string {
  return sanitizeHtml(repairTags(html, OPTIONS.nonTextTags!), OPTIONS).trim();
}

// The rich-text editor's toolbar formatting arrives as a few inline styles and attributes. Each style
// property is allowed only with values of the shapes the editor writes: no url(), expression() or other tricks.
const COLOR = /^(?:#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(?:,\s*(?:0|1|0?\.\d{1,3})\s*)?\))$/i;
const FONT_FAMILY =
  /^(?:(?:"?(?:Inter|Arial|Georgia|Times New Roman|Courier New|Verdana|Trebuchet MS)"?)(?:\s*,\s*(?:serif|sans-serif|monospace))?|serif|sans-serif|monospace)$/;
const FONT_SIZE = /^(?:[1-4]\d|[89])px$/;
const INDENT = /^(?:[1-9]|1[0-6])em$/;
const TEXT_ALIGN = /^(?:left|right|center|justify)$/;
const BLOCK_TAGS = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'blockquote', 'pre', 'ul', 'ol', 'div'];
const DIRECTION = { name: 'dir', multiple: false, values: ['ltr', 'rtl', 'auto'] };

/** Player frames carry these fixed attributes; whatever else an author's HTML put on them is dropped. */
function videoFrame(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const src = attribs.src ? videoEmbedUrl(attribs.src) : null;
  if (!src) return {};
  return {
    src,
    title: 'Vídeo',
    width: '560',
    height: '315',
    loading: 'lazy',
    allowfullscreen: '',
    referrerpolicy: 'strict-origin-when-cross-origin',
    sandbox: 'allow-scripts allow-same-origin allow-presentation allow-popups',
  };
}

const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  ...OPTIONS,
  allowedTags: [...ALLOWED_TAGS, 'div', 'iframe'],
  allowedAttributes: {
    ...OPTIONS.allowedAttributes,
    ...Object.fromEntries(BLOCK_TAGS.map((tag) => [tag, ['style', DIRECTION, ...((OPTIONS.allowedAttributes as Record<string, string[]>)[tag] ?? [])]])),
    span: ['style'],
    div: ['data-video-embed', DIRECTION, 'style'],
    iframe: ['src', 'title', 'width', 'height', 'loading', 'allowfullscreen', 'referrerpolicy', 'sandbox'],
  },
  allowedStyles: {
    '*': { 'text-align': [TEXT_ALIGN], 'margin-inline-start': [INDENT] },
    span: { color: [COLOR], 'background-color': [COLOR], 'font-family': [FONT_FAMILY], 'font-size': [FONT_SIZE] },
  },
  allowedSchemesByTag: { a: [...LINK_SCHEMES], img: [...IMAGE_SCHEMES], iframe: ['https'] },
  allowedIframeHostnames: [...VIDEO_EMBED_HOSTS],
  allowIframeRelativeUrls: false,
  nonTextTags: OPTIONS.nonTextTags!.filter((tag) => tag !== 'iframe'),
  transformTags: { ...OPTIONS.transformTags, iframe: (tagName, attribs) => ({ tagName, attribs: videoFrame(attribs) }) },
  // A frame that is not a known player (no src left) goes entirely, with anything inside it.
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !frame.attribs.src,
};

/**
 * Safe HTML from the publication editor: the common allowlist plus the editor's formatting
 * (colours, font, size, alignment, indent, direction as checked inline styles and dir) and video players from
 * YouTube and Vimeo only (links http/https/mailto/tel, images http/https/data).
 */
export function sanitizeRichText(html: string): string {
  // A player frame is kept only when closed: an unclosed one would take the rest of the text with it.
  return sanitizeHtml(repairTags(html, [...RICH_TEXT_OPTIONS.nonTextTags!, 'iframe']), RICH_TEXT_OPTIONS).trim();
}

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };

/** The visible text of some HTML (plain characters, not entities), for length checks, search and copies. */
export function htmlToText(html: string): string {
  // Block ends become spaces so "<p>a</p><p>b</p>" reads "a b", not "ab".
  const spaced = repairTags(html, OPTIONS.nonTextTags!).replace(/<\/(p|h[1-6]|li|div|tr|blockquote|pre|dt|dd)>|<br\s*\/?>/gi, '$& ');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags })
    .replace(/&(lt|gt|quot|#39|amp);/g, (entity) => ENTITIES[entity]!)
    .replace(/\s+/g, ' ')
    .trim();
}
