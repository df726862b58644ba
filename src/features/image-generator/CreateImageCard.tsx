import { Badge } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Icon } from '../../components/ui/Icon.tsx';
import { controlClass, cx } from '../../components/ui/styles.ts';
import {
  IMAGE_COUNT_MAX,
  IMAGE_COUNT_MIN,
  IMAGE_MODELS,
  IMAGE_SIZE_GROUPS,
  PROMPT_DISPLAY_LIMIT,
  PROMPT_WARNING_LENGTH,
  type ImageModel,
  type ImageSize,
} from '../../lib/ai-options.ts';
import type { ImageGeneration } from './use-image-generation.ts';

const plural = (count: number) => (count === 1 ? '1 imagen' : `${count} imágenes`);
const labelClass = 'font-medium text-slate-900';
const fieldClass = cx(controlClass(), 'mt-2');

/** 'Crea tu imagen': the prompt with its length, model, size and count, and 'Generar'. */
export function CreateImageCard({ idBase: ids, generation, hydrated }: { idBase: string; generation: ImageGeneration; hydrated: boolean }) {
  const { promptRef, prompt, setPrompt, model, setModel, size, setSize, count, setCount, generating, partialNote, generate } = generation;
  const trimmedLength = prompt.trim().length;
  const tooLong = prompt.length > PROMPT_WARNING_LENGTH;
  // Disabled until hydrated: a press before that would submit the form to the page itself.
  const canGenerate = hydrated && generating === null && trimmedLength > 0;

  return (
    <section id="generador" aria-labelledby={`${ids}-crear`} className="scroll-mt-20 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm md:p-8">
      <h2 id={`${ids}-crear`} className="text-2xl font-bold tracking-tight text-slate-900">
        Crea tu imagen
      </h2>
      <form className="mt-6 grid gap-5" onSubmit={generate} noValidate>
        <div>
          <div className="flex items-center justify-between gap-3">
            <label htmlFor={`${ids}-prompt`} className={labelClass}>
              Describe la imagen
            </label>
            {trimmedLength > 0 && <Badge tone={tooLong ? 'warning' : 'success'}>{tooLong ? 'Muy largo' : 'Perfecto'}</Badge>}
          </div>
          <textarea
            ref={promptRef}
            id={`${ids}-prompt`}
            value={prompt}
            onChange={(event) => setPrompt(event.target.value)}
            rows={4}
            aria-describedby={`${ids}-contador`}
            placeholder="Por ejemplo: un faro en un acantilado al atardecer, con gaviotas y olas rompiendo"
            className={fieldClass}
          />
          <p id={`${ids}-contador`} className={`mt-1 text-right text-sm ${prompt.length > PROMPT_DISPLAY_LIMIT ? 'text-red-700' : 'text-slate-600'}`}>
            {prompt.length}/{PROMPT_DISPLAY_LIMIT}
          </p>
        </div>
        <div className="grid gap-4 md:grid-cols-3">
          <div>
            <label htmlFor={`${ids}-modelo`} className={labelClass}>
              Modelo
            </label>
            <select id={`${ids}-modelo`} value={model} onChange={(event) => setModel(event.target.value as ImageModel)} className={fieldClass}>
              {IMAGE_MODELS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${ids}-tamano`} className={labelClass}>
              Tamaño
            </label>
            <select id={`${ids}-tamano`} value={size} onChange={(event) => setSize(event.target.value as ImageSize)} className={fieldClass}>
              {IMAGE_SIZE_GROUPS.map((group) => (
                <optgroup key={group.label} label={group.label}>
                  {group.sizes.map((value) => (
                    <option key={value} value={value}>
                      {value.replace('x', '×')}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${ids}-cantidad`} className={labelClass}>
              Cantidad
            </label>
            <select id={`${ids}-cantidad`} value={count} onChange={(event) => setCount(Number(event.target.value))} className={fieldClass}>
              {Array.from({ length: IMAGE_COUNT_MAX - IMAGE_COUNT_MIN + 1 }, (_, index) => index + IMAGE_COUNT_MIN).map((value) => (
                <option key={value} value={value}>
                  {plural(value)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="flex flex-col gap-3 md:flex-row md:items-center">
          <Button type="submit" variant="primary" size="lg" disabled={!canGenerate}>
            <Icon name={generating === null ? 'sparkles' : 'loader'} className={`h-5 w-5 ${generating === null ? '' : 'animate-spin'}`} />
            {generating === null ? 'Generar' : 'Generando...'}
          </Button>
          <p aria-live="polite" className="text-sm text-slate-700">
            {generating !== null && `Generando ${plural(generating)}... puede tardar unos segundos por imagen.`}
          </p>
        </div>
        {partialNote && (
          <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            {partialNote}
          </p>
        )}
      </form>
    </section>
  );
}
