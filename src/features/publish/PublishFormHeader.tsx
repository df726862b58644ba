/**
 * The top of the publication form: «Volver», the page's heading and intro, the draft's save status on /publicar and,
 * for an author editing a rejected or withdrawn submission, the reason the admin gave.
 */
import { ArrowLeft } from 'lucide-react';
import type { ToolStatus } from '../../lib/tool-form.ts';
import { DRAFT_STATUS_TEXT, type DraftStatus } from './submission-draft.ts';

interface Props {
  mode: 'publish' | 'edit';
  access: 'admin' | 'author';
  /** The h1's id: the form is labelled by it. */
  headingId: string;
  backHref: string;
  /** False when the author chose to stay on a form with unsaved changes. */
  confirmLeave(): boolean;
  draftStatus: DraftStatus;
  /** The status chosen in the form (an author cannot change it) and the stored note to the author. */
  status: ToolStatus;
  reviewNote: string | undefined;
}

export function PublishFormHeader({ mode, access, headingId, backHref, confirmLeave, draftStatus, status, reviewNote }: Props) {
  return (
    <>
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
      <h1 id={headingId} className="mt-4 text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">
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
        <p role="status" aria-live="polite" className="mt-2 min-h-5 text-sm text-slate-600" data-draft-status={draftStatus}>
          {draftStatus === 'failed' ? <span className="font-medium text-red-700">{DRAFT_STATUS_TEXT.failed}</span> : DRAFT_STATUS_TEXT[draftStatus]}
        </p>
      )}
      {mode === 'edit' && access === 'author' && (status === 'rejected' || status === 'withdrawn') && reviewNote && (
        <div role="note" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">{status === 'rejected' ? 'Motivo del rechazo' : 'Motivo de la retirada'}</p>
          <p className="mt-1 whitespace-pre-line">{reviewNote}</p>
        </div>
      )}
    </>
  );
}
