/**
 * The SEO side panel and social preview: the social cards ('Ver Tarjetas' / 'Ocultar', four platform tabs, each
 * falling back to the Open Graph value, then the tool's own title, description and image), the 'Optimización SEO
 * Completa' checklist and tiles, and the sticky, collapsible
 * 'Configuración SEO Avanzada' card with meta title and description counters, keywords and author.
 */
import { CheckCircle2, ChevronDown, CircleAlert, Plus, Sparkles, X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import {
  addKeyword,
  autoKeywords,
  characterCount,
  counterTone,
  META_DESCRIPTION_MAX,
  META_DESCRIPTION_OPTIMUM,
  META_TITLE_MAX,
  META_TITLE_OPTIMUM,
  platformPreview,
  previewMissing,
  type PreviewPlatform,
} from '../../lib/post-metadata.ts';

export interface SeoValues {
  title: string;
  description: string;
  imagePreview: string | null;
  logoPreview: string | null;
  metaTitle: string;
  metaDescription: string;
  keywords: string[];
  author: string;
}

interface Props {
  values: SeoValues;
  onChange(patch: Partial<Pick<SeoValues, 'metaTitle' | 'metaDescription' | 'keywords' | 'author'>>): void;
  categoryCount: number;
  canonicalUrl: string;
  siteName: string;
  errors: Record<string, string>;
}

const PLATFORMS: { id: PreviewPlatform; label: string }[] = [
  { id: 'facebook', label: 'Facebook' },
  { id: 'twitter', label: 'Twitter' },
  { id: 'whatsapp', label: 'WhatsApp' },
  { id: 'linkedin', label: 'LinkedIn' },
];

const CHECKLIST = ['Open Graph (Facebook)', 'Twitter Cards', 'WhatsApp Preview', 'LinkedIn Cards'];
const listFormat = new Intl.ListFormat('es-ES', { type: 'conjunction' });

const toneClass = { over: 'text-red-700 font-semibold', optimum: 'text-emerald-700', normal: 'text-slate-600' } as const;

function SocialCard({ platform, preview, host }: { platform: PreviewPlatform; preview: ReturnType<typeof platformPreview>; host: string }) {
  const image = preview.image ? (
    <img src={preview.image} alt="" className="aspect-[1.91/1] w-full bg-slate-100 object-cover" />
  ) : (
    <div className="flex aspect-[1.91/1] w-full items-center justify-center bg-slate-100 text-sm text-slate-500">Sin imagen</div>
  );
  if (platform === 'whatsapp') {
    return (
      <div className="rounded-xl bg-[#e7fed8] p-2">
        <div className="overflow-hidden rounded-lg bg-white shadow-sm">
          {image}
          <div className="p-2">
            <p className="line-clamp-2 text-sm font-semibold text-slate-900">{preview.title}</p>
            <p className="mt-0.5 line-clamp-3 whitespace-pre-line text-xs text-slate-600">{preview.description}</p>
            <p className="mt-1 text-xs text-slate-500">{host}</p>
          </div>
        </div>
      </div>
    );
  }
  return (
    <div className={`overflow-hidden border border-slate-200 bg-white ${platform === 'twitter' ? 'rounded-2xl' : 'rounded-md'}`}>
      {image}
      <div className={platform === 'facebook' ? 'bg-slate-100 p-3' : 'p-3'}>
        {platform === 'facebook' && <p className="text-xs uppercase text-slate-600">{host}</p>}
        <p className="line-clamp-2 font-semibold text-slate-900">{preview.title}</p>
        <p className="mt-0.5 line-clamp-2 text-sm text-slate-600">{preview.description}</p>
        {platform !== 'facebook' && <p className="mt-1 text-xs text-slate-500">{host}</p>}
      </div>
    </div>
  );
}

function SocialPreview({ values, canonicalUrl, siteName }: Pick<Props, 'values' | 'canonicalUrl' | 'siteName'>) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [platform, setPlatform] = useState<PreviewPlatform>('facebook');
  const host = new URL(canonicalUrl).host;
  const source = {
    title: values.title,
    description: values.description,
    imageUrl: values.imagePreview ?? '',
    logoUrl: values.logoPreview ?? '',
    metaTitle: values.metaTitle,
    metaDescription: values.metaDescription,
  };
  const missing = previewMissing(source);
  const complete = missing.length === 0;
  const hasImage = Boolean(values.imagePreview || values.logoPreview);
  const hasMetadata = Boolean(values.title.trim() || values.description.trim());

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    event.preventDefault();
    const next = PLATFORMS[(index + delta + PLATFORMS.length) % PLATFORMS.length]!;
    setPlatform(next.id);
    document.getElementById(`${id}-tab-${next.id}`)?.focus();
  }

  return (
    <section aria-labelledby={`${id}-titulo`} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <h2 id={`${id}-titulo`} className="font-semibold text-slate-900">
          Vista Previa en Redes Sociales
        </h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-tarjetas`}
          onClick={() => setOpen(!open)}
          className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {open ? 'Ocultar' : 'Ver Tarjetas'}
        </button>
      </div>
      <div id={`${id}-tarjetas`} hidden={!open} className="mt-4">
        <div role="tablist" aria-label="Red social" className="grid grid-cols-4 gap-1 rounded-lg bg-slate-100 p-1">
          {PLATFORMS.map((entry, index) => (
            <button
              key={entry.id}
              id={`${id}-tab-${entry.id}`}
              type="button"
              role="tab"
              aria-selected={platform === entry.id}
              aria-controls={`${id}-panel`}
              tabIndex={platform === entry.id ? 0 : -1}
              onClick={() => setPlatform(entry.id)}
              onKeyDown={(event) => onTabKey(event, index)}
              className="rounded-md px-1 py-1.5 text-xs font-medium text-slate-700 aria-selected:bg-white aria-selected:text-slate-900 aria-selected:shadow-sm sm:text-sm"
            >
              {entry.label}
            </button>
          ))}
        </div>
        <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${platform}`} className="mt-3">
          <SocialCard platform={platform} preview={platformPreview(platform, source, siteName, canonicalUrl)} host={host} />
        </div>
      </div>
      <div className={`mt-4 rounded-xl p-3 ${complete ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-950'}`}>
        <p className="text-sm font-semibold">{complete ? 'Optimización SEO Completa' : 'Optimización SEO pendiente'}</p>
        {!complete && <p className="mt-1 text-sm">{`Las tarjetas aún usan el texto de ejemplo: falta ${listFormat.format(missing)}.`}</p>}
        <ul className="mt-2 grid grid-cols-2 gap-1 text-sm">
          {CHECKLIST.map((item) => (
            <li key={item} className="flex items-center gap-1.5">
              {complete ? (
                <CheckCircle2 className="h-4 w-4 shrink-0 text-emerald-700" aria-hidden="true" />
              ) : (
                <CircleAlert className="h-4 w-4 shrink-0 text-amber-800" aria-hidden="true" />
              )}
              {item}
              <span className="sr-only">{complete ? ': lista' : ': incompleta'}</span>
            </li>
          ))}
        </ul>
      </div>
      <p className={`mt-3 flex items-start gap-2 text-sm ${hasImage ? 'text-emerald-800' : 'text-amber-900'}`}>
        {hasImage ? (
          <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        ) : (
          <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        )}
        {hasImage
          ? 'Imagen detectada: se usará automáticamente como imagen destacada al compartir.'
          : 'Sube una imagen o un logo para que la publicación tenga imagen al compartirla.'}
      </p>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <div className="rounded-lg border border-slate-200 p-3">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">Metadatos SEO</p>
          <p className={`mt-1 text-sm font-medium ${hasMetadata ? 'text-emerald-800' : 'text-slate-700'}`}>
            {hasMetadata ? 'Generados automáticamente' : 'Pendientes de generar'}
          </p>
        </div>
        <div className="rounded-lg border border-slate-200 p-3">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">Imagen Destacada</p>
          <p className={`mt-1 text-sm font-medium ${hasImage ? 'text-emerald-800' : 'text-slate-700'}`}>
            {hasImage ? 'Configurada correctamente' : 'Sube una imagen para mejorar el SEO'}
          </p>
        </div>
      </div>
    </section>
  );
}

