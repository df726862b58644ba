import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { categoryIcon, categoryIconNames, defaultCategoryIcon } from './category-icons.ts';

describe('categoryIcon', () => {
  it.each([
    ['escritura', 'pen-line'],
    ['imagen', 'image'],
    ['video', 'video'],
    ['codigo', 'code'],
    ['audio', 'audio-lines'],
    ['negocios', 'briefcase'],
    ['marketing', 'megaphone'],
    ['deteccion-ia', 'scan-search'],
    ['diseno', 'palette'],
    ['estilo-de-vida', 'heart'],
    ['educacion', 'graduation-cap'],
    ['productividad', 'zap'],
  ])('%s -> %s', (slug, icon) => {
    expect(categoryIcon(slug)).toBe(icon);
  });

  it('normalises names the same way as slugs: case, accents, punctuation and spaces', () => {
    expect(categoryIcon('  Diseño Gráfico ')).toBe('palette');
    expect(categoryIcon('Estilo de Vida')).toBe('heart');
    expect(categoryIcon('DETECCIÓN IA!')).toBe('scan-search');
    expect(categoryIcon('Código')).toBe('code');
  });

  it('falls back to the default icon for unknown categories', () => {
    expect(categoryIcon('cosas-raras')).toBe(defaultCategoryIcon);
    expect(categoryIcon('')).toBe(defaultCategoryIcon);
  });

  it('has a specific icon for every seeded category', () => {
    const categories = JSON.parse(readFileSync('supabase/seed/categories.json', 'utf8')) as { slug: string }[];
    for (const { slug } of categories) {
      expect(categoryIcon(slug), slug).not.toBe(defaultCategoryIcon);
      expect(categoryIconNames).toContain(categoryIcon(slug));
    }
  });
});
