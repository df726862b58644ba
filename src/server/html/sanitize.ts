/**
 * The one allowlist for HTML we store or show that we did not write ourselves (DESIGN §8): model output
 * from the AI utilities and rich text from the editor. Anything not listed is dropped: scripts, styles,
 * iframes, forms, event handlers, style and class attributes. Link addresses may be http, https, mailto
 * or tel (SPEC §5); image addresses http, https or data.
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
  // Contents of these go too, not only the tags: a script's source is not text anyone should read.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links leave our site without passing it our page or lending it our ranking.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener nofollow', ...(attribs.target ? { target: '_blank' } : {}) },
    }),
  },
};

/** Safe HTML from any HTML. Pure: the same input always gives the same output. */
export function sanitizeHtmlContent(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

// The rich-text editor's formatting (SPEC §2 toolbar) arrives as a few inline styles and attributes. Each style
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
 * Safe HTML from the publication editor (SPEC §2 toolbar): the common allowlist plus the editor's formatting
 * (colours, font, size, alignment, indent, direction as checked inline styles and dir) and video players from
 * YouTube and Vimeo only (SPEC §5: links http/https/mailto/tel, images http/https/data).
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_OPTIONS).trim();
}

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };

/** The visible text of some HTML (plain characters, not entities), for length checks, search and copies. */
export function htmlToText(html: string): string {
  // Block ends become spaces so "<p>a</p><p>b</p>" reads "a b", not "ab".
  const spaced = html.replace(/<\/(p|h[1-6]|li|div|tr|blockquote|pre|dt|dd)>|<br\s*\/?>/gi, '$& ');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags })
    .replace(/&(lt|gt|quot|#39|amp);/g, (entity) => ENTITIES[entity]!)
    .replace(/\s+/g, ' ')
    .trim();
}
