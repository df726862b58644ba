import { Eye, EyeOff, LoaderCircle } from 'lucide-react';
import { useState, type InputHTMLAttributes } from 'react';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  name: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}

const inputClass =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600';

/** A labelled input whose error is tied to it with aria-invalid and aria-describedby. */
export function FormField({ name, label, error, hint, type = 'text', ...input }: FormFieldProps) {
  const [revealed, setRevealed] = useState(false);
  const id = `campo-${name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const isPassword = type === 'password';
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type={isPassword && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} ${isPassword ? 'pr-11' : ''} ${error ? 'border-red-600' : 'border-slate-300'}`}
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
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export const submitButtonClass =
  'flex w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-70';

/** A form's submit button: a spinner and `busy` while the form is sending, `idle` otherwise. */
export function SubmitButton({
  submitting,
  disabled,
  idle,
  busy,
  className = submitButtonClass,
}: {
  submitting: boolean;
  disabled: boolean;
  idle: string;
  busy: string;
  className?: string;
}) {
  return (
    <button type="submit" disabled={disabled} className={className}>
      {submitting && <LoaderCircle className="h-5 w-5 animate-spin" aria-hidden="true" />}
      {submitting ? busy : idle}
    </button>
  );
}
