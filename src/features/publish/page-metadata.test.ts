import { describe, expect, it } from 'vitest';
import { extractPageMetadata } from './page-metadata.server.ts';

describe('extractPageMetadata', () => {
  it('prefers Open Graph, resolves relative addresses and picks the best raster icon', () => {
    const html = `<!doctype html><html><head>
      <meta charset="utf-8"><title>Fallback &amp; t&iacute;tulo</title>
      <meta name="description" content="Descripci&oacute;n normal">
      <meta property="og:title" content="  Redacta   IA  ">
      <meta property="og:description" content='Escribe "mejor" en espa&ntilde;ol'>
      <meta property="og:image" content="/img/share.png">
      <link rel="icon" href="/favicon.ico">
      <link rel="icon" type="image/svg+xml" href="/icon.svg">
      <link rel="apple-touch-icon" sizes="180x180" href="https://cdn.redacta.test/touch.png">
      </head><body><meta property="og:title" content="en el cuerpo"></body></html>`;
    expect(extractPageMetadata(html, 'https://redacta.test/es/inicio')).toEqual({
      title: 'Redacta IA',
      description: 'Escribe "mejor" en español',
      image: 'https://redacta.test/img/share.png',
      icon: 'https://cdn.redacta.test/touch.png',
    });
  });

  it('falls back to <title> and the meta description, and copes with a page without a head', () => {
    expect(extractPageMetadata('<title>Solo título</title><meta name=description content=Corta>', 'http://a.test/')).toEqual({
      title: 'Solo título',
      description: 'Corta',
      image: null,
      icon: null,
    });
    expect(extractPageMetadata('', 'http://a.test/')).toEqual({ title: null, description: null, image: null, icon: null });
  });

  it('ignores scripts, comments, javascript: and data: addresses and markup inside values', () => {
    const html = `<head><!-- <meta property="og:title" content="comentado"> -->
      <script>var s = '<meta property="og:image" content="https://evil.test/x.png">';</script>
      <meta property="og:image" content="javascript:alert(1)">
      <meta name="twitter:image" content="data:image/png;base64,AAAA">
      <link rel="icon" href="javascript:alert(1)">
      <title><b>Negrita</b> &lt;script&gt;</title></head>`;
    expect(extractPageMetadata(html, 'https://a.test/')).toEqual({ title: 'Negrita <script>', description: null, image: null, icon: null });
  });

  it('honours <base href> and cuts long values', () => {
    const html = `<head><base href="https://static.a.test/assets/"><meta property="og:image" content="share.jpg"><title>${'x'.repeat(500)}</title></head>`;
    const result = extractPageMetadata(html, 'https://a.test/');
    expect(result.image).toBe('https://static.a.test/assets/share.jpg');
    expect(result.title).toHaveLength(200);
  });
});
