/**
 * The publication form's state and sending: the fields, the errors of the last send (each going as soon as its field
 * is fixed), the server draft saved while the author writes, «Vista previa», and the send itself with its toast and
 * the page it leads to.
 */
import { useState, type SubmitEvent } from 'react';
import { flashToast, showToast } from '../../components/toast/toast-store.ts';
import { RequestError } from '../../lib/endpoint-call.ts';
import { applyAutoFill } from '../../lib/tool-metadata.ts';
import { editInput, fieldErrors, publishInput, remainingErrors, type EditableTool } from '../../lib/tool-form.ts';
import type { FactsDraft } from './facts-draft.ts';
import { FACT_ERROR_FIELDS } from './FactsFieldset.tsx';
import { publishTool, saveTool } from './publish-client.ts';
import { draftState, formValues, initialState, type FormPatch, type FormState } from './publish-form-state.ts';
import { PUBLISH_TEXTS, publishedToast, savedToast } from './publish-texts.ts';
import { draftPreviewPath, type SubmissionDraft } from './submission-draft.ts';
import { useDraftAutosave } from './use-draft-autosave.ts';
import { useUnsavedWarning } from './use-unsaved-warning.ts';

/** The fields in the order the form shows them: the first with an error gets the focus and the toast. */
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

interface Options {
  mode: 'publish' | 'edit';
  post?: EditableTool | undefined;
  admin: boolean;
  /** Publish mode: the author's draft being resumed. */
  draft?: SubmissionDraft | undefined;
}

export function usePublishForm({ mode, post: tool, admin, draft }: Options) {
  const [form, setForm] = useState<FormState>(() => (draft ? draftState(draft) : initialState(tool)));
  const [sent, setSent] = useState<{ errors: Record<string, string>; values: Record<string, unknown> }>({ errors: {}, values: {} });
  const [submitting, setSubmitting] = useState(false);
  const schema = mode === 'publish' ? publishInput : editInput;
  const values = () => formValues(form, { mode, post: tool, admin });

  const update = (patch: FormPatch) => setForm((current) => ({ ...current, ...patch }));
  const updateFacts = (patch: Partial<FactsDraft>) => setForm((current) => ({ ...current, facts: { ...current.facts, ...patch } }));
  /** Meta title and description are filled once, when the author leaves the title or description. */
  const autoFill = () => setForm((current) => ({ ...current, ...applyAutoFill(current, current) }));

  function currentErrors(): Record<string, string> {
    const parsed = schema.safeParse(values());
    return parsed.success ? {} : fieldErrors(parsed.error);
  }

  // A fixed field loses its message and red border as soon as it is valid, not at the next submit.
  const errors = Object.keys(sent.errors).length === 0 ? sent.errors : remainingErrors(sent.errors, currentErrors(), sent.values, values());

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
    const parsed = schema.safeParse(values());
    if (!parsed.success) return showErrors(fieldErrors(parsed.error));
    setErrors({});
    setSubmitting(true);
    autosave.pause(true);
    try {
      if (mode === 'publish') {
        const saved = await publishTool(parsed.data as Parameters<typeof publishTool>[0], autosave.draftId);
        allowLeave();
        flashToast(publishedToast(saved.categoryCount));
        // To /{slug} (the author's pending page), or /dashboard without one.
        window.location.assign(saved.slug ? saved.path : '/dashboard');
      } else {
        const saved = await saveTool(tool!.id, parsed.data as Parameters<typeof saveTool>[1]);
        allowLeave();
        flashToast(savedToast(saved.categoryCount));
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

  return { form, update, updateFacts, autoFill, errors, submitting, submit, preview, draftStatus: autosave.status, confirmLeave };
}
