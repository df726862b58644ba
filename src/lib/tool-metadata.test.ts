import { describe, expect, it } from 'vitest';
import {
  addKeyword,
  applyAutoFill,
  autoKeywords,
  autoMetaDescription,
  autoMetaTitle,
  characterCount,
  counterTone,
  featuredImage,
  FIXED_KEYWORDS,
  generatedKeywords,
  generatedMetaDescription,
  generatedMetaTitle,
  keywordCandidates,
  platformPreview,
  previewMissing,
  whatsappDescription,
  whatsappTitle,
} from './tool-metadata.ts';

const letters = (n: number) => 'abcdefghij'.repeat(Math.ceil(n / 10)).slice(0, n);

describe('editor auto-fill', () => {
  it('cuts the meta title over 60 to 57 plus ... and the description over 160 to 157 plus ...', () => {
    expect(autoMetaTitle(letters(60))).toBe(letters(60));
    expect(autoMetaTitle(letters(61))).toBe(`${letters(57)}...`);
    expect(autoMetaDescription(letters(160))).toBe(letters(160));
    expect(autoMetaDescription(letters(161))).toBe(`${letters(157)}...`);
  });

  it('fills each field once, only while empty, and never again after the author clears it', () => {
    const start = { metaTitle: '', metaDescription: '', filledTitle: false, filledDescription: false };
    const once = applyAutoFill(start, { title: 'Mi herramienta', description: '' });
    expect(once).toEqual({ metaTitle: 'Mi herramienta', metaDescription: '', filledTitle: true, filledDescription: false });
    const cleared = applyAutoFill({ ...once, metaTitle: '' }, { title: 'Otro título', description: 'Una descripción' });
    expect(cleared.metaTitle).toBe('');
    expect(cleared.metaDescription).toBe('Una descripción');
    const typed = applyAutoFill({ ...start, metaTitle: 'Escrito a mano' }, { title: 'Título', description: '' });
    expect(typed.metaTitle).toBe('Escrito a mano');
  });
});

describe('keywords', () => {
  it('keeps words longer than 3 characters, drops stop words and punctuation, no repeats', () => {
    expect(keywordCandidates('¡Genera IMÁGENES con la IA, para tus campañas! Imágenes también.')).toEqual(['genera', 'imágenes', 'campañas']);
  });

  it('auto-generates the first 5, skipping ones present, appended to the list', () => {
    const source = { title: 'Editor de vídeo rápido', description: 'Corta, subtitula y exporta clips para redes sociales' };
    expect(autoKeywords([], source)).toEqual(['editor', 'vídeo', 'rápido', 'corta', 'subtitula']);
    expect(autoKeywords(['Vídeo', 'mío'], source)).toEqual(['Vídeo', 'mío', 'editor', 'rápido', 'corta', 'subtitula']);
  });

  it('adds trimmed keywords, never empty ones or duplicates', () => {
    expect(addKeyword(['ia'], '  texto   largo ')).toEqual(['ia', 'texto largo']);
    expect(addKeyword(['ia'], '   ')).toEqual(['ia']);
    expect(addKeyword(['IA'], 'ia')).toEqual(['IA']);
  });

  it('generates up to 8 words, the three fixed phrases and the category, at most 10', () => {
    const keywords = generatedKeywords({
      title: 'Asistente de escritura creativa',
      description: 'Redacta artículos, correos, guiones, poemas y resúmenes con tono ajustable y plantillas',
      categoryName: 'Escritura',
    });
    expect(keywords).toHaveLength(10);
    expect(keywords.slice(0, 8)).toEqual(['asistente', 'escritura', 'creativa', 'redacta', 'artículos', 'correos', 'guiones', 'poemas']);
    expect(keywords.slice(8)).toEqual(FIXED_KEYWORDS.slice(0, 2));
    expect(generatedKeywords({ title: 'Voz', description: 'Clona voces', categoryName: 'Audio' })).toEqual(['clona', 'voces', ...FIXED_KEYWORDS, 'audio']);
  });
});

describe('generated metadata', () => {
  it('meta title: the title up to 45, else 42 plus ..., then | site', () => {
    expect(generatedMetaTitle(letters(45), 'Brújula IA')).toBe(`${letters(45)} | Brújula IA`);
    expect(generatedMetaTitle(letters(46), 'Brújula IA')).toBe(`${letters(42)}... | Brújula IA`);
  });

  it('description over 160 becomes 157 plus ...', () => {
    expect(generatedMetaDescription(letters(161))).toBe(`${letters(157)}...`);
  });

  it('WhatsApp title: robot emoji first, cut to 60 when longer than 65', () => {
    expect(whatsappTitle('Hola')).toBe('🤖 Hola');
    const long = whatsappTitle(letters(70));
    expect(characterCount(long)).toBe(60);
    expect(long.startsWith('🤖 ')).toBe(true);
    expect(characterCount(whatsappTitle(letters(63)))).toBe(65);
  });

  it('WhatsApp description: whole plus a promotional line up to 180, else 197 plus ...', () => {
    expect(whatsappDescription(letters(180), 'Brújula IA')).toBe(`${letters(180)}\n\n✨ Descubre más herramientas de IA en Brújula IA`);
    expect(whatsappDescription(letters(181), 'Brújula IA')).toBe(`${letters(181)}`);
    expect(whatsappDescription(letters(250), 'Brújula IA')).toBe(`${letters(197)}...`);
  });

  it('featured image: the image, else the logo, else empty', () => {
    expect(featuredImage(' a.jpg ', 'b.png')).toBe('a.jpg');
    expect(featuredImage('  ', 'b.png')).toBe('b.png');
    expect(featuredImage(null, '')).toBe('');
  });
});

describe('social preview fallbacks', () => {
  const empty = { title: '', description: '', imageUrl: '', logoUrl: '' };
  it('falls back to the defaults', () => {
    expect(platformPreview('facebook', empty, 'Brújula IA', 'https://x.es/')).toEqual({
      title: 'Título de la publicación',
      description: 'Descripción de la publicación',
      image: '',
      url: 'https://x.es/',
    });
  });

  it('prefers og (the SEO panel) over the publication, and WhatsApp its own rule', () => {
    const source = { title: 'Título', description: 'Desc', imageUrl: '', logoUrl: 'logo.png', metaTitle: 'Meta', metaDescription: '' };
    expect(platformPreview('twitter', source, 'S', 'u')).toMatchObject({ title: 'Meta', description: 'Desc', image: 'logo.png' });
    expect(platformPreview('whatsapp', source, 'S', 'u').title).toBe('🤖 Título');
  });

  it('names what the cards still take from the placeholders, so an empty form is not «completa»', () => {
    expect(previewMissing(empty)).toEqual(['título', 'descripción', 'imagen']);
    expect(previewMissing({ ...empty, metaTitle: 'Meta', description: '   ' })).toEqual(['descripción', 'imagen']);
    expect(previewMissing({ title: 'T', description: 'D', imageUrl: '', logoUrl: 'logo.png' })).toEqual([]);
  });
});

describe('counterTone', () => {
  it('is red above the limit and green in the optimum range', () => {
    expect(counterTone(61, 60, [50, 60])).toBe('over');
    expect(counterTone(55, 60, [50, 60])).toBe('optimum');
    expect(counterTone(10, 60, [50, 60])).toBe('normal');
  });
});
