/**
 * «Para qué sirve»: up to LIMITS.useCases tasks of the curated vocabulary the tool helps with; none chosen means the
 * server infers them from the categories, keywords and text.
 */
import { useId } from 'react';
import { Card } from '../../components/ui/Card.tsx';
import { controlClass, fieldErrorClass, labelClass } from '../../components/ui/styles.ts';
import { LIMITS } from '../../lib/tool-form.ts';
import { TASKS } from '../../lib/tasks/vocabulary.ts';

interface Props {
  value: string[];
  onChange(useCases: string[]): void;
  error: string | undefined;
}

export function TasksFieldset({ value, onChange, error }: Props) {
  const id = useId();
  // The help sits between the label and the list (unlike the Select primitive's hint below it): it says how to pick.
  return (
    <Card as="section" aria-labelledby={`${id}-usos`} data-field="useCases">
      <h2 id={`${id}-usos`} className="text-lg font-semibold text-slate-900">
        Para qué sirve
      </h2>
      <label htmlFor={`${id}-usos-lista`} className={`${labelClass()} mt-3`}>
        Tareas en las que ayuda (opcional)
      </label>
      <p id={`${id}-usos-ayuda`} className="mb-2 text-sm text-slate-600">
        Elige hasta {LIMITS.useCases} con Ctrl o ⌘. Si no eliges ninguna, las deducimos de las categorías, las palabras clave y el texto.
      </p>
      <select
        id={`${id}-usos-lista`}
        name="useCases"
        multiple
        size={8}
        value={value}
        onChange={(event) => onChange([...event.target.selectedOptions].map((option) => option.value))}
        aria-describedby={error ? `${id}-usos-ayuda ${id}-usos-error` : `${id}-usos-ayuda`}
        aria-invalid={error ? true : undefined}
        className={controlClass({ invalid: Boolean(error) })}
      >
        {TASKS.map((task) => (
          <option key={task.slug} value={task.slug}>
            {task.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-usos-error`} className={fieldErrorClass}>
          {error}
        </p>
      )}
    </Card>
  );
}
