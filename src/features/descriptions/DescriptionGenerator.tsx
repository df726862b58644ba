import { useStore } from '@nanostores/react';
import { Bookmark, BookmarkCheck, Copy, FileCode, ImagePlus, LoaderCircle, RotateCcw, Sparkles, Upload } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { useFileDrop } from '../../components/ui/use-file-drop.ts';
import { useHydrated } from '../../components/ui/use-hydrated.ts';
import { useTextTypedBeforeHydration } from '../../components/ui/use-text-typed-before-hydration.ts';
import { DEFAULT_DESCRIPTION_LANGUAGE, DESCRIPTION_LANGUAGES } from '../../lib/ai-options.ts';
import {
  checkDescriptionSource,
  checkImageFile,
  DESCRIPTION_INSTRUCTIONS_MAX,
  DESCRIPTION_MESSAGES,
  isImageUrl,
  stripCodeFence,
  type DescriptionNotice,
} from './descriptions.ts';
import { anonymousSessionId } from '../../lib/visitor/visitor-session.ts';
import { sessionUser } from '../../components/account/session-store.ts';
import { showToast } from '../../components/toast/toast-store.ts';
import { readDescriptionEvents } from './event-stream.ts';
import { DESCRIPTION_PROSE, SafeHtml } from './SafeHtml.tsx';

type Status = 'idle' | 'analysing' | 'result';

const fail = (notice: DescriptionNotice) => showToast({ ...notice, variant: 'destructive' });
const failWith = (message: string) => fail({ title: 'Error', description: message });

async function copy(text: string, title: string) {
  try {
    await navigator.clipboard.writeText(text);
    showToast({ title });
  } catch {
    failWith('No se pudo copiar al portapapeles.');
  }
}

