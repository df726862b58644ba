/**
 * One image of a publication (the featured image or the logo): drop or pick one file, or type
 * its address. Either way the server stores its own re-encoded copy and answers a key; the form keeps the key.
 */
import { ImageUp, LoaderCircle, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useFileDrop } from '../../components/ui/use-file-drop.ts';
import { showToast } from '../../components/toast/toast-store.ts';
import { checkImageFile, IMAGE_MESSAGES } from '../../lib/image-rules.ts';
import { RequestError } from '../../lib/endpoint-call.ts';
import { uploadImage } from '../../lib/image-upload.ts';

export interface ImageValue {
  /** The stored reference (a storage key), or '' for none. */
  key: string;
  /** Where the browser shows it. */
  preview: string | null;
}

interface Props {
  label: string;
  kind: 'image' | 'logo';
  value: ImageValue;
  onChange(value: ImageValue): void;
  /** The toast after a successful upload: SPEC's 'Imagen subida exitosamente', or the editor's 'Imagen actualizada' / 'Logo actualizado'. */
  successTitle: string;
  error?: string | undefined;
  /** A suggestion from the tool's own site, offered in the URL box. */
  suggestedUrl?: string | null | undefined;
}

export function ImageInput({ label, kind, value, onChange, successTitle, error, suggestedUrl }: Props) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const pickButton = useRef<HTMLButtonElement>(null);
  const restoreFocus = useRef(false);
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const shownProblem = problem ?? error;

  async function store(source: File | string) {
    if (typeof source !== 'string') {
      const invalid = checkImageFile(source);
      if (invalid) {
        setProblem(invalid);
        showToast({ title: 'Error', description: invalid, variant: 'destructive' });
        return;
      }
    } else if (!/^https?:\/\//i.test(source.trim())) {
      setProblem(IMAGE_MESSAGES.badUrl);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const stored = await uploadImage(typeof source === 'string' ? source.trim() : source);
      onChange({ key: stored.key, preview: stored.url });
      setUrl('');
      showToast({ title: successTitle });
    } catch (failure) {
      const message = failure instanceof RequestError ? failure.message : 'No se pudo subir la imagen.';
      setProblem(message);
      showToast({ title: 'Error', description: message, variant: 'destructive' });
    } finally {
      // The pick button was disabled while uploading, which sent focus to the page: it gets it back once enabled.
      restoreFocus.current = document.activeElement === document.body || document.activeElement === null;
      setBusy(false);
    }
  }

  useEffect(() => {
    if (busy || !restoreFocus.current) return;
    restoreFocus.current = false;
    pickButton.current?.focus();
  }, [busy]);

  const { dragging, zone } = useFileDrop((file) => void store(file));

  const previewClass = kind === 'logo' ? 'h-24 w-24 object-contain' : 'aspect-video w-full object-cover';
  return (
    <div role="group" aria-labelledby={`${id}-titulo`} className="rounded-xl border border-slate-200 bg-white p-4">
      <p id={`${id}-titulo`} className="text-sm font-medium text-slate-800">
        {label}
      </p>
      {value.key && value.preview ? (
        <div className="mt-3 flex items-start gap-3">
          <img
            src={value.preview}
            alt={`Vista previa: ${label.toLowerCase()}`}
            className={`min-w-0 rounded-lg border border-slate-200 bg-slate-50 ${previewClass}`}
          />
          <button
            type="button"
            onClick={() => onChange({ key: '', preview: null })}
            className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Quitar<span className="sr-only"> {label.toLowerCase()}</span>
          </button>
        </div>
      ) : null}
      <div {...zone} className={`mt-3 rounded-lg border-2 border-dashed p-4 text-center ${dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300'}`}>
        <button
          ref={pickButton}
          type="button"
          disabled={busy}
          onClick={() => fileInput.current?.click()}
          className="inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60"
        >
          {busy ? <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" /> : <ImageUp className="h-4 w-4" aria-hidden="true" />}
          {busy ? 'Subiendo imagen...' : `Arrastra aquí o elige ${kind === 'logo' ? 'el logo' : 'una imagen'}`}
        </button>
        <p className="mt-1 text-xs text-slate-600">JPG, PNG, GIF o WebP. Máximo 5MB.</p>
        <input
          ref={fileInput}
          id={`${id}-archivo`}
          type="file"
          accept="image/*"
          aria-label={`Archivo: ${label.toLowerCase()}`}
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void store(file);
          }}
        />
      </div>
      <div className="mt-3 flex gap-2">
        <label htmlFor={`${id}-url`} className="sr-only">
          Dirección de {label.toLowerCase()}
        </label>
        <input
          id={`${id}-url`}
          type="url"
          value={url}
          placeholder="o pega su dirección: https://…"
          onChange={(event) => setUrl(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              if (url.trim()) void store(url);
            }
          }}
          aria-invalid={shownProblem ? true : undefined}
          aria-describedby={shownProblem ? `${id}-error` : undefined}
          className="block min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm placeholder:text-slate-500 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600"
        />
        <button
          type="button"
          disabled={busy || !url.trim()}
          onClick={() => void store(url)}
          className="shrink-0 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
        >
          Usar URL<span className="sr-only"> para {label.toLowerCase()}</span>
        </button>
      </div>
      {suggestedUrl && !value.key && (
        <p className="mt-2 text-sm text-slate-700">
          Encontrada en la web de la herramienta.{' '}
          <button type="button" disabled={busy} onClick={() => void store(suggestedUrl)} className="font-semibold text-brand-700 underline underline-offset-2">
            Usar {kind === 'logo' ? 'su icono' : 'su imagen'}
          </button>
        </p>
      )}
      {shownProblem && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {shownProblem}
        </p>
      )}
    </div>
  );
}
