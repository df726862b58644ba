/**
 * The publication form of /publicar and /editar/{id}: basic information, pricing, categories, tasks, the tool's
 * facts, image and logo, the rich-text content and the SEO side panel; in edit mode the admin's block (flags, status
 * with a note to the author, address) and 'Cancelar' / 'Guardar Cambios'. One island for /publicar, /editar/{id} and
 * /admin/edit/{id}; the server validates everything again with the same schema. This file lays the sections out;
 * the state and the sending are in usePublishForm.
 */
import { useId, useMemo } from 'react';
import { Card } from '../../components/ui/Card.tsx';
import type { EditableTool, PickerCategory } from '../../lib/tool-form.ts';
import { publishSlug } from '../../lib/slug.ts';
import { AdminFieldset } from './AdminFieldset.tsx';
import { ArticleFieldset } from './ArticleFieldset.tsx';
import { BasicsFieldset } from './BasicsFieldset.tsx';
import { CategoryPicker } from './CategoryPicker.tsx';
import { FactsFieldset } from './FactsFieldset.tsx';
import { FormActions } from './FormActions.tsx';
import { MediaFieldset } from './MediaFieldset.tsx';
import { PublishFormHeader } from './PublishFormHeader.tsx';
import { PUBLISH_TEXTS } from './publish-texts.ts';
import { SeoPanel } from './SeoPanel.tsx';
import type { SubmissionDraft } from './submission-draft.ts';
import { TasksFieldset } from './TasksFieldset.tsx';
import { usePublishForm } from './use-publish-form.ts';
import { useUrlLookup } from './use-url-lookup.ts';

interface Props {
  mode: 'publish' | 'edit';
  categories: PickerCategory[];
  siteName: string;
  siteUrl: string;
  /** Edit mode: the stored post and who is editing it. */
  post?: EditableTool;
  access?: 'admin' | 'author';
  /** Whether this user's save checks the tool's facts (an admin's does). */
  checksFacts: boolean;
  /** Publish mode: the author's draft being resumed (/publicar?borrador={id}). */
  draft?: SubmissionDraft;
}

export default function PublishForm({ mode, categories, siteName, siteUrl, post: tool, access = 'author', checksFacts, draft }: Props) {
  const id = useId();
  const admin = mode === 'edit' && access === 'admin';
  const { form, update, updateFacts, autoFill, errors, submitting, submit, preview, draftStatus, confirmLeave } = usePublishForm({
    mode,
    post: tool,
    admin,
    draft,
  });
  const urlLookup = useUrlLookup(tool?.url ?? '', tool?.id);

  const slug = mode === 'edit' ? form.slug || tool?.slug || '' : publishSlug(form.title) || 'herramienta';
  const canonicalUrl = useMemo(() => new URL(`/${slug}`, siteUrl).href, [slug, siteUrl]);
  const backHref = mode === 'publish' ? '/' : admin ? '/admin/dashboard' : '/dashboard';

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-titulo`} className="mx-auto w-full max-w-7xl px-4 py-6 md:py-10">
      <PublishFormHeader
        mode={mode}
        access={access}
        headingId={`${id}-titulo`}
        backHref={backHref}
        confirmLeave={confirmLeave}
        draftStatus={draftStatus}
        status={form.status}
        reviewNote={tool?.reviewNote}
      />

      {/* On a phone the one column is the screen's width, never its widest content (the cards' image previews). */}
      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          <BasicsFieldset form={form} update={update} autoFill={autoFill} errors={errors} urlLookup={urlLookup} />

          <Card as="section" aria-labelledby={`${id}-categorias`} data-field="categoryIds">
            <h2 id={`${id}-categorias`} className="mb-4 text-lg font-semibold text-slate-900">
              Categorías
            </h2>
            <CategoryPicker categories={categories} value={form.categoryIds} onChange={(categoryIds) => update({ categoryIds })} error={errors.categoryIds} />
          </Card>

          <TasksFieldset value={form.useCases} onChange={(useCases) => update({ useCases })} error={errors.useCases} />

          <FactsFieldset value={form.facts} onChange={updateFacts} errors={errors} admin={checksFacts} checkedAt={tool?.factsCheckedAt ?? null} />

          <MediaFieldset mode={mode} image={form.image} logo={form.logo} onChange={update} errors={errors} suggestions={urlLookup.suggestions} />

          <ArticleFieldset value={form.content} onChange={(content) => update({ content })} error={errors.content} />

          {admin && <AdminFieldset form={form} update={update} errors={errors} siteUrl={siteUrl} />}

          <FormActions
            mode={mode}
            submitting={submitting}
            onPreview={() => void preview()}
            backHref={backHref}
            confirmLeave={confirmLeave}
            publishedPath={mode === 'edit' && tool?.status === 'published' ? `/${tool.slug}` : null}
          />
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
            onChange={update}
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
