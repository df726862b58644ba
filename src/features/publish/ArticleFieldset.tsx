/** «Contenido detallado»: the tool's article in the rich-text editor, which loads after the form has painted. */
import { useId } from 'react';
import { Card } from '../../components/ui/Card.tsx';
import { fieldErrorClass } from '../../components/ui/styles.ts';
import { LazyRichTextEditor } from '../../components/rich-text/LazyRichTextEditor.tsx';

interface Props {
  value: string;
  onChange(content: string): void;
  error: string | undefined;
}

export function ArticleFieldset({ value, onChange, error }: Props) {
  const id = useId();
  return (
    <Card as="section" aria-labelledby={`${id}-contenido`} data-field="content">
      <h2 id={`${id}-contenido`} className="mb-1 text-lg font-semibold text-slate-900">
        Contenido detallado
      </h2>
      <p id={`${id}-contenido-ayuda`} className="mb-3 text-sm text-slate-600">
        Explica qué hace, cómo se usa y para quién es. Puedes añadir enlaces, imágenes y vídeos de YouTube o Vimeo.
      </p>
      <LazyRichTextEditor value={value} onChange={onChange} labelId={`${id}-contenido`} describedBy={`${id}-contenido-ayuda`} />
      {error && <p className={fieldErrorClass}>{error}</p>}
    </Card>
  );
}
