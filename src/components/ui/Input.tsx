import { createElement, type ComponentPropsWithoutRef } from 'react';
import { controlA11y, Field, type FieldProps } from './Field.tsx';
import { controlClass, cx } from './styles.ts';

type ControlTag = 'input' | 'textarea' | 'select';
type ControlProps<T extends ControlTag> = Omit<FieldProps, 'className'> & { fieldClassName?: string } & Omit<ComponentPropsWithoutRef<T>, 'id' | 'size'>;

/** The one labelled control the three below are: the label tied by id, the error marking it invalid and describing it. */
function LabelledControl<T extends ControlTag>({ as, id, label, hint, error, size, fieldClassName, className, ...control }: ControlProps<T> & { as: T }) {
  return (
    <Field id={id} label={label} hint={hint} error={error} size={size} className={fieldClassName}>
      {createElement(as as string, {
        ...controlA11y(id, { hint, error }),
        className: cx(controlClass({ size, invalid: Boolean(error) }), className),
        ...control,
      })}
    </Field>
  );
}

/** A labelled text input; its error sets aria-invalid and is announced through aria-describedby. */
export const Input = (props: ControlProps<'input'>) => <LabelledControl as="input" {...props} />;

/** A labelled text area, wired like Input. */
export const Textarea = (props: ControlProps<'textarea'>) => <LabelledControl as="textarea" {...props} />;

/** A labelled native select, wired like Input. */
export const Select = (props: ControlProps<'select'>) => <LabelledControl as="select" {...props} />;
