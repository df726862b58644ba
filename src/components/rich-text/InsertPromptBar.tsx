import { useId, useRef } from 'react';
import { Button } from '../ui/Button.tsx';
import { controlA11y, Field } from '../ui/Field.tsx';
import { controlClass } from '../ui/styles.ts';
import type { InsertPrompt } from './use-insert-prompt.ts';

const PROMPT_TEXT = {
  link: { label: 'Dirección del enlace', placeholder: 'https://ejemplo.es', action: 'Aplicar enlace' },
  image: { label: 'Dirección de la imagen', placeholder: 'https://ejemplo.es/imagen.png', action: 'Insertar imagen' },
  video: { label: 'Enlace del vídeo de YouTube o Vimeo', placeholder: 'https://www.youtube.com/watch?v=…', action: 'Insertar vídeo' },
} as const;

interface Props {
  prompt: NonNullable<InsertPrompt>;
  onChange(prompt: InsertPrompt): void;
  onApply(): void;
  onFile(file: File): void;
  uploading: boolean;
}

/** The bar under the toolbar that asks for a link's, an image's or a video's address (an image may be a file). */
export function InsertPromptBar({ prompt, onChange, onApply, onFile, uploading }: Props) {
  const promptId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const text = PROMPT_TEXT[prompt.kind];
  return (
    <div className="flex flex-col gap-2 border-b border-slate-200 bg-white p-3 sm:flex-row sm:items-end">
      <Field id={promptId} label={text.label} error={prompt.error} className="flex-1">
        <input
          {...controlA11y(promptId, { error: prompt.error })}
          type="url"
          autoFocus
          value={prompt.value}
          placeholder={text.placeholder}
          onChange={(event) => onChange({ ...prompt, value: event.target.value, error: undefined })}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              onApply();
            }
            if (event.key === 'Escape') onChange(null);
          }}
          className={controlClass({ size: 'sm', invalid: Boolean(prompt.error) })}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" onClick={onApply} disabled={uploading}>
          {uploading ? 'Subiendo imagen...' : text.action}
        </Button>
        {prompt.kind === 'image' && (
          <Button variant="secondary" onClick={() => fileInput.current?.click()} disabled={uploading}>
            Subir archivo
          </Button>
        )}
        <Button variant="ghost" onClick={() => onChange(null)}>
          Cancelar
        </Button>
      </div>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </div>
  );
}
