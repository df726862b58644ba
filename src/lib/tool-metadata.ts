/**
 * The metadata rules for a publication: the editor's one-time auto-fill and its keyword
 * generator, the metadata generated when publishing (meta title 45/42 + site name, description 160/157,
 * WhatsApp title and description, featured image, up to 10 keywords) and the social preview's fallbacks.
 * Pure: the island and the server both call these, so what the author sees is what gets stored.
 */
import { META_DESCRIPTION_MAX, META_TITLE_MAX } from './seo.ts';

export { META_DESCRIPTION_MAX, META_TITLE_MAX };

/** Generated meta title 45 (42 + '...'), then ' | ' and the site name. */
export const GENERATED_TITLE_MAX = 45;
/** WhatsApp title over 65 is cut to 60; description over 180 is cut to 197 plus an ellipsis. */
export const WHATSAPP_TITLE_MAX = 65;
export const WHATSAPP_TITLE_CUT = 60;
export const WHATSAPP_DESCRIPTION_MAX = 180;
export const WHATSAPP_DESCRIPTION_CUT = 197;
/** The editor's 'Generar automáticamente' adds at most 5; publishing generates at most 10. */
export const EDITOR_KEYWORDS_MAX = 5;
export const GENERATED_KEYWORDS_MAX = 10;
const GENERATED_WORDS_MAX = 8;
/** Only words longer than 3 characters become keywords. */
const KEYWORD_MIN_LENGTH = 4;
/** A description of at least 100 characters is recommended, not enforced. */
export const DESCRIPTION_RECOMMENDED_MIN = 100;
/** The optimum ranges the counters show in green. */
export const META_TITLE_OPTIMUM = [50, 60] as const;
export const META_DESCRIPTION_OPTIMUM = [150, 160] as const;

/** The three fixed phrases every generated keyword list carries. */
export const FIXED_KEYWORDS = ['inteligencia artificial', 'herramientas de ia', 'herramienta ia'] as const;

const ROBOT = '🤖';

/** Spanish words too common to describe a tool (articles, prepositions, pronouns, auxiliaries...). */
export const SPANISH_STOP_WORDS: ReadonlySet<string> = new Set(
  `algo algun alguna algunas alguno algunos ante antes aqui asi aunque bajo bien cada casi como con contra cual cuales cuando
  cuanto de del desde donde dos durante ella ellas ello ellos entre era eran eres esa esas ese eso esos esta estaba estado estan
  estar estas este esto estos fue fueron gran hace hacen hacer hacia han hasta hay las les los mas menos mientras misma mismo
  mucha muchas mucho muchos muy nada nos nosotros nuestra nuestro otra otras otro otros para pero poco por porque puede pueden
  que quien quienes segun ser sera sido siempre sin sino sobre solo son sus suya suyo tal tambien tan tanto tiene tienen toda
  todas todo todos tras una unas uno unos usted vez vuestra vuestro permite ofrece mediante cualquier forma manera tipo tipos
  puedes usar uso usa esta estas`
    .split(/\s+/)
    .filter(Boolean),
);

