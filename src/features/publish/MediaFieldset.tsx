/** «Imagen y logo» («Gestión de imágenes» in the editor): the featured image and the logo, uploaded or by address. */
import { useId } from 'react';
import { Card } from '../../components/ui/Card.tsx';
import type { PageSuggestions } from '../../lib/tool-form.ts';
import { IMAGE_MESSAGES } from '../../lib/image-rules.ts';
import { ImageInput, type ImageValue } from './ImageInput.tsx';

interface Props {
  mode: 'publish' | 'edit';
  image: ImageValue;
  logo: ImageValue;
  onChange(patch: { image: ImageValue } | { logo: ImageValue }): void;
  errors: Record<string, string>;
  /** The image and icon the tool's own page offers, if it was read. */
  suggestions: Pick<PageSuggestions, 'image' | 'icon'> | null;
}

export function MediaFieldset({ mode, image, logo, onChange, errors, suggestions }: Props) {
  const id = useId();
  // The editor says which of the two changed; a new publication says 'Imagen subida exitosamente'.
  const imageSuccess = (kind: 'image' | 'logo') =>
    mode === 'edit' ? (kind === 'image' ? IMAGE_MESSAGES.imageUpdated : IMAGE_MESSAGES.logoUpdated) : IMAGE_MESSAGES.uploaded;
  return (
    <Card as="section" aria-labelledby={`${id}-imagenes`}>
      <h2 id={`${id}-imagenes`} className="text-lg font-semibold text-slate-900">
        {mode === 'edit' ? 'Gestión de imágenes' : 'Imagen y logo'}
      </h2>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <div data-field="imageUrl">
          <ImageInput
            label="Imagen destacada"
            kind="image"
            value={image}
            onChange={(next) => onChange({ image: next })}
            successTitle={imageSuccess('image')}
            error={errors.imageUrl}
            suggestedUrl={suggestions?.image}
          />
        </div>
        <div data-field="logoUrl">
          <ImageInput
            label="Logo"
            kind="logo"
            value={logo}
            onChange={(next) => onChange({ logo: next })}
            successTitle={imageSuccess('logo')}
            error={errors.logoUrl}
            suggestedUrl={suggestions?.icon}
          />
        </div>
      </div>
    </Card>
  );
}