/** /descripcion-de-imagenes: image in (file or URL), HTML description out, streamed as the model writes. */
export default function DescriptionGenerator() {
  const user = useStore(sessionUser);
  const ids = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const urlInput = useRef<HTMLInputElement>(null);
  const instructionsInput = useRef<HTMLTextAreaElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [language, setLanguage] = useState<string>(DEFAULT_DESCRIPTION_LANGUAGE);
  const [instructions, setInstructions] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [html, setHtml] = useState('');
  const [finalHtml, setFinalHtml] = useState<string | null>(null);
  const [descriptionId, setDescriptionId] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);
  const ready = useHydrated();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  function choose(candidate: File | undefined) {
    if (!candidate) return;
    const problem = checkImageFile(candidate);
    if (problem) {
      fail(problem);
      return;
    }
    setFile(candidate);
    setUrl('');
  }

  const { dragging, zone } = useFileDrop(choose);

  function changeUrl(value: string) {
    setUrl(value);
    if (isImageUrl(value)) {
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  }
  useTextTypedBeforeHydration(urlInput, changeUrl);
  useTextTypedBeforeHydration(instructionsInput, setInstructions);

  function reset() {
    setFile(null);
    setUrl('');
    setInstructions('');
    setHtml('');
    setFinalHtml(null);
    setDescriptionId(null);
    setSaved(false);
    setStatus('idle');
    if (fileInput.current) fileInput.current.value = '';
  }

  async function generate(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = checkDescriptionSource({ file, url });
    if (problem) return fail(problem);
    const form = new FormData();
    if (file) form.set('image', file);
    else form.set('imageUrl', url.trim());
    form.set('language', language);
    if (instructions.trim()) form.set('instructions', instructions.trim());
    form.set('sessionId', anonymousSessionId());
    setStatus('analysing');
    setHtml('');
    setFinalHtml(null);
    setDescriptionId(null);
    setSaved(false);
    try {
      const response = await fetch('/api/ai/descriptions', { method: 'POST', body: form });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: string } | null;
        throw new Error(body?.error ?? DESCRIPTION_MESSAGES.failed);
      }
      let streamed = '';
      for await (const message of readDescriptionEvents(response)) {
        if (message.type === 'chunk') {
          streamed += message.text;
          setHtml(stripCodeFence(streamed));
        } else if (message.type === 'error') throw new Error(message.error);
        else {
          setFinalHtml(message.html);
          setDescriptionId(message.id);
          setStatus('result');
          showToast({ title: DESCRIPTION_MESSAGES.generated });
          return;
        }
      }
      throw new Error(DESCRIPTION_MESSAGES.emptyResult);
    } catch (error) {
      setStatus('idle');
      setHtml('');
      failWith(error instanceof Error && error.message && !(error instanceof TypeError) ? error.message : DESCRIPTION_MESSAGES.failed);
    }
  }

  async function toggleSaved() {
    if (!descriptionId) return;
    setSaving(true);
    try {
      const response = await fetch(`/api/descriptions/${descriptionId}/save`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ saved: !saved }),
      });
      if (!response.ok) throw new Error(String(response.status));
      setSaved(((await response.json()) as { saved: boolean }).saved);
    } catch {
      failWith(DESCRIPTION_MESSAGES.saveFailed);
    } finally {
      setSaving(false);
    }
  }

  const analysing = status === 'analysing';
  const shown = finalHtml ?? html;
  const hintId = `${ids}-hint`;
  const instructionsCountId = `${ids}-count`;
  const labelClass = 'block text-sm font-medium text-slate-800';
  const fieldClass =
    'mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600';

  return (
    <div className="grid gap-6 md:grid-cols-2 md:gap-8">
      <form onSubmit={generate} className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-6" noValidate>
        <div>
          <span className={labelClass} id={`${ids}-drop-label`}>
            Imagen
          </span>
          <div
            {...zone}
            data-testid="zona-imagen"
            role="group"
            aria-labelledby={`${ids}-drop-label`}
            className={`mt-1 flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed p-6 text-center transition-colors ${
              dragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-slate-50'
            }`}
          >
            {preview ? (
              <img src={preview} alt="Vista previa de la imagen elegida" className="max-h-48 rounded-lg object-contain" />
            ) : (
              <Upload className="h-8 w-8 text-slate-500" aria-hidden="true" />
            )}
            <p className="text-sm text-slate-700">{file ? file.name : 'Arrastra una imagen aquí o'}</p>
            <label className="cursor-pointer rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600">
              {file ? 'Cambiar imagen' : 'Seleccionar imagen'}
              <input
                ref={fileInput}
                type="file"
                accept="image/jpeg,image/png,image/gif,image/webp"
                className="sr-only"
                aria-describedby={hintId}
                onChange={(event) => choose(event.target.files?.[0])}
              />
            </label>
            <p id={hintId} className="text-xs text-slate-600">
              JPG, PNG, GIF, WebP (máx. 10MB)
            </p>
          </div>
        </div>

        <div>
          <label htmlFor={`${ids}-url`} className={labelClass}>
            O pega la URL de una imagen
          </label>
          <input
            ref={urlInput}
            id={`${ids}-url`}
            type="url"
            inputMode="url"
            placeholder="https://ejemplo.com/imagen.jpg"
            value={url}
            onChange={(event) => changeUrl(event.target.value)}
            className={fieldClass}
          />
        </div>

        <div>
          <label htmlFor={`${ids}-language`} className={labelClass}>
            Idioma de la descripción
          </label>
          <select id={`${ids}-language`} value={language} onChange={(event) => setLanguage(event.target.value)} className={fieldClass}>
            {DESCRIPTION_LANGUAGES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>

        <div>
          <label htmlFor={`${ids}-instructions`} className={labelClass}>
            Instrucciones personalizadas (opcional)
          </label>
          <textarea
            ref={instructionsInput}
            id={`${ids}-instructions`}
            rows={3}
            maxLength={DESCRIPTION_INSTRUCTIONS_MAX}
            value={instructions}
            onChange={(event) => setInstructions(event.target.value)}
            placeholder="Por ejemplo: céntrate en los colores y el ambiente"
            aria-describedby={instructionsCountId}
            className={fieldClass}
          />
          <p id={instructionsCountId} className="mt-1 text-right text-xs text-slate-600">
            {instructions.length}/{DESCRIPTION_INSTRUCTIONS_MAX}
          </p>
        </div>

        <button
          type="submit"
          disabled={analysing || !ready}
          className="flex w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {analysing ? <LoaderCircle className="h-5 w-5 animate-spin" aria-hidden="true" /> : <Sparkles className="h-5 w-5" aria-hidden="true" />}
          {analysing ? 'Analizando imagen…' : 'Generar descripción'}
        </button>
      </form>

      <section aria-labelledby={`${ids}-result-title`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-6">
        {status === 'idle' && !shown ? (
          <InfoCard titleId={`${ids}-result-title`} />
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
                <ActionButton onClick={() => copy(resultRef.current?.innerText.trim() ?? '', DESCRIPTION_MESSAGES.textCopied)}>
                  <Copy className="h-4 w-4" aria-hidden="true" /> Copiar texto
                </ActionButton>
                <ActionButton onClick={() => copy(finalHtml, DESCRIPTION_MESSAGES.htmlCopied)}>
                  <FileCode className="h-4 w-4" aria-hidden="true" /> Copiar HTML
                </ActionButton>
                <ActionButton onClick={reset}>
                  <RotateCcw className="h-4 w-4" aria-hidden="true" /> Nueva imagen
                </ActionButton>
                {user && descriptionId && (
                  <ActionButton onClick={toggleSaved} disabled={saving} pressed={saved}>
                    {saving ? (
                      <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />
                    ) : saved ? (
                      <BookmarkCheck className="h-4 w-4" aria-hidden="true" />
                    ) : (
                      <Bookmark className="h-4 w-4" aria-hidden="true" />
                    )}
                    {saved ? 'Guardado' : 'Guardar'}
                  </ActionButton>
                )}
              </div>
            )}
            {status === 'result' && saved && (
              <p className="mt-3 text-sm text-slate-600">
                La tienes en{' '}
                <a href="/mis-descripciones" className="font-medium text-brand-700 underline">
                  Mis descripciones
                </a>
                .
              </p>
            )}
            {status === 'result' && user === null && (
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
    </div>
  );
}

function ActionButton({ children, onClick, disabled, pressed }: { children: React.ReactNode; onClick: () => void; disabled?: boolean; pressed?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-pressed={pressed}
      className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60"
    >
      {children}
    </button>
  );
}

function InfoCard({ titleId }: { titleId: string }) {
  return (
    <div>
      <ImagePlus className="h-10 w-10 text-emerald-600" aria-hidden="true" />
      <h2 id={titleId} className="mt-3 text-xl font-bold text-slate-900">
        Cómo funciona
      </h2>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700">
        <li>Sube una imagen (JPG, PNG, GIF o WebP de hasta 10MB) o pega su URL.</li>
        <li>Elige el idioma y, si quieres, indica en qué debe fijarse la descripción.</li>
        <li>Pulsa «Generar descripción»: el texto aparece mientras la IA lo escribe.</li>
      </ol>
      <p className="mt-4 text-sm text-slate-600">
        El resultado es HTML con encabezados y párrafos, listo para copiar como texto o como HTML en tu web, tu tienda o tus textos alternativos.
      </p>
    </div>
  );
}