/** Code points, so an emoji is never cut in half. */
function chars(text: string): string[] {
  return Array.from(text);
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Cuts text longer than max to `cut` characters plus '...' (SPEC's 57/60, 157/160, 42/45, 197/180 rules). */
export function cutWithEllipsis(text: string, max: number, cut = max - 3): string {
  const clean = collapse(text);
  const letters = chars(clean);
  return letters.length > max ? `${letters.slice(0, cut).join('').trimEnd()}...` : clean;
}

/** The editor's auto-fill of Meta Título (over 60: first 57 plus '...'). */
export function autoMetaTitle(title: string): string {
  return cutWithEllipsis(title, META_TITLE_MAX);
}

/** The editor's auto-fill of Meta Descripción (over 160: first 157 plus '...'). */
export function autoMetaDescription(description: string): string {
  return cutWithEllipsis(description, META_DESCRIPTION_MAX);
}

export interface AutoFillState {
  metaTitle: string;
  metaDescription: string;
  /** Whether each field was already filled once: each is filled at most once. */
  filledTitle: boolean;
  filledDescription: boolean;
}

/**
 * Meta title and description are filled once from title and description when empty and not yet
 * auto-filled; afterwards that field is never filled again (the author may clear it on purpose).
 */
export function applyAutoFill(state: AutoFillState, source: { title: string; description: string }): AutoFillState {
  const next = { ...state };
  if (!state.filledTitle && state.metaTitle === '' && source.title.trim() !== '') {
    next.metaTitle = autoMetaTitle(source.title);
    next.filledTitle = true;
  }
  if (!state.filledDescription && state.metaDescription === '' && source.description.trim() !== '') {
    next.metaDescription = autoMetaDescription(source.description);
    next.filledDescription = true;
  }
  return next;
}

/** Keyword candidates: lower-cased, punctuation removed, split on whitespace, longer than 3 characters, no stop words, no repeats. */
export function keywordCandidates(text: string): string[] {
  const words = text
    .toLocaleLowerCase('es-ES')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter((word) => chars(word).length >= KEYWORD_MIN_LENGTH && !SPANISH_STOP_WORDS.has(word.normalize('NFD').replace(/\p{Diacritic}/gu, '')));
  return [...new Set(words)];
}

/** A keyword as stored: trimmed, inner whitespace collapsed. */
export function normalizeKeyword(keyword: string): string {
  return collapse(keyword);
}

/** 'Generar automáticamente': the first 5 candidates from title and description not already present, appended. */
export function autoKeywords(current: readonly string[], source: { title: string; description: string }): string[] {
  const present = new Set(current.map((keyword) => keyword.toLocaleLowerCase('es-ES')));
  const added = keywordCandidates(`${source.title} ${source.description}`)
    .slice(0, EDITOR_KEYWORDS_MAX)
    .filter((word) => !present.has(word));
  return [...current, ...added];
}

/** Adds a trimmed, non-empty keyword unless it is already there (case-insensitive). */
export function addKeyword(current: readonly string[], keyword: string): string[] {
  const clean = normalizeKeyword(keyword);
  if (clean === '' || current.some((existing) => existing.toLocaleLowerCase('es-ES') === clean.toLocaleLowerCase('es-ES'))) return [...current];
  return [...current, clean];
}

/** Generated meta title: the title if 45 characters or fewer, else 42 plus '...', then ' | ' and the site name. */
export function generatedMetaTitle(title: string, siteName: string): string {
  return `${cutWithEllipsis(title, GENERATED_TITLE_MAX)} | ${siteName}`;
}

/** Generated description: over 160 becomes the first 157 plus '...'. */
export function generatedMetaDescription(description: string): string {
  return cutWithEllipsis(description, META_DESCRIPTION_MAX);
}

/** WhatsApp title: the title with a robot emoji in front, cut to 60 characters if longer than 65. */
export function whatsappTitle(title: string): string {
  const text = `${ROBOT} ${collapse(title)}`;
  const letters = chars(text);
  return letters.length > WHATSAPP_TITLE_MAX ? letters.slice(0, WHATSAPP_TITLE_CUT).join('').trimEnd() : text;
}

/** WhatsApp description: the whole description plus a promotional line if 180 characters or fewer, else 197 plus '...'. */
export function whatsappDescription(description: string, siteName: string): string {
  const clean = collapse(description);
  const length = chars(clean).length;
  // Between 181 and 197 characters nothing needs cutting: the text stays whole, without the promotional line.
  if (length > WHATSAPP_DESCRIPTION_CUT) return cutWithEllipsis(clean, WHATSAPP_DESCRIPTION_CUT, WHATSAPP_DESCRIPTION_CUT);
  if (length > WHATSAPP_DESCRIPTION_MAX) return clean;
  return `${clean}\n\n✨ Descubre más herramientas de IA en ${siteName}`;
}

/** Featured image: the image if not blank, else the logo, else empty. */
export function featuredImage(imageUrl: string | null | undefined, logoUrl: string | null | undefined): string {
  if (imageUrl?.trim()) return imageUrl.trim();
  if (logoUrl?.trim()) return logoUrl.trim();
  return '';
}

/**
 * Generated keywords: up to 8 words of title and description (longer than 3 characters, no stop words,
 * no repeats), the three fixed phrases and the category name, at most 10 in all.
 */
export function generatedKeywords(source: { title: string; description: string; categoryName?: string | null | undefined }): string[] {
  const words = keywordCandidates(`${source.title} ${source.description}`).slice(0, GENERATED_WORDS_MAX);
  const category = source.categoryName ? [source.categoryName.toLocaleLowerCase('es-ES')] : [];
  const all = [...words, ...FIXED_KEYWORDS, ...category];
  return [...new Set(all)].slice(0, GENERATED_KEYWORDS_MAX);
}

export interface PreviewSource {
  title: string;
  description: string;
  imageUrl: string;
  logoUrl: string;
  metaTitle?: string;
  metaDescription?: string;
}

export interface PlatformPreview {
  title: string;
  description: string;
  image: string;
  url: string;
}

export type PreviewPlatform = 'facebook' | 'twitter' | 'whatsapp' | 'linkedin';

export const PREVIEW_DEFAULTS = { title: 'Título de la publicación', description: 'Descripción de la publicación' } as const;

const firstFilled = (...values: (string | undefined)[]) => values.map((value) => value?.trim() ?? '').find(Boolean) ?? '';

/**
 * Preview fallback order: the platform's own value, then og, then the publication's title/description/image
 * (image also falls back to the logo), then the defaults. In the editor og is what the SEO panel generates.
 */
export function platformPreview(platform: PreviewPlatform, source: PreviewSource, siteName: string, url: string): PlatformPreview {
  const ogTitle = source.metaTitle?.trim() ?? '';
  const ogDescription = source.metaDescription?.trim() ?? '';
  const ownTitle = platform === 'whatsapp' && source.title.trim() ? whatsappTitle(source.title) : '';
  const ownDescription = platform === 'whatsapp' && source.description.trim() ? whatsappDescription(source.description, siteName) : '';
  return {
    title: firstFilled(ownTitle, ogTitle, source.title) || PREVIEW_DEFAULTS.title,
    description: firstFilled(ownDescription, ogDescription, source.description) || PREVIEW_DEFAULTS.description,
    image: featuredImage(source.imageUrl, source.logoUrl),
    url,
  };
}

/** What a shared card still takes from the placeholders: the Spanish names of the missing parts, none when complete. */
export function previewMissing(source: PreviewSource): string[] {
  return [
    firstFilled(source.metaTitle, source.title) ? '' : 'título',
    firstFilled(source.metaDescription, source.description) ? '' : 'descripción',
    featuredImage(source.imageUrl, source.logoUrl) ? '' : 'imagen',
  ].filter(Boolean);
}

/** Meta counters: 'n/60' turns red above the limit; green in the optimum range. */
export function counterTone(length: number, max: number, optimum: readonly [number, number]): 'over' | 'optimum' | 'normal' {
  if (length > max) return 'over';
  if (length >= optimum[0] && length <= optimum[1]) return 'optimum';
  return 'normal';
}

/** Characters as SPEC counts them (an emoji is one). */
export function characterCount(text: string): number {
  return chars(text).length;
}
