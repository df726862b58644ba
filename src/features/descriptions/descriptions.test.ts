import { describe, expect, it } from 'vitest';
import { checkDescriptionSource, checkImageFile, descriptionFields, isImageUrl, stripCodeFence } from './descriptions.ts';
import { takeEvents } from './event-stream.ts';

const MB10 = 10_485_760;

describe('description source rules', () => {
  it('asks for an image when there is neither a file nor a URL', () => {
    expect(checkDescriptionSource({ file: null, url: '   ' })).toEqual({
      title: 'Imagen requerida',
      description: 'Por favor selecciona una imagen o proporciona una URL',
    });
  });

  it('refuses non-images, SVG and files over 10485760 bytes, and accepts exactly the limit', () => {
    expect(checkImageFile({ type: 'application/pdf', size: 10 })).toEqual({
      title: 'Formato no válido',
      description: 'Por favor selecciona una imagen válida',
    });
    expect(checkImageFile({ type: 'image/svg+xml', size: 10 })?.title).toBe('Formato no válido');
    expect(checkImageFile({ type: 'image/png', size: MB10 + 1 })).toEqual({ title: 'Archivo muy grande', description: 'El archivo debe ser menor a 10MB.' });
    expect(checkImageFile({ type: 'image/png', size: MB10 })).toBeNull();
  });

  it('needs a URL that parses as http or https', () => {
    expect(checkDescriptionSource({ file: null, url: 'foto.jpg' })).toEqual({ title: 'Error', description: 'URL de imagen no válida' });
    expect(isImageUrl('ftp://ejemplo.es/a.png')).toBe(false);
    expect(isImageUrl(' https://ejemplo.es/a.png ')).toBe(true);
    expect(checkDescriptionSource({ file: null, url: 'https://ejemplo.es/a.png' })).toBeNull();
  });

  it('trims instructions and omits them when empty; refuses unknown languages and long instructions', () => {
    expect(descriptionFields.parse({ language: 'pt', instructions: '  ' }).instructions).toBeUndefined();
    expect(descriptionFields.parse({ language: 'es', instructions: ' Colores ' }).instructions).toBe('Colores');
    expect(descriptionFields.safeParse({ language: 'ru' }).success).toBe(false);
    expect(descriptionFields.safeParse({ language: 'es', instructions: 'x'.repeat(501) }).success).toBe(false);
    expect(descriptionFields.parse({ language: 'es', sessionId: 'malo' }).sessionId).toBeUndefined();
  });

  it('removes a Markdown code fence around model HTML', () => {
    expect(stripCodeFence('```html\n<p>a</p>\n```')).toBe('<p>a</p>');
    expect(stripCodeFence('<p>a</p>')).toBe('<p>a</p>');
  });
});

describe('takeEvents', () => {
  it('returns complete events and keeps a partial one for the next read', () => {
    const first = takeEvents('event: chunk\ndata: {"type":"chunk","text":"<p>Ho"}\n\nevent: chunk\ndata: {"type":"ch');
    expect(first.events).toEqual([{ type: 'chunk', text: '<p>Ho' }]);
    const second = takeEvents(first.rest + 'unk","text":"la</p>"}\n\n');
    expect(second.events).toEqual([{ type: 'chunk', text: 'la</p>' }]);
    expect(second.rest).toBe('');
  });
});
