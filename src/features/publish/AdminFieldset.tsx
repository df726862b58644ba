/**
 * «Administración», an admin's block in the editor: the popular and featured flags, the status (with a note to the
 * author when it is rejected or withdrawn) and the address, whose old form then redirects to the new one.
 */
import { useId } from 'react';
import { Card } from '../../components/ui/Card.tsx';
import { Checkbox } from '../../components/ui/Checkbox.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { Select, Textarea } from '../../components/ui/Input.tsx';
import { LIMITS, toolStatuses, STATUS_LABEL, type ToolStatus } from '../../lib/tool-form.ts';
import type { FormPatch, FormState } from './publish-form-state.ts';

interface Props {
  form: Pick<FormState, 'isPopular' | 'isFeatured' | 'status' | 'slug' | 'reviewNote'>;
  update(patch: FormPatch): void;
  errors: Record<string, string>;
  siteUrl: string;
}

export function AdminFieldset({ form, update, errors, siteUrl }: Props) {
  const id = useId();
  return (
    <Card as="section" aria-labelledby={`${id}-admin`}>
      <h2 id={`${id}-admin`} className="text-lg font-semibold text-slate-900">
        Administración
      </h2>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Checkbox id={`${id}-popular`} label="Marcar como popular" checked={form.isPopular} onChange={(event) => update({ isPopular: event.target.checked })} />
        <Checkbox
          id={`${id}-destacado`}
          label="Marcar como destacado"
          checked={form.isFeatured}
          onChange={(event) => update({ isFeatured: event.target.checked })}
        />
        <Select id={`${id}-estado`} label="Estado" value={form.status} onChange={(event) => update({ status: event.target.value as ToolStatus })}>
          {toolStatuses.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABEL[status]}
            </option>
          ))}
        </Select>
        <div data-field="slug">
          <FormField
            name="slug"
            label="Dirección (slug)"
            value={form.slug}
            maxLength={LIMITS.slug}
            onChange={(event) => update({ slug: event.target.value.trim().toLowerCase() })}
            hint={`${siteUrl.replace(/^https?:\/\//, '')}/${form.slug || '…'} · Si cambia, la dirección antigua redirige a la nueva.`}
            error={errors.slug}
            autoComplete="off"
          />
        </div>
        {(form.status === 'rejected' || form.status === 'withdrawn') && (
          <div className="md:col-span-2" data-field="reviewNote">
            <Textarea
              id={`${id}-nota`}
              label={`Nota para el autor (motivo ${form.status === 'rejected' ? 'del rechazo' : 'de la retirada'})`}
              rows={3}
              value={form.reviewNote}
              maxLength={LIMITS.reviewNote}
              onChange={(event) => update({ reviewNote: event.target.value })}
              error={errors.reviewNote}
            />
          </div>
        )}
      </div>
    </Card>
  );
}
