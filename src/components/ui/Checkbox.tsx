import type { InputHTMLAttributes, ReactNode } from 'react';
import { controlA11y } from './Field.tsx';
import { checkboxClass, cx, fieldErrorClass, fieldIds, hintClass } from './styles.ts';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  id: string;
  label: ReactNode;
  hint?: ReactNode | undefined;
  error?: string | undefined;
}

/** A checkbox with its label beside it (tied by id) and an optional hint and error. */
export function Checkbox({ id, label, hint, error, className, ...input }: CheckboxProps) {
  const { hintId, errorId } = fieldIds(id, {});
  return (
    <div className={className}>
      <label htmlFor={id} className="flex items-center gap-2 text-sm text-slate-900">
        <input type="checkbox" {...controlA11y(id, { hint, error })} className={checkboxClass} {...input} />
        {label}
      </label>
      {hint && (
        <p id={hintId} className={cx(hintClass(), 'ml-6')}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={cx(fieldErrorClass, 'ml-6')}>
          {error}
        </p>
      )}
    </div>
  );
}
