/**
 * The publication form's one schema, shared by the island (before sending) and the endpoints (always again):
 * title, description, at least one category, with SPEC's three messages reported in that order; every other
 * field bounded. Editing adds the admin's block (flags and status).
 */
import { TASK_SLUGS } from './tasks/vocabulary.ts';
import { isCountryCode } from './countries.ts';
import { pricingModels } from './pricing.ts';
import { toolFactsInput, type ToolFactsInput } from './tool-facts.ts';
import { z } from './zod.ts';

export const PUBLISH_MESSAGES = {
  titleRequired: 'El título es obligatorio',
  descriptionRequired: 'La descripción es obligatoria',
  categoryRequired: 'Debes seleccionar al menos una categoría',
} as const;

export const LIMITS = {
  title: 150,
  description: 2000,
  url: 2048,
  content: 200_000,
  categories: 10,
  keyword: 60,
  keywords: 20,
  useCases: 10,
  author: 100,
  reviewNote: 1000,
  slug: 100,
  metaTitle: 60,
  metaDescription: 160,
} as const;

/** A storage key of an upload (`<user>/<timestamp>.jpg`) or, for rows that predate uploads, an http(s) address. */
const STORAGE_KEY = /^(?:[a-z0-9][a-z0-9_-]{0,63}\/){1,4}[a-z0-9][a-z0-9_-]{0,127}\.(?:webp|png|jpg)$/;
const HTTP_URL = /^https?:\/\/[^\s]+$/i;

const trimmed = (max: number, tooLong: string) => z.string().trim().max(max, { error: tooLong });

const imageReference = z
  .string()
  .trim()
  .max(LIMITS.url, { error: 'La dirección de la imagen es demasiado larga.' })
  .refine((value) => value === '' || STORAGE_KEY.test(value) || HTTP_URL.test(value), { error: 'La imagen no es válida: súbela de nuevo.' });

/** Worded after SPEC's 'URL de imagen no válida' (SPEC has no text of its own for the tool's address). */
export const TOOL_URL_INVALID = 'URL no válida: escribe la dirección completa de la herramienta, empezando por https://';

/**
 * Whitespace, control and invisible formatting characters, and angle brackets: the URL parser would quietly
 * drop or escape them, so an address holding any was not written by hand and is refused rather than repaired.
 */
const UNSAFE_IN_URL = /[\s\p{Cc}\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff<>]/u;

function httpUrl(value: string): URL | null {
  if (UNSAFE_IN_URL.test(value) || !URL.canParse(value)) return null;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.') && !url.username && !url.password ? url : null;
}

/**
 * The tool's site: optional, http(s) only (SPEC: the field is of url type), stored as the parser writes it
 * (`url.href`: lower-case scheme and host, punycode, quotes and other unsafe characters percent-encoded), so
 * every page, link and duplicate check reads one spelling.
 */
export const toolUrl = z
  .string()
  .trim()
  .max(LIMITS.url, { error: 'La dirección es demasiado larga.' })
  .refine((value) => value === '' || httpUrl(value) !== null, { error: TOOL_URL_INVALID })
  .transform((value) => (value === '' ? '' : httpUrl(value)!.href))
  .refine((value) => value.length <= LIMITS.url, { error: 'La dirección es demasiado larga.' });

/**
 * The tool's facts as the form sends them: every one optional (unknown), strict so that nobody can send who checked
 * them or when (the server decides that, see queries.server.ts), and the country one of ISO 3166's codes.
 */
export const factsInput = toolFactsInput.strict().refine((facts) => facts.country === null || isCountryCode(facts.country), {
  error: 'Elige un país de la lista.',
  path: ['country'],
});

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const baseFields = {
  title: z
    .string()
    .trim()
    .min(1, { error: PUBLISH_MESSAGES.titleRequired })
    .max(LIMITS.title, { error: `El título no puede superar ${LIMITS.title} caracteres.` }),
  description: z
    .string()
    .trim()
    .min(1, { error: PUBLISH_MESSAGES.descriptionRequired })
    .max(LIMITS.description, { error: `La descripción no puede superar ${LIMITS.description} caracteres.` }),
  categoryIds: z
    .array(z.uuid({ error: 'Alguna de las categorías elegidas no es válida. Recarga la página y elige otra.' }))
    .min(1, { error: PUBLISH_MESSAGES.categoryRequired })
    .max(LIMITS.categories, { error: `Elige como mucho ${LIMITS.categories} categorías.` })
    .transform((ids) => [...new Set(ids)]),
  url: toolUrl.default(''),
  pricing: z.enum(pricingModels).default('unknown'),
  imageUrl: imageReference.default(''),
  logoUrl: imageReference.default(''),
  content: z.string().max(LIMITS.content, { error: 'El contenido es demasiado largo.' }).default(''),
  metaTitle: trimmed(LIMITS.metaTitle, `El meta título no puede superar ${LIMITS.metaTitle} caracteres.`).default(''),
  metaDescription: trimmed(LIMITS.metaDescription, `La meta descripción no puede superar ${LIMITS.metaDescription} caracteres.`).default(''),
  keywords: z
    .array(trimmed(LIMITS.keyword, `Cada palabra clave puede tener como mucho ${LIMITS.keyword} caracteres.`).min(1))
    .max(LIMITS.keywords, { error: `Añade como mucho ${LIMITS.keywords} palabras clave.` })
    .default([]),
  author: trimmed(LIMITS.author, `El autor no puede superar ${LIMITS.author} caracteres.`).default(''),
  // Tasks of the vocabulary the tool serves; none chosen means they are derived from categories, keywords and texts.
  useCases: z
    .array(z.enum(TASK_SLUGS, { error: 'Algún uso elegido no es válido. Recarga la página y elige otro.' }))
    .max(LIMITS.useCases, { error: `Elige como mucho ${LIMITS.useCases} usos.` })
    .default([])
    .transform((slugs) => [...new Set(slugs)]),
};

