import { describe, expect, it } from 'vitest';
import {
  downloadFileName,
  EMPTY_PROMPT_MESSAGE,
  enhancePrompt,
  galleryDate,
  galleryQuery,
  imageGenerationInput,
  PROMPT_HARD_LIMIT,
  randomSeed,
} from './image-generator.ts';

describe('download file name', () => {
  it('keeps the first 50 alphanumeric characters of the prompt, folded and hyphenated, then index and timestamp', () => {
    expect(downloadFileName('Un faro en un acantilado, al atardecer', 'png', 1700000000000)).toBe('un-faro-en-un-acantilado-al-atardecer-1700000000000.png');
    expect(downloadFileName('Señal en la montaña', 'jpg', 5, 2)).toBe('senal-en-la-montana-2-5.jpg');
  });

  it('counts only letters and digits towards the 50', () => {
    const name = downloadFileName(`${'ab '.repeat(40)}`, 'webp', 1);
    const base = name.replace(/-1\.webp$/, '');
    expect(base.replace(/-/g, '')).toHaveLength(50);
    expect(base.endsWith('-')).toBe(false);
  });

  it('falls back to "imagen" when nothing alphanumeric is left', () => {
    expect(downloadFileName('¡¡¿?? ✨🎨', 'png', 7)).toBe('imagen-7.png');
  });
});

describe('prompt and seed', () => {
  it('adds the fixed quality suffix to the trimmed prompt', () => {
    expect(enhancePrompt('  un gato  ')).toBe('un gato, high quality, detailed, professional photography, 8k resolution');
  });

  it('draws seeds from 0 to 1,000,000', () => {
    expect(randomSeed(() => 0)).toBe(0);
    expect(randomSeed(() => 0.999999999)).toBe(1_000_000);
    for (let i = 0; i < 100; i++) expect(randomSeed()).toBeLessThanOrEqual(1_000_000);
  });
});

describe('generation request schema', () => {
  const valid = { prompt: 'un gato', model: 'flux', size: '1024x1024', count: 4, sessionId: 'session_1700000000000_abc123def' };

  it('accepts a valid request, trims the prompt and fills defaults', () => {
    expect(imageGenerationInput.parse({ ...valid, prompt: '  un gato ' })).toEqual(valid);
    expect(imageGenerationInput.parse({ prompt: 'x' })).toEqual({ prompt: 'x', model: 'flux', size: '1024x1024', count: 1 });
  });

  it('says SPEC text for a missing or blank prompt', () => {
    for (const prompt of [undefined, '', '   \n ']) {
      expect(imageGenerationInput.safeParse({ ...valid, prompt }).error?.issues[0]?.message).toBe(EMPTY_PROMPT_MESSAGE);
    }
  });

  it('lets the 1000 display limit pass but refuses beyond the hard limit', () => {
    expect(imageGenerationInput.safeParse({ ...valid, prompt: 'a'.repeat(1500) }).success).toBe(true);
    expect(imageGenerationInput.safeParse({ ...valid, prompt: 'a'.repeat(PROMPT_HARD_LIMIT + 1) }).success).toBe(false);
  });

  it('allows 1 to 9 whole images, SPEC models and sizes only', () => {
    for (const count of [0, 10, 2.5, '3']) {
      expect(imageGenerationInput.safeParse({ ...valid, count }).error?.issues[0]?.message).toBe('El número de imágenes debe estar entre 1 y 9.');
    }
    expect(imageGenerationInput.safeParse({ ...valid, count: 9 }).success).toBe(true);
    expect(imageGenerationInput.safeParse({ ...valid, model: 'dall-e' }).success).toBe(false);
    expect(imageGenerationInput.safeParse({ ...valid, size: '100x100' }).success).toBe(false);
    expect(imageGenerationInput.safeParse({ ...valid, size: '1584x396' }).success).toBe(true);
    expect(imageGenerationInput.safeParse({ ...valid, sessionId: '../../etc' }).success).toBe(false);
  });

  it('reads gallery queries leniently', () => {
    expect(galleryQuery.parse({ tab: 'saved', page: '3' })).toEqual({ tab: 'saved', page: 3, sessionId: undefined, q: '', sort: 'newest' });
    expect(galleryQuery.parse({ tab: 'nope', page: '-1', sessionId: 'x' })).toEqual({ tab: 'all', page: 1, sessionId: undefined, q: '', sort: 'newest' });
  });

  it('reads the dashboard’s search and order, ignoring what it does not know', () => {
    expect(galleryQuery.parse({ q: '  faro  ', sort: 'prompt' })).toMatchObject({ q: 'faro', sort: 'prompt' });
    expect(galleryQuery.parse({ q: 'x'.repeat(201), sort: 'aleatorio' })).toMatchObject({ q: '', sort: 'newest' });
  });

  it('names dashboard downloads from 30 characters of the prompt', () => {
    const name = downloadFileName('Un faro en un acantilado al atardecer con gaviotas', 'png', 9, undefined, 30);
    expect(name).toBe('un-faro-en-un-acantilado-al-atardece-9.png');
  });
});

describe('gallery date', () => {
  it('shows day and short month in es-ES', () => {
    expect(galleryDate('2026-11-05T10:00:00Z')).toBe('5 nov');
  });
});
