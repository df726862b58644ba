import { Bookmark, BookmarkCheck, Copy, FileCode, LoaderCircle, RotateCcw } from 'lucide-react';
import { useRef } from 'react';
import { showToast } from '../../components/toast/toast-store.ts';
import { Button } from '../../components/ui/Button.tsx';
import { DescriptionHowTo } from './DescriptionHowTo.tsx';
import { DESCRIPTION_MESSAGES } from './descriptions.ts';
import { DESCRIPTION_PROSE, SafeHtml } from './SafeHtml.tsx';
import type { DescriptionStatus } from './use-description-request.ts';

interface Props {
  idBase: string;
  status: DescriptionStatus;
  /** The HTML streamed so far, or the stored one once finished. */
  shown: string;
  finalHtml: string | null;
  /** A signed-out visitor is told that signing in lets them save. */
  askToSignIn: boolean;
  save: { offered: boolean; saved: boolean; saving: boolean; toggle(): void };
  onNew(): void;
  onCopyFailed(): void;
}

/** The result card: how it works, then the description as it streams, and copy, new image and save. */
export function DescriptionResult({ idBase: ids, status, shown, finalHtml, askToSignIn, save, onNew, onCopyFailed }: Props) {
  const resultRef = useRef<HTMLDivElement>(null);
  const analysing = status === 'analysing';

  async function copy(text: string, title: string) {
    try {
      await navigator.clipboard.writeText(text);
      showToast({ title });
    } catch {
      onCopyFailed();
    }
  }

  return (
    <section aria-labelledby={`${ids}-result-title`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-6">
      {status === 'idle' && !shown ? (
        <DescriptionHowTo titleId={`${ids}-result-title`} />
      ) : (
        <>
          <h2 id={`${ids}-result-title`} className="text-xl font-bold text-slate-900">
            {analysing ? 'Analizando imagen…' : 'Descripción generada'}
          </h2>
          <div ref={resultRef} aria-live="polite" aria-busy={analysing}>
            {shown ? (
              <SafeHtml html={shown} className={`mt-4 text-slate-800 ${DESCRIPTION_PROSE}`} />
            ) : (
              <p className="mt-4 flex items-center gap-2 text-slate-600">
                <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />
                La IA está mirando tu imagen.
              </p>
            )}
          </div>
          {status === 'result' && finalHtml && (
            <div className="mt-6 flex flex-wrap gap-2 border-t border-slate-200 pt-4">
              <Button variant="secondary" onClick={() => copy(resultRef.current?.innerText.trim() ?? '', DESCRIPTION_MESSAGES.textCopied)}>
                <Copy className="h-4 w-4" aria-hidden="true" /> Copiar texto
              </Button>
              <Button variant="secondary" onClick={() => copy(finalHtml, DESCRIPTION_MESSAGES.htmlCopied)}>
                <FileCode className="h-4 w-4" aria-hidden="true" /> Copiar HTML
              </Button>
              <Button variant="secondary" onClick={onNew}>
                <RotateCcw className="h-4 w-4" aria-hidden="true" /> Nueva imagen
              </Button>
              {save.offered && (
                <Button variant="secondary" onClick={save.toggle} disabled={save.saving} aria-pressed={save.saved}>
                  {save.saving ? (
                    <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />
                  ) : save.saved ? (
                    <BookmarkCheck className="h-4 w-4" aria-hidden="true" />
                  ) : (
                    <Bookmark className="h-4 w-4" aria-hidden="true" />
                  )}
                  {save.saved ? 'Guardado' : 'Guardar'}
                </Button>
              )}
            </div>
          )}
          {status === 'result' && save.saved && (
            <p className="mt-3 text-sm text-slate-600">
              La tienes en{' '}
              <a href="/mis-descripciones" className="font-medium text-brand-700 underline">
                Mis descripciones
              </a>
              .
            </p>
          )}
          {status === 'result' && askToSignIn && (
            <p className="mt-3 text-sm text-slate-600">
              <a href="/login" className="font-medium text-brand-700 underline">
                Inicia sesión
              </a>{' '}
              para guardar tus descripciones.
            </p>
          )}
        </>
      )}
    </section>
  );
}
