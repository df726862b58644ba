import { describe, expect, it } from 'vitest';
import { checkableTerms, editDistance, foldWords, isPlausibleMatch, matchNames, NameRank, type NameEntry } from './name-match.ts';
import { roughStem } from '../text.ts';

const names: NameEntry[] = [
  ['ChatGPT', 'chatgpt'],
  ['Claude', 'claude'],
  ['Midjourney', 'midjourney'],
  ['Stable Diffusion (Stability AI)', 'stable-diffusion-stability-ai'],
  ['GitHub Copilot', 'github-copilot'],
  ['Claude Code', 'claude-code'],
  ['ChatGPT Writer', 'chatgpt-writer'],
  ['Midjourney Sref', 'midjourney-sref'],
  ['Pi', 'pi'],
  ['Pika', 'pika'],
  ['Remini', 'remini'],
  ['Gemini', 'gemini'],
];

const slugs = (query: string) => matchNames(query, names).map((match) => match.slug);

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and a transposition as one edit each', () => {
    expect(editDistance('midjorney', 'midjourney', 2)).toBe(1);
    expect(editDistance('chatgtp', 'chatgpt', 2)).toBe(1);
    expect(editDistance('stabeldiffusion', 'stablediffusion', 2)).toBe(1);
    expect(editDistance('gemini', 'gemini', 2)).toBe(0);
    expect(editDistance('pizza', 'pi', 1)).toBe(2);
  });
});

describe('matchNames', () => {
  it('ranks the exact name first, then names that start with it, whatever the case and spacing', () => {
    expect(slugs('CHATGPT')).toEqual(['chatgpt', 'chatgpt-writer']);
    expect(matchNames('Chat GPT', names)[0]).toEqual({ slug: 'chatgpt', title: 'ChatGPT', rank: NameRank.Exact });
    expect(slugs('pi')).toEqual(['pi', 'pika']);
  });

  it('finds a name without its parenthesis and a whole word inside a name', () => {
    expect(slugs('stable diffusion')).toEqual(['stable-diffusion-stability-ai']);
    expect(slugs('copilot')).toEqual(['github-copilot']);
  });

  it('forgives one-letter typos, in the whole name or at its start', () => {
    expect(slugs('midjorney')).toEqual(['midjourney', 'midjourney-sref']);
    expect(slugs('chatgtp')).toEqual(['chatgpt', 'chatgpt-writer']);
    expect(slugs('stabel diffusion')).toEqual(['stable-diffusion-stability-ai']);
  });

  it('does not guess when the name was typed right, nor for short queries', () => {
    expect(slugs('gemini')).toEqual(['gemini']);
    expect(slugs('pix')).toEqual([]);
    expect(slugs('xyzzyqq')).toEqual([]);
    expect(slugs('   ')).toEqual([]);
  });
});

describe('isPlausibleMatch', () => {
  it('accepts what the query asked for: exact, completed, accents, plurals and one word family', () => {
    expect(isPlausibleMatch('imagenes', 'imágenes')).toBe(true);
    expect(isPlausibleMatch('transcrip', 'transcripción')).toBe(true);
    expect(isPlausibleMatch('imagenes', 'imagen')).toBe(true);
    expect(isPlausibleMatch('generador', 'generación')).toBe(true);
    expect(isPlausibleMatch('programacion', 'programa')).toBe(true);
    expect(isPlausibleMatch('logos', 'logotipos')).toBe(true);
  });

  it("refuses Pagefind's guesses from a word's first letters", () => {
    expect(isPlausibleMatch('pizza', 'Pi')).toBe(false);
    expect(isPlausibleMatch('chatgtp', 'Chat')).toBe(false);
    expect(isPlausibleMatch('deepsek', 'DeepDream')).toBe(false);
    expect(isPlausibleMatch('xyzzyqq', 'X')).toBe(false);
  });

  it('stems roughly, never below four letters', () => {
    expect(roughStem('programacion')).toBe('program');
    expect(roughStem('generadores')).toBe('gener');
    expect(roughStem('logo')).toBe('logo');
    expect(foldWords('  Diseño   Gráfico! ')).toBe('diseno grafico');
    expect(checkableTerms('editor de vídeo ia')).toEqual(['editor', 'video']);
  });
});
