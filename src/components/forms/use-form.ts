/**
 * Form state for the auth and account islands: values, the first error of each field, and focus on the first
 * invalid field. What the visitor typed into the server-rendered inputs before the island hydrated is kept.
 */
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import type { z } from '../../lib/zod.ts';
import { fieldErrors } from '../../lib/auth-forms.ts';

export function useValidatedForm<Schema extends z.ZodType<Record<string, string>>>(schema: Schema, initial: Record<string, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  // Until React has hydrated, a press would submit the raw HTML form: the button waits instead.
  const [hydrated, setHydrated] = useState(false);
  // Marks this form's inputs, so the hydration check below finds them (several forms may share a page).
  const formId = useId();
  useEffect(() => {
    // Hydration leaves the inputs' DOM values alone, but the next render would write the state's over them and
    // wipe what was typed before the island woke up: the state takes the typed values first.
    const inputs = document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(`[data-form-field="${CSS.escape(formId)}"]`);
    const typed = [...inputs].flatMap((input) => (input.value !== (initial[input.name] ?? '') ? [[input.name, input.value]] : []));
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (typed.length > 0) setValues((current) => ({ ...current, ...Object.fromEntries(typed) }));
    setHydrated(true);
    // Only the server-rendered inputs as they were at hydration matter: this runs once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const bind = (name: string) => ({
    name,
    'data-form-field': formId,
    value: values[name] ?? '',
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });

  /** Validates, shows errors, and hands valid data to `submit` with the button disabled meanwhile. */
  const onSubmit = (submit: (data: z.output<Schema>) => Promise<boolean>) => async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    const result = schema.safeParse(values);
    if (!result.success) {
      const found = fieldErrors(result.error);
      setErrors(found);
      const first = Object.keys(values).find((name) => found[name]);
      if (first) form.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    const keepDisabled = await submit(result.data);
    if (!keepDisabled) setSubmitting(false);
  };

  return { bind, onSubmit, submitting, disabled: submitting || !hydrated };
}
