/**
 * zod with Spanish default messages. Every schema imports `z` from here, so a field without a message of its
 * own still never shows zod's English default (in a form or in an endpoint's answer).
 */
import { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

const UNITS: Record<string, string> = { string: 'caracteres', array: 'elementos', set: 'elementos', file: 'bytes' };

function sizeMessage(issue: Issue & { code: 'too_small' | 'too_big' }): string {
  const limit = String(issue.code === 'too_small' ? issue.minimum : issue.maximum);
  const unit = UNITS[issue.origin];
  if (issue.code === 'too_small') {
    if (issue.origin === 'string' && limit === '1') return 'Este campo es obligatorio.';
    return unit ? `Debe tener al menos ${limit} ${unit}.` : `Debe ser como mínimo ${limit}.`;
  }
  return unit ? `No puede superar ${limit} ${unit}.` : `Debe ser como máximo ${limit}.`;
}

const FORMATS: Record<string, string> = {
  email: 'Ingresa un email válido',
  url: 'La dirección web no es válida.',
  uuid: 'El identificador no es válido.',
  datetime: 'La fecha no es válida.',
  regex: 'El formato no es válido.',
};

/** The Spanish text of an issue that its schema did not word itself. */
export function spanishIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'Falta un dato obligatorio.' : 'El dato no tiene el tipo esperado.';
    case 'too_small':
    case 'too_big':
      return sizeMessage(issue);
    case 'invalid_format':
      return FORMATS[issue.format] ?? 'El formato no es válido.';
    case 'invalid_value':
      return 'Elige una opción de la lista.';
    case 'unrecognized_keys':
      return 'La solicitud incluye datos desconocidos.';
    case 'not_multiple_of':
      return 'El número no es válido.';
    default:
      return 'El dato no es válido.';
  }
}

// jitless: zod would otherwise probe `new Function` to compile schemas, which our Content-Security-Policy refuses
// (a policy violation in every page that validates a form).
z.config({ localeError: (issue) => spanishIssueMessage(issue), jitless: true });

export { z };
