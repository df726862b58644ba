import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { controlA11y, Field, type FieldProps } from './Field.tsx';
import { controlClass, cx } from './styles.ts';

type Labelled = Omit<FieldProps, 'className'> & { fieldClassName?: string };

/** A labelled text input; its error sets aria-invalid and is announced through aria-describedby. */
export function Input({
  id,
  label,
  hint,
  error,
  size,
  fieldClassName,
  className,
  ...input
}: Labelled & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'size'>) {
  return (
    <Field id={id} label={label} hint={hint} error={error} size={size} className={fieldClassName}>
      <input {...controlA11y(id, { hint, error })} className={cx(controlClass({ size, invalid: Boolean(error) }), className)} {...input} />
    </Field>
  );
}

/** A labelled text area, wired like Input. */
export function Textarea({
  id,
  label,
  hint,
  error,
  size,
  fieldClassName,
  className,
  ...area
}: Labelled & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  return (
    <Field id={id} label={label} hint={hint} error={error} size={size} className={fieldClassName}>
      <textarea {...controlA11y(id, { hint, error })} className={cx(controlClass({ size, invalid: Boolean(error) }), className)} {...area} />
    </Field>
  );
}

/** A labelled native select, wired like Input. */
export function Select({
  id,
  label,
  hint,
  error,
  size,
  fieldClassName,
  className,
  ...select
}: Labelled & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'size'>) {
  return (
    <Field id={id} label={label} hint={hint} error={error} size={size} className={fieldClassName}>
      <select {...controlA11y(id, { hint, error })} className={cx(controlClass({ size, invalid: Boolean(error) }), className)} {...select} />
    </Field>
  );
}
