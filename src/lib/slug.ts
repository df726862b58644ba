import { foldAccents } from './text.ts';

/**
 * The display-side slug normalisation (category icons, matching names to slugs): lower-case, accents and
 * ñ/ç folded, everything outside a-z, 0-9, whitespace and hyphen removed, whitespace to hyphens, repeated and edge
 * hyphens trimmed. "¿Qué es Diseño?" -> "que-es-diseno". A new publication's slug follows publishSlug below.
 */
export function slugify(text: string): string {
  return foldAccents(text)
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * The slug of a new publication, from its title: lower-cased and trimmed, every character other than a-z,
 * 0-9, space and hyphen removed (accented letters go too: "Diseño" -> "diseo"), whitespace to a hyphen,
 * repeated hyphens collapsed, edge hyphens removed. Empty when the title has none of those characters.
 */
export function publishSlug(title: string): string {
  return title
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}
