/**
 * The SEO side panel: the social preview above, and the sticky, collapsible 'Configuración SEO Avanzada' card with a
 * summary of the page's shared look, the meta title and description with their counters, keywords and author.
 */
import { ChevronDown, Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../components/ui/Badge.tsx';
import { controlClass } from '../../components/ui/styles.ts';
import { META_DESCRIPTION_MAX, META_DESCRIPTION_OPTIMUM, META_TITLE_MAX, META_TITLE_OPTIMUM } from '../../lib/tool-metadata.ts';
import { KeywordsField } from './KeywordsField.tsx';
import { MetaTextField } from './MetaTextField.tsx';
import { categoryCountText } from './publish-texts.ts';
import { SocialPreview } from './SocialPreview.tsx';

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

export function SeoPanel({ values, onChange, categoryCount, canonicalUrl, siteName, errors }: Props) {
  const id = useId();
  const [open, setOpen] = useState(true);
  const hasPreview = Boolean(values.title.trim() || values.description.trim());

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
              <Badge tone="brand">{categoryCountText(categoryCount)}</Badge>
              <ChevronDown className={`h-4 w-4 transition ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
            </span>
          </button>
        </h2>
        <div id={`${id}-contenido`} hidden={!open} className="space-y-4 px-4 pb-4">
          {hasPreview && <SeoSummary values={values} canonicalUrl={canonicalUrl} />}
          <MetaTextField
            id={`${id}-meta-titulo`}
            label="Meta Título"
            as="input"
            name="metaTitle"
            value={values.metaTitle}
            onChange={(metaTitle) => onChange({ metaTitle })}
            max={META_TITLE_MAX}
            optimum={META_TITLE_OPTIMUM}
            placeholder="Se rellena con el título"
            error={errors.metaTitle}
          />
          <MetaTextField
            id={`${id}-meta-descripcion`}
            label="Meta Descripción"
            as="textarea"
            name="metaDescription"
            value={values.metaDescription}
            onChange={(metaDescription) => onChange({ metaDescription })}
            max={META_DESCRIPTION_MAX}
            optimum={META_DESCRIPTION_OPTIMUM}
            placeholder="Se rellena con la descripción"
            error={errors.metaDescription}
          />
          <KeywordsField keywords={values.keywords} source={values} onChange={(keywords) => onChange({ keywords })} error={errors.keywords} />
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
              className={controlClass({ size: 'sm' })}
            />
          </div>
        </div>
      </section>
    </div>
  );
}

/** 'Sistema SEO Activo' and the page as a search result or link would show it, once there is a title or description. */
function SeoSummary({ values, canonicalUrl }: Pick<Props, 'values' | 'canonicalUrl'>) {
  const host = new URL(canonicalUrl).host;
  const ogTitle = values.metaTitle || values.title || 'Título de la publicación';
  const ogDescription = values.metaDescription || values.description || 'Descripción de la publicación';
  const ogImage = values.imagePreview || values.logoPreview;
  return (
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
  );
}
