import { describe, expect, it } from 'vitest';
import { z } from './zod.ts';

const messages = (schema: z.ZodType, value: unknown) => (schema.safeParse(value).error?.issues ?? []).map((issue) => issue.message);

describe('zod in Spanish', () => {
  it('words every default message in Spanish', () => {
    expect(messages(z.object({ a: z.string() }), {})).toEqual(['Falta un dato obligatorio.']);
    expect(messages(z.string(), 4)).toEqual(['El dato no tiene el tipo esperado.']);
    expect(messages(z.string().min(1), '')).toEqual(['Este campo es obligatorio.']);
    expect(messages(z.string().max(3), 'abcd')).toEqual(['No puede superar 3 caracteres.']);
    expect(messages(z.number().min(2), 1)).toEqual(['Debe ser como mínimo 2.']);
    expect(messages(z.email(), 'x')).toEqual(['Ingresa un email válido']);
    expect(messages(z.uuid(), 'x')).toEqual(['El identificador no es válido.']);
    expect(messages(z.enum(['a', 'b']), 'c')).toEqual(['Elige una opción de la lista.']);
    expect(messages(z.strictObject({}), { x: 1 })).toEqual(['La solicitud incluye datos desconocidos.']);
  });

  it('keeps a schema’s own message', () => {
    expect(messages(z.string().min(1, { error: 'El título es obligatorio' }), '')).toEqual(['El título es obligatorio']);
  });
});
