/** The choices the free AI utilities offer, shared by the islands' selects and the servers' zod schemas. */

export const IMAGE_MODELS = [
  { value: 'flux', label: 'Flux (recomendado)' },
  { value: 'stable-diffusion', label: 'Stable Diffusion' },
] as const;
export type ImageModel = (typeof IMAGE_MODELS)[number]['value'];
export const DEFAULT_IMAGE_MODEL: ImageModel = 'flux';

export const IMAGE_SIZE_GROUPS = [
  { label: 'Cuadradas', sizes: ['512x512', '1024x1024', '1536x1536'] },
  { label: 'Verticales', sizes: ['768x1024', '1024x1536', '1080x1920', '1080x1350', '736x1104'] },
  { label: 'Horizontales', sizes: ['1024x768', '1536x1024', '1920x1080', '1200x630', '1500x500', '1584x396'] },
  { label: 'Especiales', sizes: ['1080x1080', '1200x1200', '800x600', '1280x720', '1920x1280'] },
] as const;
export type ImageSize = (typeof IMAGE_SIZE_GROUPS)[number]['sizes'][number];
export const IMAGE_SIZES: readonly ImageSize[] = IMAGE_SIZE_GROUPS.flatMap((group) => group.sizes);
export const DEFAULT_IMAGE_SIZE: ImageSize = '1024x1024';

export function parseImageSize(size: ImageSize): { width: number; height: number } {
  const [width, height] = size.split('x').map(Number) as [number, number];
  return { width, height };
}

export const IMAGE_COUNT_MIN = 1;
export const IMAGE_COUNT_MAX = 9;
export const PROMPT_DISPLAY_LIMIT = 1000;
export const PROMPT_WARNING_LENGTH = 800;

export const DESCRIPTION_LANGUAGES = [
  { value: 'es', label: 'Español' },
  { value: 'en', label: 'Inglés' },
  { value: 'fr', label: 'Francés' },
  { value: 'de', label: 'Alemán' },
  { value: 'it', label: 'Italiano' },
  { value: 'pt', label: 'Portugués' },
] as const;
export type DescriptionLanguage = (typeof DESCRIPTION_LANGUAGES)[number]['value'];
export const DEFAULT_DESCRIPTION_LANGUAGE: DescriptionLanguage = 'es';
export const DESCRIPTION_MAX_IMAGE_BYTES = 10_485_760;

export const STORY_GENRES = [
  { value: 'aventura', label: 'Aventura' },
  { value: 'fantasia', label: 'Fantasía' },
  { value: 'ciencia-ficcion', label: 'Ciencia ficción' },
  { value: 'misterio', label: 'Misterio' },
  { value: 'terror', label: 'Terror' },
  { value: 'romance', label: 'Romance' },
  { value: 'humor', label: 'Humor' },
  { value: 'fabula', label: 'Fábula' },
] as const;
export type StoryGenre = (typeof STORY_GENRES)[number]['value'];

export const STORY_AUDIENCES = [
  { value: 'children', label: 'Infantil' },
  { value: 'young', label: 'Juvenil' },
  { value: 'adult', label: 'Adultos' },
] as const;
export type StoryAudience = (typeof STORY_AUDIENCES)[number]['value'];

export const STORY_LENGTHS = [
  { value: 'short', label: 'Corta (unas 300)', words: 300 },
  { value: 'medium', label: 'Media (unas 700)', words: 700 },
  { value: 'long', label: 'Larga (unas 1.500)', words: 1500 },
] as const;
export type StoryLength = (typeof STORY_LENGTHS)[number]['value'];
export const STORY_PROMPT_MAX = 1000;
