/**
 * «Información básica»: title, description with its character count, the tool's address (whose duplicates and
 * suggestions show below it) and the pricing model.
 */
import { useId } from 'react';
import { Card } from '../../components/ui/Card.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { Select, Textarea } from '../../components/ui/Input.tsx';
import { LIMITS } from '../../lib/tool-form.ts';
import { characterCount, DESCRIPTION_RECOMMENDED_MIN } from '../../lib/tool-metadata.ts';
import { pricingLabel, pricingModels, type PricingModel } from '../../lib/pricing.ts';
import type { FormPatch, FormState } from './publish-form-state.ts';
import { UrlFindings } from './UrlFindings.tsx';
import type { UrlLookup } from './use-url-lookup.ts';

interface Props {
  form: Pick<FormState, 'title' | 'description' | 'url' | 'pricing'>;
  update(patch: FormPatch): void;
  /** Fills the meta title and description once, when the author leaves the title or the description. */
  autoFill(): void;
  errors: Record<string, string>;
  /** What the address turned up; the form holds it because the image fields offer its suggestions too. */
  urlLookup: UrlLookup;
}

export function BasicsFieldset({ form, update, autoFill, errors, urlLookup: { duplicateCheck, suggestions, lookup, checkUrl } }: Props) {
  const id = useId();
  const descriptionLength = characterCount(form.description.trim());

  return (
    <Card as="section" aria-labelledby={`${id}-basica`}>
      <h2 id={`${id}-basica`} className="text-lg font-semibold text-slate-900">
        Información básica
      </h2>
      <div className="mt-4 flex flex-col gap-4">
        <div data-field="title">
          <FormField
            name="title"
            label="Título"
            value={form.title}
            maxLength={LIMITS.title}
            onChange={(event) => update({ title: event.target.value })}
            onBlur={autoFill}
            placeholder="Nombre de la herramienta"
            error={errors.title}
            autoComplete="off"
          />
        </div>
        <div data-field="description">
          <Textarea
            id={`${id}-descripcion`}
            label="Descripción"
            name="description"
            rows={4}
            value={form.description}
            maxLength={LIMITS.description}
            onChange={(event) => update({ description: event.target.value })}
            onBlur={autoFill}
            placeholder="Qué hace, para quién y qué la distingue"
            error={errors.description}
            hint={
              <span className={descriptionLength >= DESCRIPTION_RECOMMENDED_MIN ? 'text-emerald-700' : undefined}>
                {descriptionLength} caracteres (se recomiendan al menos {DESCRIPTION_RECOMMENDED_MIN})
              </span>
            }
          />
        </div>
        <div data-field="url">
          <FormField
            name="url"
            label="URL de la herramienta"
            type="url"
            inputMode="url"
            value={form.url}
            maxLength={LIMITS.url}
            onChange={(event) => update({ url: event.target.value })}
            onBlur={() => void checkUrl(form.url)}
            placeholder="https://ejemplo.com"
            hint="Al escribirla buscamos su título, descripción, imagen e icono, y si ya está en el directorio."
            error={errors.url}
          />
        </div>
        <UrlFindings
          duplicateCheck={duplicateCheck}
          lookup={lookup}
          suggestions={suggestions}
          onUseTitle={(title) => update({ title })}
          onUseDescription={(description) => update({ description: description.slice(0, LIMITS.description) })}
        />
        <Select
          id={`${id}-precio`}
          label="Modelo de precios"
          name="pricing"
          value={form.pricing}
          onChange={(event) => update({ pricing: event.target.value as PricingModel })}
        >
          {pricingModels.map((model) => (
            <option key={model} value={model}>
              {pricingLabel[model]}
            </option>
          ))}
        </Select>
      </div>
    </Card>
  );
}
