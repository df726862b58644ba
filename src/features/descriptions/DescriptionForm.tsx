import { LoaderCircle, Sparkles, Upload } from 'lucide-react';
import type { SubmitEvent } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { Select } from '../../components/ui/Input.tsx';
import { buttonClass, controlClass, cx, labelClass } from '../../components/ui/styles.ts';
import { DESCRIPTION_LANGUAGES } from '../../lib/ai-options.ts';
import { DESCRIPTION_INSTRUCTIONS_MAX } from './descriptions.ts';
import type { DescriptionSource } from './use-description-source.ts';

interface Props {
  idBase: string;
  source: DescriptionSource;
  onSubmit(event: SubmitEvent<HTMLFormElement>): void;
  analysing: boolean;
  /** False until hydrated: a press before that would post the form to the page itself. */
  ready: boolean;
}

/** The description form: an image dropped, chosen or by address, the language, the instructions and 'Generar'. */
export function DescriptionForm({ idBase: ids, source, onSubmit, analysing, ready }: Props) {
  const { fileInputRef, urlInputRef, instructionsInputRef, file, url, language, instructions, preview, dragging, zone } = source;
  const hintId = `${ids}-hint`;
  const instructionsCountId = `${ids}-count`;
  return (
    <form onSubmit={onSubmit} className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-6" noValidate>
      <div>
        <span className={labelClass()} id={`${ids}-drop-label`}>
          Imagen
        </span>
        <div
          {...zone}
          data-testid="zona-imagen"
          role="group"
          aria-labelledby={`${ids}-drop-label`}
          className={`flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed p-6 text-center transition-colors ${
            dragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-slate-50'
          }`}
        >
          {preview ? (
            <img src={preview} alt="Vista previa de la imagen elegida" className="max-h-48 rounded-lg object-contain" />
          ) : (
            <Upload className="h-8 w-8 text-slate-500" aria-hidden="true" />
          )}
          <p className="text-sm text-slate-700">{file ? file.name : 'Arrastra una imagen aquí o'}</p>
          <label
            className={cx(
              buttonClass({ variant: 'secondary' }),
              'cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600',
            )}
          >
            {file ? 'Cambiar imagen' : 'Seleccionar imagen'}
            <input
              ref={fileInputRef}
              type="file"
              accept="image/jpeg,image/png,image/gif,image/webp"
              className="sr-only"
              aria-describedby={hintId}
              onChange={(event) => source.choose(event.target.files?.[0])}
            />
          </label>
          <p id={hintId} className="text-xs text-slate-600">
            JPG, PNG, GIF, WebP (máx. 10MB)
          </p>
        </div>
      </div>

      <Field id={`${ids}-url`} label="O pega la URL de una imagen">
        <input
          ref={urlInputRef}
          id={`${ids}-url`}
          type="url"
          inputMode="url"
          placeholder="https://ejemplo.com/imagen.jpg"
          value={url}
          onChange={(event) => source.changeUrl(event.target.value)}
          className={controlClass()}
        />
      </Field>

      <Select id={`${ids}-language`} label="Idioma de la descripción" value={language} onChange={(event) => source.setLanguage(event.target.value)}>
        {DESCRIPTION_LANGUAGES.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>

      <Field id={`${ids}-instructions`} label="Instrucciones personalizadas (opcional)">
        <textarea
          ref={instructionsInputRef}
          id={`${ids}-instructions`}
          rows={3}
          maxLength={DESCRIPTION_INSTRUCTIONS_MAX}
          value={instructions}
          onChange={(event) => source.setInstructions(event.target.value)}
          placeholder="Por ejemplo: céntrate en los colores y el ambiente"
          aria-describedby={instructionsCountId}
          className={controlClass()}
        />
        <p id={instructionsCountId} className="mt-1 text-right text-xs text-slate-600">
          {instructions.length}/{DESCRIPTION_INSTRUCTIONS_MAX}
        </p>
      </Field>

      <Button type="submit" variant="primary" size="lg" block disabled={analysing || !ready}>
        {analysing ? <LoaderCircle className="h-5 w-5 animate-spin" aria-hidden="true" /> : <Sparkles className="h-5 w-5" aria-hidden="true" />}
        {analysing ? 'Analizando imagen…' : 'Generar descripción'}
      </Button>
    </form>
  );
}
