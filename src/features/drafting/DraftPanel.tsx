/**
 * «Redactar con IA» in the admin editor: asks for a draft written from the tool's own site, shows it beside
 * the current article with the facts side by side, lets the admin edit its text, then accept or discard it. Nothing
 * reaches the tool until «Aceptar borrador»; the page then reloads so the form holds the new article and version.
 */
import { LoaderCircle, Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { RequestError } from '../../lib/endpoint-call.ts';
import { LazyRichTextEditor } from '../../components/rich-text/LazyRichTextEditor.tsx';
import { flashToast, showToast } from '../../components/toast/toast-store.ts';
import { acceptDraft, discardDraft, requestDraft } from './draft-client.ts';
import { factRows, type DraftPanelData, type DraftView } from './draft-view.ts';

const articleClass =
  'max-h-[32rem] overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 leading-7 text-slate-800 [&_h2]:my-3 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:my-2 [&_h3]:font-semibold [&_li]:ml-5 [&_p]:my-2 [&_ul]:list-disc';
const button = 'inline-flex items-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold disabled:opacity-60';

type Busy = 'drafting' | 'accepting' | 'discarding' | null;

export default function DraftPanel({ data }: { data: DraftPanelData }) {
  const [draft, setDraft] = useState<DraftView | null>(data.draft);
  const [text, setText] = useState(data.draft?.articleHtml ?? '');
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  async function run(kind: Exclude<Busy, null>, work: () => Promise<void>) {
    setBusy(kind);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(failure instanceof RequestError ? failure.message : 'Algo salió mal. Inténtalo de nuevo.');
    } finally {
      setBusy(null);
    }
  }

  const draftNow = () =>
    run('drafting', async () => {
      const { draft: fresh } = await requestDraft(data.toolId);
      setDraft(fresh);
      setText(fresh.articleHtml ?? '');
    });

  const accept = (current: DraftView) =>
    run('accepting', async () => {
      await acceptDraft(current.id, text);
      flashToast({ title: 'Borrador aceptado', description: 'El artículo y los datos de la herramienta se han actualizado.' });
      location.reload();
    });

  const discard = (current: DraftView) =>
    run('discarding', async () => {
      await discardDraft(current.id);
      setDraft(null);
      setText('');
      showToast({ title: 'Borrador descartado' });
    });

  const pending =
    draft?.status === 'pending' && draft.articleHtml !== null && draft.facts !== null ? { ...draft, articleHtml: draft.articleHtml, facts: draft.facts } : null;
  const queued = draft?.status === 'queued' || draft?.status === 'running';

  return (
    <section aria-labelledby={`${id}-titulo`} className="mx-auto mt-6 max-w-7xl px-4">
      <div className="rounded-2xl border border-violet-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="max-w-2xl">
            <h2 id={`${id}-titulo`} className="text-lg font-semibold text-slate-900">
              Redactar con IA
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              Un borrador del artículo y de los datos escrito a partir de la web de la herramienta. Nada cambia en la ficha hasta que lo aceptes.
            </p>
          </div>
          <button
            type="button"
            onClick={() => void draftNow()}
            disabled={busy !== null || queued}
            className={`${button} bg-violet-600 text-white hover:bg-violet-700`}
          >
            {busy === 'drafting' ? <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Sparkles className="h-4 w-4" aria-hidden="true" />}
            {busy === 'drafting' ? 'Redactando… (puede tardar un minuto)' : pending ? 'Redactar otro borrador' : 'Redactar con IA'}
          </button>
        </div>

        <div aria-live="polite">
          {error && (
            <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {error}
            </p>
          )}
          {queued && <p className="mt-4 text-sm text-slate-700">Hay un borrador en cola para esta herramienta. Recarga la página en un momento.</p>}
          {draft?.status === 'failed' && !error && <p className="mt-4 text-sm text-slate-700">El último borrador en cola no se pudo redactar: {draft.error}</p>}
        </div>

        {pending && (
          <div className="mt-5">
            <p className="text-xs text-slate-500">
              Leído de <span className="break-all">{pending.sourceUrl}</span>
              {pending.model && ` · ${pending.model}`}
            </p>
            <div className="mt-3 grid gap-4 lg:grid-cols-2">
              <div>
                <h3 className="mb-2 text-sm font-semibold text-slate-800">Artículo actual</h3>
                {/* The stored article: sanitized by the server before it was saved (sanitizeRichText). */}
                {/* eslint-disable-next-line @eslint-react/dom-no-dangerously-set-innerhtml */}
                <div className={articleClass} data-testid="articulo-actual" dangerouslySetInnerHTML={{ __html: data.currentHtml }} />
              </div>
              <div>
                <h3 id={`${id}-borrador`} className="mb-2 text-sm font-semibold text-slate-800">
                  Borrador (puedes editarlo)
                </h3>
                <LazyRichTextEditor key={pending.id} value={pending.articleHtml} onChange={setText} labelId={`${id}-borrador`} />
              </div>
            </div>
            <table className="mt-5 w-full text-left text-sm">
              <caption className="mb-2 text-left text-sm font-semibold text-slate-800">Datos: actuales y propuestos</caption>
              <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="py-1 pr-3">
                    Dato
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Actual
                  </th>
                  <th scope="col" className="py-1">
                    Propuesto
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {factRows(data.currentFacts, pending.facts).map((row) => (
                  <tr key={row.label}>
                    <th scope="row" className="py-1 pr-3 font-medium text-slate-700">
                      {row.label}
                    </th>
                    <td className="py-1 pr-3 text-slate-700">{row.current}</td>
                    <td className={`py-1 ${row.changed ? 'font-semibold text-violet-800' : 'text-slate-700'}`}>{row.proposed}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <div className="mt-5 flex flex-wrap gap-2">
              <button
                type="button"
                onClick={() => void accept(pending)}
                disabled={busy !== null || text.trim() === ''}
                className={`${button} bg-brand-600 text-white hover:bg-brand-700`}
              >
                {busy === 'accepting' && <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />}
                Aceptar borrador
              </button>
              <button
                type="button"
                onClick={() => void discard(pending)}
                disabled={busy !== null}
                className={`${button} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
              >
                Descartar
              </button>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
