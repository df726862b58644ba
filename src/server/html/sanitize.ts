/**
 * The one allowlist for HTML we store or show that we did not write ourselves (DESIGN §8): model output
 * from the AI utilities and rich text from the editor. Anything not listed is dropped: scripts, styles,
 * iframes, forms, event handlers, style and class attributes. Link addresses may be http, https, mailto
 * or tel (SPEC §5); image addresses http, https or data.
 */
import sanitizeHtml from 'sanitize-html';

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
