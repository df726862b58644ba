import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { Icon } from '../../components/ui/Icon.tsx';
import { useHydrated } from '../../components/ui/use-hydrated.ts';
import { useTextTypedBeforeHydration } from '../../components/ui/use-text-typed-before-hydration.ts';
import {
  DESCRIPTION_LANGUAGES,
  STORY_AUDIENCES,
  STORY_GENRES,
  STORY_LENGTHS,
  STORY_PROMPT_MAX,
  type DescriptionLanguage,
  type StoryAudience,
  type StoryGenre,
  type StoryLength,
} from '../../lib/ai-options.ts';
import { readStoryStream, storyFileName, storyTitle, type SavedStory } from './story.ts';
import { anonymousSessionId } from '../../lib/visitor/visitor-session.ts';
import { sessionUser } from '../../components/account/session-store.ts';
import { showToast } from '../../components/toast/toast-store.ts';
import SavedStories from './SavedStories.tsx';

/** Shown when the connection ends without the server's closing trailer (network cut, server restart). */
const CUT_MESSAGE = 'Error de conexión con el servicio de IA. Inténtalo de nuevo.';
const FALLBACK_MESSAGE = 'No se pudo generar la historia.';

type Status = 'idle' | 'writing' | 'done' | 'stopped' | 'failed';

const selectClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 disabled:bg-slate-100';
const secondaryButton =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

