/**
 * The form's closing row: «Vista previa» on /publicar or «Cancelar» in the editor, the send button with its
 * progress, and in the editor of a published tool a link to its page.
 */
import { ExternalLink, Eye, LoaderCircle, Send } from 'lucide-react';
import { Button } from '../../components/ui/Button.tsx';
import { buttonClass } from '../../components/ui/styles.ts';
import { PUBLISH_TEXTS } from './publish-texts.ts';

interface Props {
  mode: 'publish' | 'edit';
  submitting: boolean;
  onPreview(): void;
  backHref: string;
  /** False when the author chose to stay on a form with unsaved changes. */
  confirmLeave(): boolean;
  /** The published tool's address in the editor, for «Ver la página publicada». */
  publishedPath: string | null;
}

export function FormActions({ mode, submitting, onPreview, backHref, confirmLeave, publishedPath }: Props) {
  return (
    <>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {mode === 'publish' ? (
          <Button variant="secondary" size="lg" onClick={onPreview}>
            <Eye className="h-4 w-4" aria-hidden="true" />
            Vista previa
          </Button>
        ) : (
          <a
            href={backHref}
            onClick={(event) => {
              if (!confirmLeave()) event.preventDefault();
            }}
            className={buttonClass({ variant: 'secondary', size: 'lg' })}
          >
            Cancelar
          </a>
        )}
        <Button type="submit" variant="primary" size="lg" disabled={submitting}>
          {submitting ? <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Send className="h-4 w-4" aria-hidden="true" />}
          {mode === 'publish' ? (submitting ? PUBLISH_TEXTS.submitting : PUBLISH_TEXTS.submit) : submitting ? PUBLISH_TEXTS.saving : PUBLISH_TEXTS.save}
        </Button>
      </div>
      {publishedPath && (
        <p className="text-right text-sm">
          <a href={publishedPath} target="_blank" rel="noopener" className="inline-flex items-center gap-1 text-brand-700 underline underline-offset-2">
            Ver la página publicada
            <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
            <span className="sr-only">(se abre en una pestaña nueva)</span>
          </a>
        </p>
      )}
    </>
  );
}
