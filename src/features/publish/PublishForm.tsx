/**
 * The publication form of /publicar and /editar/{id}: basic information, pricing, categories, the tool's facts, image and logo,
 * the rich-text content and the SEO side panel; in edit mode the admin's block (flags, status with a note to the
 * author, address) and 'Cancelar' / 'Guardar Cambios'. One island for /publicar, /editar/{id} and
 * /admin/edit/{id}; the server validates everything again with the same schema.
 */
import { ArrowLeft, ExternalLink, Eye, LoaderCircle, Send, Sparkles, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { FormField } from '../../components/ui/FormField.tsx';
import { applyAutoFill, characterCount, DESCRIPTION_RECOMMENDED_MIN } from '../../lib/post-metadata.ts';
import { pricingLabel, pricingModels, type PricingModel } from '../../lib/pricing.ts';
import { TASKS } from '../../lib/tasks/vocabulary.ts';
import { publishSlug } from '../../lib/slug.ts';
import { flashToast, showToast } from '../../components/toast/toast-store.ts';
import { CategoryPicker } from './CategoryPicker.tsx';
import { factsBody, factsDraft, type FactsDraft } from './facts-draft.ts';
import { FACT_ERROR_FIELDS, FactsFieldset } from './FactsFieldset.tsx';
import { IMAGE_MESSAGES } from '../../lib/image-rules.ts';
import { ImageInput, type ImageValue } from './ImageInput.tsx';
import {
  editInput,
  fieldErrors,
  remainingErrors,
  LIMITS,
  publishInput,
  STATUS_LABEL,
  postStatuses,
  type EditablePost,
  type PageSuggestions,
  type PickerCategory,
  type PostStatus,
} from '../../lib/post-form.ts';
import { RequestError } from '../../lib/endpoint-call.ts';
import type { DuplicateCheck } from '../../lib/post-form.ts';
import { findDuplicates, publishPost, readToolPage, savePost } from './publish-client.ts';
import { LazyRichTextEditor } from '../../components/rich-text/LazyRichTextEditor.tsx';
import { SeoPanel } from './SeoPanel.tsx';
import { DRAFT_STATUS_TEXT, draftPreviewPath, type SubmissionDraft } from './submission-draft.ts';
import { useDraftAutosave } from './use-draft-autosave.ts';
import { useUnsavedWarning } from './use-unsaved-warning.ts';

export const PUBLISH_TEXTS = {
  submit: 'Publicar con Múltiples Categorías',
  submitting: 'Publicando con Múltiples Categorías...',
  save: 'Guardar Cambios',
  saving: 'Guardando...',
  previewEmpty: { title: 'Vista previa', description: 'Escribe algo en el formulario para ver cómo quedará tu herramienta.' },
  previewFailed: { title: 'Error', description: 'No se pudo guardar el borrador para la vista previa. Inténtalo de nuevo.', variant: 'destructive' as const },
} as const;

/** The success toast: '¡Publicación enviada con N categoría(s)!' with a line about unique metadata. */
export function publishedToast(count: number) {
  return {
    title: `¡Publicación enviada con ${count} ${count === 1 ? 'categoría' : 'categorías'}!`,
    description: 'Hemos generado metadatos SEO únicos para tu publicación. La revisaremos antes de publicarla.',
  };
}

interface Props {
  mode: 'publish' | 'edit';
  categories: PickerCategory[];
  siteName: string;
  siteUrl: string;
  /** Edit mode: the stored post and who is editing it. */
  post?: EditablePost;
  access?: 'admin' | 'author';
  /** Whether this user's save checks the tool's facts (an admin's does). */
  checksFacts: boolean;
  /** Publish mode: the author's draft being resumed (/publicar?borrador={id}). */
  draft?: SubmissionDraft;
}

interface FormState {
  title: string;
  description: string;
  url: string;
  pricing: PricingModel;
  categoryIds: string[];
  image: ImageValue;
  logo: ImageValue;
  content: string;
  metaTitle: string;
  metaDescription: string;
  keywords: string[];
  author: string;
  useCases: string[];
  facts: FactsDraft;
  filledTitle: boolean;
  filledDescription: boolean;
  slug: string;
  status: PostStatus;
  isPopular: boolean;
  isFeatured: boolean;
  reviewNote: string;
}

/** The form as a resumed draft left it: what the draft lacks starts empty, as on a new form. */
function draftState(draft: SubmissionDraft): FormState {
  const values = draft.values;
  const empty = initialState(undefined);
  return {
    ...empty,
    title: values.title ?? '',
    description: values.description ?? '',
    url: values.url ?? '',
    pricing: values.pricing ?? 'unknown',
    categoryIds: values.categoryIds ?? [],
    image: { key: values.imageUrl ?? '', preview: draft.imagePreview },
    logo: { key: values.logoUrl ?? '', preview: draft.logoPreview },
    content: values.content ?? '',
    metaTitle: values.metaTitle ?? '',
    metaDescription: values.metaDescription ?? '',
    keywords: values.keywords ?? [],
    author: values.author ?? '',
    useCases: values.useCases ?? [],
    facts: factsDraft(values.facts),
    // Meta title and description are filled once: a draft that has them was filled (or written) already.
    filledTitle: Boolean(values.metaTitle),
    filledDescription: Boolean(values.metaDescription),
  };
}

function initialState(post: EditablePost | undefined): FormState {
  return {
    title: post?.title ?? '',
    description: post?.description ?? '',
    url: post?.url ?? '',
    pricing: post?.pricing ?? 'unknown',
    categoryIds: post?.categoryIds ?? [],
    image: { key: post?.imageUrl ?? '', preview: post?.imagePreview ?? null },
    logo: { key: post?.logoUrl ?? '', preview: post?.logoPreview ?? null },
    content: post?.content ?? '',
    metaTitle: post?.metaTitle ?? '',
    metaDescription: post?.metaDescription ?? '',
    keywords: post?.keywords ?? [],
    author: post?.author ?? '',
    useCases: post?.useCases ?? [],
    facts: factsDraft(post?.facts),
    // A stored post's fields were filled already, and each is filled only once.
    filledTitle: Boolean(post),
    filledDescription: Boolean(post),
    slug: post?.slug ?? '',
    status: post?.status ?? 'pending',
    isPopular: post?.isPopular ?? false,
    isFeatured: post?.isFeatured ?? false,
    reviewNote: post?.reviewNote ?? '',
  };
}

const NO_DUPLICATES: DuplicateCheck = { duplicates: [], pendingNotice: null };

const FIELD_ORDER = [
  'title',
  'description',
  'categoryIds',
  'useCases',
  ...FACT_ERROR_FIELDS,
  'url',
  'imageUrl',
  'logoUrl',
  'content',
  'metaTitle',
  'metaDescription',
  'keywords',
  'author',
  'slug',
  'reviewNote',
];

export default function PublishForm({ mode, categories, siteName, siteUrl, post, access = 'author', checksFacts, draft }: Props) {
  const id = useId();
  const [form, setForm] = useState<FormState>(() => (draft ? draftState(draft) : initialState(post)));
  const [sent, setSent] = useState<{ errors: Record<string, string>; values: Record<string, unknown> }>({ errors: {}, values: {} });
  const [submitting, setSubmitting] = useState(false);
  const [duplicateCheck, setDuplicateCheck] = useState<DuplicateCheck>(NO_DUPLICATES);
  const { duplicates, pendingNotice } = duplicateCheck;
  const [suggestions, setSuggestions] = useState<PageSuggestions | null>(null);
  const [lookup, setLookup] = useState<'idle' | 'loading' | { error: string }>('idle');
  const lookedUp = useRef(post?.url ?? '');
  const lookupAbort = useRef<AbortController | null>(null);
  const admin = mode === 'edit' && access === 'admin';
  const update = (patch: Partial<FormState>) => setForm((current) => ({ ...current, ...patch }));

  const slug = mode === 'edit' ? form.slug || post?.slug || '' : publishSlug(form.title) || 'herramienta';
  const canonicalUrl = useMemo(() => new URL(`/${slug}`, siteUrl).href, [slug, siteUrl]);

  useEffect(() => () => lookupAbort.current?.abort(), []);

  /** Meta title and description are filled once, when the author leaves the title or description. */
  function autoFill() {
    setForm((current) => ({ ...current, ...applyAutoFill(current, current) }));
  }

  /** The duplicate check and the page's own metadata, once per address the author settles on. */
  async function checkUrl() {
    const url = form.url.trim();
    if (!/^https?:\/\/[^\s]+\.[^\s]+/i.test(url) || url === lookedUp.current) return;
    lookedUp.current = url;
    lookupAbort.current?.abort();
    const abort = new AbortController();
    lookupAbort.current = abort;
    setSuggestions(null);
    setLookup('loading');
    findDuplicates(url, post?.id, abort.signal)
      .then(setDuplicateCheck)
      .catch(() => setDuplicateCheck(NO_DUPLICATES));
    try {
      const page = await readToolPage(url, abort.signal);
      setSuggestions(page.suggestions);
      setLookup('idle');
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      setLookup({ error: error instanceof RequestError ? error.message : 'No se pudo leer esa página.' });
    }
  }

  function values() {
    const base = {
      title: form.title,
      description: form.description,
      url: form.url,
      pricing: form.pricing,
      categoryIds: form.categoryIds,
      imageUrl: form.image.key,
      logoUrl: form.logo.key,
      content: form.content,
      metaTitle: form.metaTitle,
      metaDescription: form.metaDescription,
      keywords: form.keywords,
      author: form.author,
      useCases: form.useCases,
      facts: factsBody(form.facts),
    };
    if (mode === 'publish') return base;
    return {
      ...base,
      version: post!.version,
      ...(admin ? { slug: form.slug, status: form.status, isPopular: form.isPopular, isFeatured: form.isFeatured, reviewNote: form.reviewNote } : {}),
    };
  }

  // A fixed field loses its message and red border as soon as it is valid, not at the next submit.
  const errors = Object.keys(sent.errors).length === 0 ? sent.errors : remainingErrors(sent.errors, currentErrors(), sent.values, values());

  function currentErrors(): Record<string, string> {
    const parsed = (mode === 'publish' ? publishInput : editInput).safeParse(values());
    return parsed.success ? {} : fieldErrors(parsed.error);
  }

  function setErrors(fields: Record<string, string>) {
    setSent({ errors: fields, values: values() });
  }

  function showErrors(fields: Record<string, string>, message?: string) {
    setErrors(fields);
    const first = FIELD_ORDER.find((field) => fields[field]);
    // The validation toast carries the first of the three messages (title, description, category).
    showToast({ title: 'Error', description: message ?? (first ? fields[first] : undefined), variant: 'destructive' });
    const target = first
      ? document.querySelector<HTMLElement>(
          `[data-field="${first}"] input, [data-field="${first}"] select, [data-field="${first}"] textarea, [data-field="${first}"] [contenteditable]`,
        )
      : null;
    target?.focus();
  }

  // Drafts on /publicar only; on both screens, leaving with what the server lacks asks first.
  const autosave = useDraftAutosave({ enabled: mode === 'publish', values: values(), initialId: draft?.id ?? null });
  const { confirmLeave, allowLeave } = useUnsavedWarning(autosave.unsaved);

  /** «Vista previa»: the draft saved as it is now, opened as its tool page in a new tab. */
  async function preview() {
    const draftId = await autosave.flush();
    if (autosave.unsaved && !draftId) return showToast(PUBLISH_TEXTS.previewFailed);
    if (!draftId) return showToast(PUBLISH_TEXTS.previewEmpty);
    window.open(draftPreviewPath(draftId), '_blank', 'noopener');
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const schema = mode === 'publish' ? publishInput : editInput;
    const parsed = schema.safeParse(values());
    if (!parsed.success) return showErrors(fieldErrors(parsed.error));
    setErrors({});
    setSubmitting(true);
    autosave.pause(true);
    try {
      if (mode === 'publish') {
        const saved = await publishPost(parsed.data as Parameters<typeof publishPost>[0], autosave.draftId);
        allowLeave();
        flashToast(publishedToast(saved.categoryCount));
        // To /{slug} (the author's pending page), or /dashboard without one.
        window.location.assign(saved.slug ? saved.path : '/dashboard');
      } else {
        const saved = await savePost(post!.id, parsed.data as Parameters<typeof savePost>[1]);
        allowLeave();
        flashToast({
          title: '¡Publicación actualizada!',
          description: `Guardada con ${saved.categoryCount} ${saved.categoryCount === 1 ? 'categoría' : 'categorías'}.`,
        });
        window.location.assign(admin ? '/admin/dashboard' : saved.path);
      }
    } catch (error) {
      setSubmitting(false);
      autosave.pause(false);
      const failure = error instanceof RequestError ? error : null;
      const fallback = mode === 'publish' ? 'No se pudo publicar la entrada' : 'No se pudo actualizar la publicación';
      showErrors(failure?.fields ?? {}, failure?.message ?? fallback);
    }
  }

  const descriptionLength = characterCount(form.description.trim());
  const labelClass = 'mb-1.5 block text-sm font-medium text-slate-800';
  const fieldClass =
    'block w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600';
  const card = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6';
  const imageSuccess = (kind: 'image' | 'logo') =>
    mode === 'edit' ? (kind === 'image' ? IMAGE_MESSAGES.imageUpdated : IMAGE_MESSAGES.logoUpdated) : IMAGE_MESSAGES.uploaded;
  const backHref = mode === 'publish' ? '/' : admin ? '/admin/dashboard' : '/dashboard';

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-titulo`} className="mx-auto w-full max-w-7xl px-4 py-6 md:py-10">
      <a
        href={backHref}
        onClick={(event) => {
          if (!confirmLeave()) return event.preventDefault();
          if (mode === 'publish' && window.history.length > 1 && document.referrer.startsWith(window.location.origin)) {
            event.preventDefault();
            window.history.back();
          }
        }}
        className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-slate-700 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Volver
      </a>
      <h1 id={`${id}-titulo`} className="mt-4 text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">
        {mode === 'publish' ? 'Publicar una herramienta' : 'Editar publicación'}
      </h1>
      <p className="mt-2 max-w-2xl text-slate-600">
        {mode === 'publish'
          ? 'Comparte una herramienta de IA con la comunidad. La revisaremos antes de publicarla.'
          : access === 'author'
            ? 'Al guardar, tu publicación vuelve a revisión.'
            : 'Los cambios de una herramienta publicada se ven en su página en unos segundos.'}
      </p>
      {mode === 'publish' && (
        <p role="status" aria-live="polite" className="mt-2 min-h-5 text-sm text-slate-600" data-draft-status={autosave.status}>
          {autosave.status === 'failed' ? <span className="font-medium text-red-700">{DRAFT_STATUS_TEXT.failed}</span> : DRAFT_STATUS_TEXT[autosave.status]}
        </p>
      )}
      {mode === 'edit' && access === 'author' && (form.status === 'rejected' || form.status === 'withdrawn') && post?.reviewNote && (
        <div role="note" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">{form.status === 'rejected' ? 'Motivo del rechazo' : 'Motivo de la retirada'}</p>
          <p className="mt-1 whitespace-pre-line">{post.reviewNote}</p>
        </div>
      )}

      {/* On a phone the one column is the screen's width, never its widest content (the cards' image previews). */}
      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          <section aria-labelledby={`${id}-basica`} className={card}>
            <h2 id={`${id}-basica`} className="text-lg font-semibold text-slate-900">
              Información básica
            </h2>
            <div className="mt-4 flex flex-col gap-4">
              <div data-field="title">
                <FormField
                  name="title"
                  label="Título"
                  value={form.title}
                  maxLength={LIMITS.title}
                  onChange={(event) => update({ title: event.target.value })}
                  onBlur={autoFill}
                  placeholder="Nombre de la herramienta"
                  error={errors.title}
                  autoComplete="off"
                />
              </div>
              <div data-field="description">
                <label htmlFor={`${id}-descripcion`} className={labelClass}>
                  Descripción
                </label>
                <textarea
                  id={`${id}-descripcion`}
                  name="description"
                  rows={4}
                  value={form.description}
                  maxLength={LIMITS.description}
                  onChange={(event) => update({ description: event.target.value })}
                  onBlur={autoFill}
                  placeholder="Qué hace, para quién y qué la distingue"
                  aria-invalid={errors.description ? true : undefined}
                  aria-describedby={`${id}-descripcion-cuenta${errors.description ? ` ${id}-descripcion-error` : ''}`}
                  className={`${fieldClass} ${errors.description ? 'border-red-600' : 'border-slate-300'}`}
                />
                <p
                  id={`${id}-descripcion-cuenta`}
                  className={`mt-1 text-sm ${descriptionLength >= DESCRIPTION_RECOMMENDED_MIN ? 'text-emerald-700' : 'text-slate-600'}`}
                >
                  {descriptionLength} caracteres (se recomiendan al menos {DESCRIPTION_RECOMMENDED_MIN})
                </p>
                {errors.description && (
                  <p id={`${id}-descripcion-error`} className="mt-1 text-sm font-medium text-red-700">
                    {errors.description}
                  </p>
                )}
              </div>
              <div data-field="url">
                <FormField
                  name="url"
                  label="URL de la herramienta"
                  type="url"
                  inputMode="url"
                  value={form.url}
                  maxLength={LIMITS.url}
                  onChange={(event) => update({ url: event.target.value })}
                  onBlur={() => void checkUrl()}
                  placeholder="https://ejemplo.com"
                  hint="Al escribirla buscamos su título, descripción, imagen e icono, y si ya está en el directorio."
                  error={errors.url}
                />
              </div>
              {(duplicates.length > 0 || pendingNotice) && (
                <div role="status" className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
                  <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
                  <div>
                    {duplicates.length > 0 && (
                      <>
                        <p className="font-semibold">Esta web ya está en el directorio</p>
                        <ul className="mt-1 space-y-1 text-sm">
                          {duplicates.map((duplicate) => (
                            <li key={duplicate.id}>
                              <a href={duplicate.path} target="_blank" rel="noopener" className="font-medium underline underline-offset-2">
                                {duplicate.title}
                                <span className="sr-only"> (se abre en una pestaña nueva)</span>
                              </a>{' '}
                              ({duplicate.status === 'published' ? 'publicada' : 'pendiente de revisión'})
                            </li>
                          ))}
                        </ul>
                      </>
                    )}
                    {pendingNotice && <p className={duplicates.length > 0 ? 'mt-1 text-sm' : 'font-semibold'}>{pendingNotice}</p>}
                    <p className="mt-1 text-sm">Comprueba que no sea la misma herramienta antes de seguir.</p>
                  </div>
                </div>
              )}
              {lookup === 'loading' && (
                <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
                  <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />
                  Leyendo la web de la herramienta...
                </p>
              )}
              {typeof lookup === 'object' && (
                <p role="status" className="text-sm text-slate-600">
                  {lookup.error}
                </p>
              )}
              {suggestions && (suggestions.title || suggestions.description) && (
                <div className="rounded-xl border border-brand-200 bg-brand-50 p-4">
                  <p className="flex items-center gap-2 font-semibold text-brand-900">
                    <Sparkles className="h-4 w-4" aria-hidden="true" />
                    Sugerencias de su web
                  </p>
                  <dl className="mt-2 space-y-2 text-sm text-slate-800">
                    {suggestions.title && (
                      <div className="flex flex-wrap items-baseline gap-x-2">
                        <dt className="font-medium">Título:</dt>
                        <dd className="min-w-0 flex-1">{suggestions.title}</dd>
                        <dd>
                          <button
                            type="button"
                            onClick={() => update({ title: suggestions.title! })}
                            className="font-semibold text-brand-700 underline underline-offset-2"
                          >
                            Usar título
                          </button>
                        </dd>
                      </div>
                    )}
                    {suggestions.description && (
                      <div className="flex flex-wrap items-baseline gap-x-2">
                        <dt className="font-medium">Descripción:</dt>
                        <dd className="min-w-0 flex-1">{suggestions.description}</dd>
                        <dd>
                          <button
                            type="button"
                            onClick={() => update({ description: suggestions.description!.slice(0, LIMITS.description) })}
                            className="font-semibold text-brand-700 underline underline-offset-2"
                          >
                            Usar descripción
                          </button>
                        </dd>
                      </div>
                    )}
                  </dl>
                </div>
              )}
              <div>
                <label htmlFor={`${id}-precio`} className={labelClass}>
                  Modelo de precios
                </label>
                <select
                  id={`${id}-precio`}
                  name="pricing"
                  value={form.pricing}
                  onChange={(event) => update({ pricing: event.target.value as PricingModel })}
                  className={`${fieldClass} border-slate-300`}
                >
                  {pricingModels.map((model) => (
                    <option key={model} value={model}>
                      {pricingLabel[model]}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          </section>

          <section aria-labelledby={`${id}-categorias`} className={card} data-field="categoryIds">
            <h2 id={`${id}-categorias`} className="mb-4 text-lg font-semibold text-slate-900">
              Categorías
            </h2>
            <CategoryPicker categories={categories} value={form.categoryIds} onChange={(categoryIds) => update({ categoryIds })} error={errors.categoryIds} />
          </section>

          <section aria-labelledby={`${id}-usos`} className={card} data-field="useCases">
            <h2 id={`${id}-usos`} className="text-lg font-semibold text-slate-900">
              Para qué sirve
            </h2>
            <label htmlFor={`${id}-usos-lista`} className={`${labelClass} mt-3`}>
              Tareas en las que ayuda (opcional)
            </label>
            <p id={`${id}-usos-ayuda`} className="mb-2 text-sm text-slate-600">
              Elige hasta {LIMITS.useCases} con Ctrl o ⌘. Si no eliges ninguna, las deducimos de las categorías, las palabras clave y el texto.
            </p>
            <select
              id={`${id}-usos-lista`}
              name="useCases"
              multiple
              size={8}
              value={form.useCases}
              onChange={(event) => update({ useCases: [...event.target.selectedOptions].map((option) => option.value) })}
              aria-describedby={errors.useCases ? `${id}-usos-ayuda ${id}-usos-error` : `${id}-usos-ayuda`}
              aria-invalid={errors.useCases ? true : undefined}
              className={`${fieldClass} ${errors.useCases ? 'border-red-500' : 'border-slate-300'}`}
            >
              {TASKS.map((task) => (
                <option key={task.slug} value={task.slug}>
                  {task.label}
                </option>
              ))}
            </select>
            {errors.useCases && (
              <p id={`${id}-usos-error`} className="mt-1 text-sm font-medium text-red-700">
                {errors.useCases}
              </p>
            )}
          </section>

          <FactsFieldset
            value={form.facts}
            onChange={(patch) => setForm((current) => ({ ...current, facts: { ...current.facts, ...patch } }))}
            errors={errors}
            admin={checksFacts}
            checkedAt={post?.factsCheckedAt ?? null}
          />

          <section aria-labelledby={`${id}-imagenes`} className={card}>
            <h2 id={`${id}-imagenes`} className="text-lg font-semibold text-slate-900">
              {mode === 'edit' ? 'Gestión de imágenes' : 'Imagen y logo'}
            </h2>
            <div className="mt-4 grid gap-4 md:grid-cols-2">
              <div data-field="imageUrl">
                <ImageInput
                  label="Imagen destacada"
                  kind="image"
                  value={form.image}
                  onChange={(image) => update({ image })}
                  successTitle={imageSuccess('image')}
                  error={errors.imageUrl}
                  suggestedUrl={suggestions?.image}
                />
              </div>
              <div data-field="logoUrl">
                <ImageInput
                  label="Logo"
                  kind="logo"
                  value={form.logo}
                  onChange={(logo) => update({ logo })}
                  successTitle={imageSuccess('logo')}
                  error={errors.logoUrl}
                  suggestedUrl={suggestions?.icon}
                />
              </div>
            </div>
          </section>

          <section aria-labelledby={`${id}-contenido`} className={card} data-field="content">
            <h2 id={`${id}-contenido`} className="mb-1 text-lg font-semibold text-slate-900">
              Contenido detallado
            </h2>
            <p id={`${id}-contenido-ayuda`} className="mb-3 text-sm text-slate-600">
              Explica qué hace, cómo se usa y para quién es. Puedes añadir enlaces, imágenes y vídeos de YouTube o Vimeo.
            </p>
            <LazyRichTextEditor
              value={form.content}
              onChange={(content) => update({ content })}
              labelId={`${id}-contenido`}
              describedBy={`${id}-contenido-ayuda`}
            />
            {errors.content && <p className="mt-1 text-sm font-medium text-red-700">{errors.content}</p>}
          </section>

          {admin && (
            <section aria-labelledby={`${id}-admin`} className={card}>
              <h2 id={`${id}-admin`} className="text-lg font-semibold text-slate-900">
                Administración
              </h2>
              <div className="mt-4 grid gap-4 md:grid-cols-2">
                <label className="flex items-center gap-3 text-sm font-medium text-slate-800">
                  <input
                    type="checkbox"
                    checked={form.isPopular}
                    onChange={(event) => update({ isPopular: event.target.checked })}
                    className="h-5 w-5 rounded border-slate-400 accent-brand-600"
                  />
                  Marcar como popular
                </label>
                <label className="flex items-center gap-3 text-sm font-medium text-slate-800">
                  <input
                    type="checkbox"
                    checked={form.isFeatured}
                    onChange={(event) => update({ isFeatured: event.target.checked })}
                    className="h-5 w-5 rounded border-slate-400 accent-brand-600"
                  />
                  Marcar como destacado
                </label>
                <div>
                  <label htmlFor={`${id}-estado`} className={labelClass}>
                    Estado
                  </label>
                  <select
                    id={`${id}-estado`}
                    value={form.status}
                    onChange={(event) => update({ status: event.target.value as PostStatus })}
                    className={`${fieldClass} border-slate-300`}
                  >
                    {postStatuses.map((status) => (
                      <option key={status} value={status}>
                        {STATUS_LABEL[status]}
                      </option>
                    ))}
                  </select>
                </div>
                <div data-field="slug">
                  <FormField
                    name="slug"
                    label="Dirección (slug)"
                    value={form.slug}
                    maxLength={LIMITS.slug}
                    onChange={(event) => update({ slug: event.target.value.trim().toLowerCase() })}
                    hint={`${siteUrl.replace(/^https?:\/\//, '')}/${form.slug || '…'} · Si cambia, la dirección antigua redirige a la nueva.`}
                    error={errors.slug}
                    autoComplete="off"
                  />
                </div>
                {(form.status === 'rejected' || form.status === 'withdrawn') && (
                  <div className="md:col-span-2" data-field="reviewNote">
                    <label htmlFor={`${id}-nota`} className={labelClass}>
                      Nota para el autor (motivo {form.status === 'rejected' ? 'del rechazo' : 'de la retirada'})
                    </label>
                    <textarea
                      id={`${id}-nota`}
                      rows={3}
                      value={form.reviewNote}
                      maxLength={LIMITS.reviewNote}
                      onChange={(event) => update({ reviewNote: event.target.value })}
                      aria-invalid={errors.reviewNote ? true : undefined}
                      aria-describedby={errors.reviewNote ? `${id}-nota-error` : undefined}
                      className={`${fieldClass} ${errors.reviewNote ? 'border-red-600' : 'border-slate-300'}`}
                    />
                    {errors.reviewNote && (
                      <p id={`${id}-nota-error`} className="mt-1 text-sm font-medium text-red-700">
                        {errors.reviewNote}
                      </p>
                    )}
                  </div>
                )}
              </div>
            </section>
          )}

          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            {mode === 'publish' ? (
              <button
                type="button"
                onClick={() => void preview()}
                className="inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <Eye className="h-4 w-4" aria-hidden="true" />
                Vista previa
              </button>
            ) : (
              <a
                href={backHref}
                onClick={(event) => {
                  if (!confirmLeave()) event.preventDefault();
                }}
                className="inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                Cancelar
              </a>
            )}
            <button
              type="submit"
              disabled={submitting}
              className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-70"
            >
              {submitting ? <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Send className="h-4 w-4" aria-hidden="true" />}
              {mode === 'publish' ? (submitting ? PUBLISH_TEXTS.submitting : PUBLISH_TEXTS.submit) : submitting ? PUBLISH_TEXTS.saving : PUBLISH_TEXTS.save}
            </button>
          </div>
          {mode === 'edit' && post?.status === 'published' && (
            <p className="text-right text-sm">
              <a href={`/${post.slug}`} target="_blank" rel="noopener" className="inline-flex items-center gap-1 text-brand-700 underline underline-offset-2">
                Ver la página publicada
                <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
                <span className="sr-only">(se abre en una pestaña nueva)</span>
              </a>
            </p>
          )}
        </div>

        <aside aria-label="SEO y redes sociales">
          <SeoPanel
            values={{
              title: form.title,
              description: form.description,
              imagePreview: form.image.preview,
              logoPreview: form.logo.preview,
              metaTitle: form.metaTitle,
              metaDescription: form.metaDescription,
              keywords: form.keywords,
              author: form.author,
            }}
            onChange={(patch) => update(patch)}
            categoryCount={form.categoryIds.length}
            canonicalUrl={canonicalUrl}
            siteName={siteName}
            errors={errors}
          />
        </aside>
      </div>
      <p className="sr-only" aria-live="polite">
        {submitting ? (mode === 'publish' ? PUBLISH_TEXTS.submitting : PUBLISH_TEXTS.saving) : ''}
      </p>
    </form>
  );
}
