/** What we ask the text models for. Kept apart from the adapters so every provider gets the same words. */
import { DESCRIPTION_LANGUAGES, STORY_AUDIENCES, STORY_GENRES, STORY_LENGTHS, type DescriptionLanguage } from '../../lib/ai-options.ts';
import type { DescriptionRequest, StoryRequest } from './types.ts';

export function languageLabel(language: DescriptionLanguage): string {
  return DESCRIPTION_LANGUAGES.find((entry) => entry.value === language)!.label;
}

export const DESCRIPTION_INSTRUCTIONS = [
  'Eres un asistente que describe imágenes con precisión para personas que no pueden verlas y para textos alternativos.',
  'Describe solo lo que se ve: sujetos, acciones, entorno, colores, texto visible y ambiente. No inventes datos que la imagen no muestre.',
  'Responde únicamente con HTML sencillo (<p>, <h3>, <ul>, <li>, <strong>, <em>), sin <html>, <body>, estilos, scripts ni bloques de código.',
].join('\n');

export function descriptionUserText(request: Pick<DescriptionRequest, 'language' | 'instructions'>): string {
  const lines = [`Idioma de la respuesta: ${languageLabel(request.language)}`];
  const extra = request.instructions?.trim();
  if (extra) lines.push(`Indicaciones del usuario: ${extra}`);
  return lines.join('\n');
}

export const STORY_INSTRUCTIONS = [
  'Eres un escritor de relatos originales.',
  'Escribe la primera línea con el título del relato, sin comillas ni la palabra «Título»; después una línea en blanco y el relato en párrafos de texto plano, sin Markdown.',
  'Respeta el idioma, el género, el público y la extensión pedidos. Para público infantil, evita la violencia explícita y el contenido inapropiado.',
].join('\n');

export function storyUserText(request: Pick<StoryRequest, 'prompt' | 'genre' | 'audience' | 'length' | 'language'>): string {
  const genre = STORY_GENRES.find((entry) => entry.value === request.genre)!.label;
  const audience = STORY_AUDIENCES.find((entry) => entry.value === request.audience)!.label;
  const words = STORY_LENGTHS.find((entry) => entry.value === request.length)!.words;
  return [
    `Idea: ${request.prompt}`,
    `Género: ${genre}`,
    `Público: ${audience}`,
    `Extensión: unas ${words} palabras`,
    `Idioma: ${languageLabel(request.language)}`,
  ].join('\n');
}

/** Room for the longest story (1,500 words is about 2,000 tokens in Spanish) without letting a model ramble on. */
export function storyTokenBudget(length: StoryRequest['length']): number {
  const words = STORY_LENGTHS.find((entry) => entry.value === length)!.words;
  return Math.round(words * 2.5) + 200;
}