function Choice<T extends string>(props: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {props.label}
      </label>
      <select id={id} value={props.value} disabled={props.disabled} onChange={(event) => props.onChange(event.target.value as T)} className={selectClass}>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export default function StoryGenerator() {
  const user = useStore(sessionUser);
  const [prompt, setPrompt] = useState('');
  const [genre, setGenre] = useState<StoryGenre>('aventura');
  const [audience, setAudience] = useState<StoryAudience>('young');
  const [length, setLength] = useState<StoryLength>('short');
  const [language, setLanguage] = useState<DescriptionLanguage>('es');
  const [status, setStatus] = useState<Status>('idle');
  const [story, setStory] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<SavedStory[] | null>(null);
  const hydrated = useHydrated();
  const abort = useRef<AbortController | null>(null);
  const promptRef = useRef<HTMLTextAreaElement>(null);
  useTextTypedBeforeHydration(promptRef, setPrompt);
  const resultRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!user) return;
    const abort = new AbortController();
    let live = true;
    fetch('/api/ai/stories', { headers: { accept: 'application/json' }, signal: abort.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ stories: SavedStory[] }>) : { stories: [] }))
      .then((body) => live && setSaved(body.stories))
      .catch(() => live && setSaved([]));
    return () => {
      live = false;
      abort.abort();
    };
  }, [user]);

  const trimmed = prompt.trim();
  const writing = status === 'writing';
  const tooLong = prompt.length > STORY_PROMPT_MAX;

  function fail(message: string) {
    setError(message);
    setStatus('failed');
    showToast({ title: 'Error', description: message, variant: 'destructive' });
  }

  async function generate(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!trimmed || tooLong || writing) return;
    const controller = new AbortController();
    abort.current = controller;
    setStory('');
    setError(null);
    setStatus('writing');
    resultRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    try {
      const response = await fetch('/api/ai/stories', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: trimmed, genre, audience, length, language, anonymousSessionId: anonymousSessionId() }),
        signal: controller.signal,
      });
      if (!response.ok || !response.body) {
        const body = (await response.json().catch(() => null)) as { error?: string } | null;
        fail(body?.error ?? FALLBACK_MESSAGE);
        return;
      }
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let received = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received += decoder.decode(value, { stream: true });
        setStory(readStoryStream(received).text);
      }
      const { text, trailer } = readStoryStream(received + decoder.decode());
      setStory(text);
      if (!trailer) return fail(CUT_MESSAGE);
      if (!trailer.ok) return fail(trailer.error);
      setStatus('done');
      if (trailer.story) {
        const newest = trailer.story;
        setSaved((current) => [newest, ...(current ?? []).filter((entry) => entry.id !== newest.id)].slice(0, 5));
      } else if (user) {
        showToast({ title: 'Error', description: 'La historia se generó, pero no se pudo guardar.', variant: 'destructive' });
      }
    } catch {
      if (controller.signal.aborted) setStatus('stopped');
      else fail(CUT_MESSAGE);
    } finally {
      abort.current = null;
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(story.trim());
      showToast({ title: 'Texto copiado', description: 'La historia está en el portapapeles.' });
    } catch {
      showToast({ title: 'Error', description: 'No se pudo copiar el texto.', variant: 'destructive' });
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([story.trim() + '\n'], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = storyFileName(storyTitle(story, trimmed));
    link.click();
    URL.revokeObjectURL(url);
  }

  function startOver() {
    setPrompt('');
    setStory('');
    setError(null);
    setStatus('idle');
    promptRef.current?.focus();
  }

  const counterId = useId();
  const promptId = useId();
  const hasStory = story.trim().length > 0;

  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:items-start">
      <form
        onSubmit={generate}
        noValidate
        className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-6"
        aria-labelledby="crear-historia"
      >
        <h2 id="crear-historia" className="text-xl font-semibold text-slate-900">
          Crea tu historia
        </h2>
        <div>
          <label htmlFor={promptId} className="mb-1.5 block text-sm font-medium text-slate-800">
            Idea para tu historia
          </label>
          <textarea
            id={promptId}
            ref={promptRef}
            value={prompt}
            onChange={(event) => setPrompt(event.target.value)}
            maxLength={STORY_PROMPT_MAX}
            rows={5}
            required
            disabled={writing}
            aria-describedby={counterId}
            placeholder="Por ejemplo: una niña que encuentra un mapa escondido en la biblioteca de su abuelo"
            className="block w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 disabled:bg-slate-100"
          />
          <p id={counterId} className="mt-1 text-right text-sm text-slate-600">
            {prompt.length}/{STORY_PROMPT_MAX} caracteres
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Choice label="Género" value={genre} options={STORY_GENRES} onChange={setGenre} disabled={writing} />
          <Choice label="Público" value={audience} options={STORY_AUDIENCES} onChange={setAudience} disabled={writing} />
          <Choice label="Extensión (palabras)" value={length} options={STORY_LENGTHS} onChange={setLength} disabled={writing} />
          <Choice label="Idioma" value={language} options={DESCRIPTION_LANGUAGES} onChange={setLanguage} disabled={writing} />
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          <button
            type="submit"
            disabled={!hydrated || writing || !trimmed || tooLong}
            className="flex flex-1 items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {writing && <Icon name="loader" className="h-5 w-5 animate-spin" />}
            {writing ? 'Escribiendo…' : 'Generar historia'}
          </button>
          {writing && (
            <button type="button" onClick={() => abort.current?.abort()} className={secondaryButton}>
              Detener
            </button>
          )}
        </div>
      </form>

      <div className="space-y-6">
        <section ref={resultRef} aria-labelledby="tu-historia" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-6">
          <h2 id="tu-historia" className="text-xl font-semibold text-slate-900">
            Tu historia
          </h2>
          {status === 'idle' && !hasStory && (
            <p className="mt-3 text-slate-600">Escribe una idea, elige las opciones y pulsa «Generar historia». El texto aparecerá aquí mientras se escribe.</p>
          )}
          {writing && !hasStory && <p className="mt-3 text-slate-600">Pensando en tu historia…</p>}
          {hasStory && (
            <div data-testid="historia" aria-busy={writing} className="mt-3 max-h-[70vh] overflow-y-auto whitespace-pre-line leading-relaxed text-slate-800">
              {story}
            </div>
          )}
          {error && (
            <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
              {error}
            </p>
          )}
          {status === 'stopped' && <p className="mt-4 text-sm text-slate-600">Has detenido la historia antes de que terminara.</p>}
          {status === 'done' && (
            <p className="sr-only" role="status">
              Historia terminada.
            </p>
          )}
          {(status === 'done' || status === 'stopped' || status === 'failed') && (
            <div className="mt-5 flex flex-wrap gap-2">
              {hasStory && (
                <>
                  <button type="button" onClick={copy} className={secondaryButton}>
                    Copiar
                  </button>
                  <button type="button" onClick={download} className={secondaryButton}>
                    Descargar .txt
                  </button>
                </>
              )}
              <button type="button" onClick={startOver} className={secondaryButton}>
                <Icon name="plus" className="h-4 w-4" /> Nueva historia
              </button>
            </div>
          )}
        </section>
        {/* The session may already be known when this island hydrates; the server rendered it unknown. */}
        <SavedStories user={hydrated ? user : undefined} stories={user ? saved : null} />
      </div>
    </div>
  );
}
