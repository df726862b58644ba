import { describe, expect, it } from 'vitest';
import { publishSlug, slugify } from './slug.ts';
import { normalizeForSearch } from './text.ts';

describe('slugify', () => {
  it.each([
    ['ChatGPT', 'chatgpt'],
    ['  Diseño Gráfico  ', 'diseno-grafico'],
    ['¿Qué es Ñandú & Cía?', 'que-es-nandu-cia'],
    ['Français façade', 'francais-facade'],
    ['v0 (Vercel)', 'v0-vercel'],
    ['Hola   --  mundo', 'hola-mundo'],
    ['--Bordes--', 'bordes'],
    ['Stable Diffusion 3.5', 'stable-diffusion-35'],
    ['AI/ML API', 'aiml-api'],
    ['!!!', ''],
  ])('%s -> %s', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });
});

describe('normalizeForSearch', () => {
  it('ignores case and accents and collapses whitespace', () => {
    expect(normalizeForSearch('  Generador   de IMÁGENES ')).toBe('generador de imagenes');
    expect(normalizeForSearch('Traducción')).toBe(normalizeForSearch('traduccion'));
  });
});

describe('publishSlug', () => {
  it.each([
    ['ChatGPT', 'chatgpt'],
    ['  Mi Herramienta  IA ', 'mi-herramienta-ia'],
    ['Diseño Gráfico', 'diseo-grfico'],
    ['v0 (Vercel)', 'v0-vercel'],
    ['Hola   --  mundo', 'hola-mundo'],
    ['--Bordes--', 'bordes'],
    ['Stable Diffusion 3.5', 'stable-diffusion-35'],
    ['日本語', ''],
  ])('%s -> %s', (input, expected) => {
    expect(publishSlug(input)).toBe(expected);
  });
});
