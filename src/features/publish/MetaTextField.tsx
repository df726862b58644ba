/**
 * A meta title or description field of the SEO panel: its label with a live character count beside it (green in the
 * optimum range, red over the maximum), the control, and its error.
 */
import { createElement } from 'react';
import { controlClass, fieldErrorClass } from '../../components/ui/styles.ts';
import { characterCount, counterTone } from '../../lib/tool-metadata.ts';

const toneClass = { over: 'text-red-700 font-semibold', optimum: 'text-emerald-700', normal: 'text-slate-600' } as const;

interface Props {
  id: string;
  label: string;
  /** A one-line input for the title, a text area for the description. */
  as: 'input' | 'textarea';
  name: string;
  value: string;
  onChange(value: string): void;
  max: number;
  optimum: readonly [number, number];
  placeholder: string;
  error: string | undefined;
}

export function MetaTextField({ id, label, as, name, value, onChange, max, optimum, placeholder, error }: Props) {
  const length = characterCount(value);
  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <span id={`${id}-cuenta`} className={`text-xs tabular-nums ${toneClass[counterTone(length, max, optimum)]}`}>
          {length}/{max}
        </span>
      </div>
      {createElement(as, {
        id,
        name,
        ...(as === 'textarea' ? { rows: 3 } : {}),
        value,
        maxLength: max,
        onChange: (event: { target: { value: string } }) => onChange(event.target.value),
        placeholder,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': `${id}-cuenta${error ? ` ${id}-error` : ''}`,
        className: controlClass({ size: 'sm', invalid: Boolean(error) || length > max }),
      })}
      {error && (
        <p id={`${id}-error`} className={fieldErrorClass}>
          {error}
        </p>
      )}
    </div>
  );
}