/** POST /api/posts: a new submission (always saved as pending); facts left out are unknown. */
export const publishInput = z.strictObject({ ...baseFields, facts: factsInput.default(() => factsInput.parse({})) });
export type PublishInput = z.output<typeof publishInput>;
export type PublishFormValues = z.input<typeof publishInput>;

export const toolStatuses = ['pending', 'published', 'rejected', 'withdrawn'] as const;
export type ToolStatus = (typeof toolStatuses)[number];

export const STATUS_LABEL: Record<ToolStatus, string> = { pending: 'Pendiente', published: 'Publicado', rejected: 'Rechazado', withdrawn: 'Retirada' };

/** What only an admin may change when editing (flags, status, plus the slug). */
const adminFields = {
  slug: z
    .string()
    .trim()
    .max(LIMITS.slug, { error: `La dirección no puede superar ${LIMITS.slug} caracteres.` })
    .regex(SLUG_PATTERN, { error: 'La dirección solo admite minúsculas sin tildes, números y guiones (por ejemplo mi-herramienta).' })
    .optional(),
  status: z.enum(toolStatuses).optional(),
  isPopular: z.boolean().optional(),
  isFeatured: z.boolean().optional(),
  reviewNote: trimmed(LIMITS.reviewNote, `La nota no puede superar ${LIMITS.reviewNote} caracteres.`).optional(),
};

/** PUT /api/posts/{id}: the same form, plus the admin's block; `version` is the updated_at the editor loaded. */
export const editInput = z
  .strictObject({
    ...baseFields,
    ...adminFields,
    // Left out, the stored facts stay as they are (a client that predates them must not wipe them).
    facts: factsInput.optional(),
    version: z.iso.datetime({ offset: true, error: 'Recarga la página e inténtalo de nuevo.' }),
  })
  .refine((input) => input.status !== 'rejected' || (input.reviewNote ?? '') !== '', {
    error: 'Escribe el motivo del rechazo para el autor.',
    path: ['reviewNote'],
  })
  .refine((input) => input.status !== 'withdrawn' || (input.reviewNote ?? '') !== '', {
    error: 'Escribe el motivo de la retirada para el autor.',
    path: ['reviewNote'],
  });
export type EditInput = z.output<typeof editInput>;

/** A reason the author reads, saved as the post's review note. */
const reasonFor = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .max(LIMITS.reviewNote, { error: `El motivo no puede superar ${LIMITS.reviewNote} caracteres.` });

/** A rejection from the queue: the author reads this reason. */
export const rejectInput = z.strictObject({ reason: reasonFor('Escribe el motivo del rechazo para el autor.') });

/** An admin takes a published tool off the site: its author reads this reason. */
export const withdrawalReason = reasonFor('Escribe el motivo de la retirada para el autor.');

/** The first message of each field, as the endpoints answer them, from a browser-side parse. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return fields;
}

/**
 * The errors still standing as the author edits. A field shown in error keeps an error while the form's own
 * check still finds one (with its current message); once that check passes, the message goes as soon as the
 * field differs from what was sent, while an error only the server could find (a taken address) stays until the
 * author changes that field. Fields never submitted are not flagged while the author is still typing.
 */
export function remainingErrors(
  shown: Record<string, string>,
  current: Record<string, string>,
  sent: Record<string, unknown>,
  now: Record<string, unknown>,
): Record<string, string> {
  const remaining: Record<string, string> = {};
  for (const field of Object.keys(shown)) {
    const key = field.split('.')[0]!;
    if (current[field]) remaining[field] = current[field];
    else if (JSON.stringify(sent[key]) === JSON.stringify(now[key])) remaining[field] = shown[field]!;
  }
  return remaining;
}

/** The editor's view of a stored publication (what /editar loads). */
export interface EditableTool {
  id: string;
  slug: string;
  status: ToolStatus;
  title: string;
  description: string;
  url: string;
  pricing: (typeof pricingModels)[number];
  categoryIds: string[];
  imageUrl: string;
  logoUrl: string;
  /** What the browser shows for the stored references above. */
  imagePreview: string | null;
  logoPreview: string | null;
  content: string;
  metaTitle: string;
  metaDescription: string;
  keywords: string[];
  author: string;
  useCases: string[];
  facts: ToolFactsInput;
  /** When an admin (or the editorial team) last checked the facts, ISO; null while they are the author's claims. */
  factsCheckedAt: string | null;
  isPopular: boolean;
  isFeatured: boolean;
  reviewNote: string;
  version: string;
}

export interface PickerCategory {
  id: string;
  name: string;
  slug: string;
  color: string;
}

/** What "fill from the URL" suggests to the author (POST /api/posts/page-metadata). */
export interface PageSuggestions {
  title: string | null;
  description: string | null;
  image: string | null;
  icon: string | null;
}

export interface DuplicateTool {
  id: string;
  title: string;
  status: 'published' | 'pending';
  /** The page the viewer may open. */
  path: string;
}

export interface DuplicateCheck {
  /** Published tools, plus pending ones the viewer wrote (or, for an admin, any: the queue shows them anyway). */
  duplicates: DuplicateTool[];
  /** Set when someone else's submission for the domain awaits review: said to exist, never named. */
  pendingNotice: string | null;
}
