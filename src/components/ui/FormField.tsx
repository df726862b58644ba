import { Eye, EyeOff, LoaderCircle } from 'lucide-react';
import { useState, type InputHTMLAttributes } from 'react';
import { Button } from './Button.tsx';
import { controlA11y, Field } from './Field.tsx';
import { controlClass, cx } from './styles.ts';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  name: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled input whose error is tied to it with aria-invalid and aria-describedby; a password can be shown. */
export function FormField({ name, label, error, hint, type = 'text', ...input }: FormFieldProps) {
  const [revealed, setRevealed] = useState(false);
  const id = `campo-${name}`;
  const isPassword = type === 'password';
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <div className="relative">
        <input
          name={name}
          type={isPassword && revealed ? 'text' : type}
          {...controlA11y(id, { hint, error })}
          className={cx(controlClass({ invalid: Boolean(error) }), isPassword && 'pr-11')}
          {...input}
        />
        {isPassword && (
          <button
            type="button"
            onClick={() => setRevealed((value) => !value)}
            aria-label={revealed ? 'Ocultar contraseña' : 'Mostrar contraseña'}
            aria-pressed={revealed}
            aria-controls={id}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {revealed ? <EyeOff className="h-5 w-5" aria-hidden="true" /> : <Eye className="h-5 w-5" aria-hidden="true" />}
          </button>
        )}
      </div>
    </Field>
  );
}

/** A form's submit button: a spinner and `busy` while the form is sending, `idle` otherwise; full width unless `block` is false. */
export function SubmitButton({
  submitting,
  disabled,
  idle,
  busy,
  block = true,
}: {
  submitting: boolean;
  disabled: boolean;
  idle: string;
  busy: string;
  block?: boolean;
}) {
  return (
    <Button type="submit" variant="primary" size="lg" block={block} disabled={disabled}>
      {submitting && <LoaderCircle className="h-5 w-5 animate-spin" aria-hidden="true" />}
      {submitting ? busy : idle}
    </Button>
  );
}
