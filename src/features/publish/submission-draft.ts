/**
 * A draft of the publish form: the same fields as a submission with the same types and limits, but
 * none required, since an author saves halfway. Shared by the autosave hook and the draft endpoints; the normal
 * submit (publishInput) still validates everything when the draft is sent to review.
 */
import { z } from '../../lib/zod.ts';
import { LIMITS, publishInput } from '../../lib/tool-form.ts';

export const submissionDraftInput = publishInput
  .extend({
    title: z
      .string()
      .trim()
      .max(LIMITS.title, { error: `El título no puede superar ${LIMITS.title} caracteres.` }),
    description: z
      .string()
      .trim()
      .max(LIMITS.description, { error: `La descripción no puede superar ${LIMITS.description} caracteres.` }),
    categoryIds: z
      .array(z.uuid({ error: 'Alguna de las categorías elegidas no es válida. Recarga la página y elige otra.' }))
      .max(LIMITS.categories, { error: `Elige como mucho ${LIMITS.categories} categorías.` })
      .transform((ids) => [...new Set(ids)]),
  })
  .partial();
export type SubmissionDraftValues = z.output<typeof submissionDraftInput>;

/** A saved draft as the form resumes it: its values, and what the browser shows for its stored images. */
export interface SubmissionDraft {
  id: string;
  values: SubmissionDraftValues;
  imagePreview: string | null;
  logoPreview: string | null;
  updatedAt: string;
}

/** What the dashboard lists under «Borradores». */
export interface SubmissionDraftSummary {
  id: string;
  title: string;
  updatedAt: string;
}

/** The autosave's state, read aloud through an aria-live region. */
export const DRAFT_STATUS_TEXT = {
  idle: '',
  saving: 'Guardando…',
  saved: 'Guardado',
  failed: 'No se pudo guardar el borrador',
} as const;
export type DraftStatus = keyof typeof DRAFT_STATUS_TEXT;

/** Where a draft is resumed and previewed. */
export const draftPath = (id: string) => `/publicar?borrador=${encodeURIComponent(id)}`;
export const draftPreviewPath = (id: string) => `/publicar/vista-previa?borrador=${encodeURIComponent(id)}`;
