import type { ReactNode } from 'react';
import { fieldErrorClass, fieldIds, hintClass, labelClass, type ControlSize } from './styles.ts';

export interface FieldProps {
  id: string;
  label: string;
  hint?: ReactNode | undefined;
  error?: string | undefined;
  size?: ControlSize | undefined;
  className?: string | undefined;
}

/** The props a control needs to be tied to its hint and error. */
export function controlA11y(id: string, { hint, error }: Pick<FieldProps, 'hint' | 'error'>) {
  const { describedBy } = fieldIds(id, { hint: Boolean(hint), error: Boolean(error) });
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } as const;
}

/** A label above a control, with its hint and its error below, linked by id. */
export function Field({ id, label, hint, error, size, className, children }: FieldProps & { children: ReactNode }) {
  const { hintId, errorId } = fieldIds(id, {});
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass({ size })}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={hintId} className={hintClass({ size })}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={fieldErrorClass}>
          {error}
        </p>
      )}
    </div>
  );
}
