import { describe, expect, it } from 'vitest';
import { filterCategories } from './category-search.ts';
import { checkImageFile, IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '../../lib/image-rules.ts';
import { editInput, fieldErrors, publishInput, remainingErrors, TOOL_URL_INVALID } from '../../lib/tool-form.ts';
import { seoColumns, toolHead } from '../../lib/tool-seo.ts';

const categories = [
  { id: '1', name: 'Escritura', slug: 'escritura', color: '#000' },
  { id: '2', name: 'Diseño', slug: 'diseno', color: '#000' },
  { id: '3', name: 'Vídeo', slug: 'video', color: '#000' },
];

describe('category search', () => {
  it('matches a case-insensitive substring of the name, accents ignored', () => {
    expect(filterCategories(categories, 'ESCRI').map((category) => category.id)).toEqual(['1']);
    expect(filterCategories(categories, 'diseno').map((category) => category.id)).toEqual(['2']);
    expect(filterCategories(categories, '  ')).toHaveLength(3);
    expect(filterCategories(categories, 'zzz')).toEqual([]);
  });
});

describe('image file checks', () => {
  it('wants an image/* type other than SVG, of at most 5 MB', () => {
    expect(checkImageFile({ type: 'image/png', size: MAX_IMAGE_BYTES })).toBeNull();
    expect(checkImageFile({ type: 'text/plain', size: 10 })).toBe(IMAGE_MESSAGES.invalidType);
    expect(checkImageFile({ type: 'image/svg+xml', size: 10 })).toBe(IMAGE_MESSAGES.invalidType);
    expect(checkImageFile({ type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 })).toBe('La imagen es demasiado grande. Máximo 5MB');
  });
});

describe('errors while the author fixes the form', () => {
  const sent = { title: '', url: 'ftp://x', description: 'corta', slug: 'chatgpt', facts: { license: '' } };

  it('drops a fixed field, keeps a still-invalid one with its current message, and adds none', () => {
    const shown = { title: 'El título es obligatorio', url: 'URL no válida', description: 'Demasiado corta' };
    const current = { url: 'La URL debe empezar por https://', pricing: 'Elige un precio' };
    const now = { ...sent, title: 'Mi herramienta', url: 'ftp://y', description: 'Una descripción ya larga' };
    expect(remainingErrors(shown, current, sent, now)).toEqual({ url: 'La URL debe empezar por https://' });
    expect(remainingErrors({}, current, sent, now)).toEqual({});
  });

  it('keeps an error only the server found until that field changes (nested fields by their group)', () => {
    const shown = { slug: 'Esa dirección ya está en uso.', 'facts.license': 'Licencia no válida' };
    expect(remainingErrors(shown, {}, sent, sent)).toEqual(shown);
    expect(remainingErrors(shown, {}, sent, { ...sent, slug: 'chatgpt-2', facts: { license: 'MIT' } })).toEqual({});
  });
});

describe('publish schema', () => {
  const valid = { title: ' T ', description: ' D ', categoryIds: ['00000000-0000-4000-8000-000000000001'] };

  it('trims title and description and fills the optional fields', () => {
    expect(publishInput.parse(valid)).toMatchObject({ title: 'T', description: 'D', url: '', pricing: 'unknown', keywords: [] });
  });

  it('refuses non-http addresses, credentials in the URL and an image reference that is neither a key nor an address', () => {
    for (const url of ['javascript:alert(1)', 'ftp://a.es', 'https://user:pass@a.es', 'https://localhost']) {
      expect(publishInput.safeParse({ ...valid, url }).success).toBe(false);
    }
    expect(publishInput.safeParse({ ...valid, imageUrl: '../../etc/passwd' }).success).toBe(false);
    expect(publishInput.safeParse({ ...valid, imageUrl: 'abc/1700000000000.jpg' }).success).toBe(true);
  });

  it('refuses a tool address with whitespace, control, invisible or angle characters, with a Spanish field error', () => {
    for (const url of [
      'https://a.es/<script>',
      'https://a.es/con espacio',
      'https://a.es/\tpestaña',
      'https://a.es/\nlinea',
      'https://a.es/\u0000',
      'https://a.es/\u202eexe.fdp',
      'https://a.es/a\u00a0b',
      'https://a.es/>',
    ]) {
      const result = publishInput.safeParse({ ...valid, url });
      expect(result.success, JSON.stringify(url)).toBe(false);
      expect(fieldErrors(result.error!).url).toBe(TOOL_URL_INVALID);
    }
  });

  it('stores the tool address as the URL parser writes it', () => {
    const parse = (url: string) => publishInput.parse({ ...valid, url }).url;
    expect(parse('  HTTPS://Ejemplo.ES  ')).toBe('https://ejemplo.es/');
    expect(parse('https://a.es/x"y')).toBe('https://a.es/x%22y');
    expect(parse('https://bücher.de/ruta?q=ñ')).toBe('https://xn--bcher-kva.de/ruta?q=%C3%B1');
    expect(parse('')).toBe('');
    expect(editInput.parse({ ...valid, version: '2026-11-24T06:00:00.123456+00:00', url: 'https://A.es' }).url).toBe('https://a.es/');
  });

  it('reports SPEC’s three messages first, in order', () => {
    const result = publishInput.safeParse({ title: '', description: '', categoryIds: [], url: 'x' });
    expect(result.success).toBe(false);
    const fields = fieldErrors(result.error!);
    expect(Object.keys(fields).slice(0, 3)).toEqual(['title', 'description', 'categoryIds']);
  });

  it('requires a note to reject and refuses fields it does not know', () => {
    const base = { ...valid, version: '2026-11-24T06:00:00.123456+00:00' };
    expect(editInput.safeParse({ ...base, status: 'rejected' }).success).toBe(false);
    expect(editInput.safeParse({ ...base, status: 'rejected', reviewNote: 'Falta la URL' }).success).toBe(true);
    expect(editInput.safeParse({ ...base, userId: 'otro' }).success).toBe(false);
  });
});

describe('stored SEO columns and the tool page head', () => {
  const site = { name: 'Brújula IA', url: 'https://brujula.test' };
  const source = {
    title: 'Escritor',
    description: 'Escribe textos de marketing con tono ajustable.',
    slug: 'escritor',
    url: 'https://escritor.test',
    pricing: 'free' as const,
    imageUrl: '',
    logoUrl: 'u/1.png',
    metaTitle: '',
    metaDescription: '',
    keywords: [],
    author: '',
    categories: [{ name: 'Escritura', slug: 'escritura' }],
  };

  it('generates on publish and falls back on edit', () => {
    const address = (reference: string) => `https://cdn.test/${reference}`;
    const published = seoColumns(source, site, 'publish', address);
    expect(published).toMatchObject({
      metaTitle: 'Escritor | Brújula IA',
      ogTitle: 'Escritor',
      ogImage: 'u/1.png',
      canonicalUrl: 'https://brujula.test/escritor',
    });
    expect(published.keywords).toContain('escritura');
    expect(published.structuredData.article).toMatchObject({ image: 'https://cdn.test/u/1.png', offers: { price: '0' } });
    const edited = seoColumns(source, site, 'edit', address);
    expect(edited).toMatchObject({ metaTitle: 'Escritor', metaDescription: source.description, keywords: null, author: null });
  });

  it('adds the site name to a typed meta title only once', () => {
    const empty = { ogTitle: null, ogDescription: null, ogImage: null, twitterTitle: null, twitterDescription: null, keywords: null, author: null };
    expect(toolHead({ ...empty, title: 'X', description: 'D', metaTitle: 'X | Brújula IA', metaDescription: null }, site, '/og.png').title).toBe(
      'X | Brújula IA',
    );
    expect(toolHead({ ...empty, title: 'X', description: 'D', metaTitle: 'Mi título', metaDescription: null }, site, '/og.png')).toMatchObject({
      title: 'Mi título | Brújula IA',
      image: '/og.png',
    });
  });
});