function Counter({ id, length, max, optimum }: { id: string; length: number; max: number; optimum: readonly [number, number] }) {
  return (
    <span id={id} className={`text-xs tabular-nums ${toneClass[counterTone(length, max, optimum)]}`}>
      {length}/{max}
    </span>
  );
}

export function SeoPanel({ values, onChange, categoryCount, canonicalUrl, siteName, errors }: Props) {
  const id = useId();
  const [open, setOpen] = useState(true);
  const [keyword, setKeyword] = useState('');
  const host = new URL(canonicalUrl).host;
  const hasPreview = Boolean(values.title.trim() || values.description.trim());
  const ogTitle = values.metaTitle || values.title || 'Título de la publicación';
  const ogDescription = values.metaDescription || values.description || 'Descripción de la publicación';
  const ogImage = values.imagePreview || values.logoPreview;
  const titleLength = characterCount(values.metaTitle);
  const descriptionLength = characterCount(values.metaDescription);

  function add() {
    const next = addKeyword(values.keywords, keyword);
    onChange({ keywords: next });
    setKeyword('');
  }

  const field =
    'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600';
  return (
    <div className="flex flex-col gap-4 lg:sticky lg:top-4">
      <SocialPreview values={values} canonicalUrl={canonicalUrl} siteName={siteName} />
      <section aria-labelledby={`${id}-seo`} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
        <h2 id={`${id}-seo`}>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={`${id}-contenido`}
            onClick={() => setOpen(!open)}
            className="flex w-full items-center justify-between gap-3 rounded-2xl p-4 text-left font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <span className="flex items-center gap-2">
              <Sparkles className="h-4 w-4 text-brand-600" aria-hidden="true" />
              Configuración SEO Avanzada
            </span>
            <span className="flex items-center gap-2">
              <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
                {categoryCount} {categoryCount === 1 ? 'categoría' : 'categorías'}
              </span>
              <ChevronDown className={`h-4 w-4 transition ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
            </span>
          </button>
        </h2>
        <div id={`${id}-contenido`} hidden={!open} className="space-y-4 px-4 pb-4">
          {hasPreview && (
            <>
              <div className="rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
                <p className="font-semibold">Sistema SEO Activo</p>
                <ul className="mt-1 list-disc pl-5">
                  <li>Open Graph</li>
                  <li>Twitter Cards (summary_large_image)</li>
                  <li>WhatsApp Preview</li>
                  <li>Datos estructurados de {host}</li>
                </ul>
              </div>
              <div className="flex gap-3 rounded-xl border border-slate-200 p-3">
                {ogImage ? (
                  <img src={ogImage} alt="" className="h-16 w-16 shrink-0 rounded-md object-cover" />
                ) : (
                  <div className="h-16 w-16 shrink-0 rounded-md bg-slate-100" aria-hidden="true" />
                )}
                <div className="min-w-0 text-sm">
                  <p className="truncate font-semibold text-slate-900">{ogTitle}</p>
                  <p className="line-clamp-2 text-slate-600">{ogDescription}</p>
                  <p className="truncate text-xs text-slate-500">{canonicalUrl}</p>
                </div>
              </div>
            </>
          )}
          <div>
            <div className="mb-1.5 flex items-baseline justify-between">
              <label htmlFor={`${id}-meta-titulo`} className="text-sm font-medium text-slate-800">
                Meta Título
              </label>
              <Counter id={`${id}-meta-titulo-cuenta`} length={titleLength} max={META_TITLE_MAX} optimum={META_TITLE_OPTIMUM} />
            </div>
            <input
              id={`${id}-meta-titulo`}
              name="metaTitle"
              value={values.metaTitle}
              maxLength={META_TITLE_MAX}
              onChange={(event) => onChange({ metaTitle: event.target.value })}
              placeholder="Se rellena con el título"
              aria-invalid={errors.metaTitle ? true : undefined}
              aria-describedby={`${id}-meta-titulo-cuenta${errors.metaTitle ? ` ${id}-meta-titulo-error` : ''}`}
              className={`${field} ${errors.metaTitle || titleLength > META_TITLE_MAX ? 'border-red-600' : 'border-slate-300'}`}
            />
            {errors.metaTitle && (
              <p id={`${id}-meta-titulo-error`} className="mt-1 text-sm font-medium text-red-700">
                {errors.metaTitle}
              </p>
            )}
          </div>
          <div>
            <div className="mb-1.5 flex items-baseline justify-between">
              <label htmlFor={`${id}-meta-descripcion`} className="text-sm font-medium text-slate-800">
                Meta Descripción
              </label>
              <Counter id={`${id}-meta-descripcion-cuenta`} length={descriptionLength} max={META_DESCRIPTION_MAX} optimum={META_DESCRIPTION_OPTIMUM} />
            </div>
            <textarea
              id={`${id}-meta-descripcion`}
              name="metaDescription"
              rows={3}
              value={values.metaDescription}
              maxLength={META_DESCRIPTION_MAX}
              onChange={(event) => onChange({ metaDescription: event.target.value })}
              placeholder="Se rellena con la descripción"
              aria-invalid={errors.metaDescription ? true : undefined}
              aria-describedby={`${id}-meta-descripcion-cuenta${errors.metaDescription ? ` ${id}-meta-descripcion-error` : ''}`}
              className={`${field} ${errors.metaDescription || descriptionLength > META_DESCRIPTION_MAX ? 'border-red-600' : 'border-slate-300'}`}
            />
            {errors.metaDescription && (
              <p id={`${id}-meta-descripcion-error`} className="mt-1 text-sm font-medium text-red-700">
                {errors.metaDescription}
              </p>
            )}
          </div>
          <div role="group" aria-labelledby={`${id}-palabras`}>
            <div className="mb-1.5 flex items-baseline justify-between gap-2">
              <p id={`${id}-palabras`} className="text-sm font-medium text-slate-800">
                Palabras Clave
              </p>
              <button
                type="button"
                onClick={() => onChange({ keywords: autoKeywords(values.keywords, values) })}
                className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                Generar automáticamente
              </button>
            </div>
            <div className="flex gap-2">
              <label htmlFor={`${id}-palabra`} className="sr-only">
                Nueva palabra clave
              </label>
              <input
                id={`${id}-palabra`}
                value={keyword}
                onChange={(event) => setKeyword(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    if (keyword.trim()) add();
                  }
                }}
                placeholder="Añadir palabra clave"
                className={`${field} border-slate-300`}
              />
              <button
                type="button"
                onClick={add}
                disabled={!keyword.trim()}
                aria-label="Añadir palabra clave"
                className="inline-flex shrink-0 items-center justify-center rounded-lg bg-brand-600 px-3 text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
              >
                <Plus className="h-4 w-4" aria-hidden="true" />
              </button>
            </div>
            {values.keywords.length > 0 && (
              <ul aria-label="Palabras clave añadidas" className="mt-2 flex flex-wrap gap-1.5">
                {values.keywords.map((entry) => (
                  <li key={entry}>
                    <button
                      type="button"
                      onClick={() => onChange({ keywords: values.keywords.filter((other) => other !== entry) })}
                      className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-800 hover:bg-red-50 hover:text-red-800 focus-visible:outline-2 focus-visible:outline-brand-600"
                    >
                      {entry}
                      <X className="h-3 w-3" aria-hidden="true" />
                      <span className="sr-only">(quitar)</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {errors.keywords && <p className="mt-1 text-sm font-medium text-red-700">{errors.keywords}</p>}
          </div>
          <div>
            <label htmlFor={`${id}-autor`} className="mb-1.5 block text-sm font-medium text-slate-800">
              Autor
            </label>
            <input
              id={`${id}-autor`}
              name="author"
              value={values.author}
              maxLength={100}
              onChange={(event) => onChange({ author: event.target.value })}
              placeholder="Nombre del autor"
              className={`${field} border-slate-300`}
            />
          </div>
        </div>
      </section>
    </div>
  );
}
