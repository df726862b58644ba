import { describe, expect, it } from 'vitest';
import { decodeEntities, rankIcons, readPageHead, readPageMeta, visibleText, withoutHiddenText } from './page-meta.ts';

const PAGE = 'https://herramienta.example/es/inicio';

describe('readPageMeta', () => {
  it('reads title, description, og:image and icons from the head, resolving relative addresses', () => {
    const meta = readPageMeta(
      `<!doctype html><html><head>
        <title>  La   herramienta &amp; más </title>
        <meta name='description' content="Hace cosas &quot;útiles&quot;.">
        <meta property=og:image content=/img/tarjeta.png>
        <link rel="shortcut icon" href="/favicon.ico">
        <link rel="icon" type="image/png" sizes="32x32" href="icon-32.png">
        <link rel="apple-touch-icon" sizes="180x180" href="https://cdn.example/touch.png">
        <!-- <meta property="og:image" content="/comentada.png"> -->
        <script>var x = '<meta name="description" content="script">';</script>
      </head><body><meta name="description" content="cuerpo"></body></html>`,
      PAGE,
    );
    expect(meta.title).toBe('La herramienta & más');
    expect(meta.description).toBe('Hace cosas "útiles".');
    expect(meta.ogImage).toBe('https://herramienta.example/img/tarjeta.png');
    expect(rankIcons(meta.icons).map((icon) => icon.url)).toEqual(['https://cdn.example/touch.png', 'https://herramienta.example/es/icon-32.png']);
  });

  it('prefers og:title, keeps only http(s) addresses and leaves out what is missing', () => {
    const meta = readPageMeta('<meta property="og:title" content="OG"><meta property="og:image" content="javascript:alert(1)"><title>T</title>', PAGE);
    expect(meta).toEqual({ title: 'OG', description: null, ogImage: null, icons: [] });
  });

  it('never ranks an SVG or .ico icon as a logo', () => {
    const meta = readPageMeta('<link rel="icon" href="/i.svg"><link rel="icon" type="image/svg+xml" href="/x"><link rel="icon" href="/f.ico">', PAGE);
    expect(meta.icons).toHaveLength(3);
    expect(rankIcons(meta.icons)).toEqual([]);
  });

  it('decodes entities but never into NUL or a lone surrogate', () => {
    expect(decodeEntities('&#233;&#xE9;&aacute;&#0;&#xD800;')).toBe('ééá&#0;&#xD800;');
  });

  it('decodes numeric and named references and leaves broken ones', () => {
    expect(decodeEntities('&#241;&#xF1;&ntilde; &bogus; &#xD800; &#0;')).toBe('ñññ &bogus; &#xD800; &#0;');
    expect(decodeEntities('&Ntilde;&AMP;&Quot;')).toBe('Ñ&"');
  });
});

describe('readPageHead', () => {
  it('resolves every address against the first <base href>', () => {
    const head = readPageHead('<base href="https://static.example/a/"><base href="https://otra.example/"><link rel=icon href=i.png>', PAGE);
    expect(head.icons.map((icon) => icon.url)).toEqual(['https://static.example/a/i.png']);
    expect(head.resolve('tarjeta.jpg')).toBe('https://static.example/a/tarjeta.jpg');
    expect(head.resolve('  ')).toBeNull();
  });
});

describe('visibleText', () => {
  it('drops tags and control characters, folds white space and cuts by characters, with or without a mark', () => {
    expect(visibleText(' <b>Negrita</b>\u0007 &lt;script&gt;\n ', 100)).toBe('Negrita <script>');
    expect(visibleText('😀'.repeat(10), 4)).toBe('😀😀😀😀');
    expect(visibleText('uno dos tres', 8, '…')).toBe('uno dos…');
    expect(visibleText('<i></i> ', 10)).toBeNull();
  });
});

describe('hostile pages', () => {
  it('fold a title made of unclosed tags in linear time', () => {
    const title = `<title>${'<'.repeat(200_000)}</title>`;
    const started = performance.now();
    expect(readPageMeta(title, PAGE).title).toBe('<'.repeat(499) + '…');
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('read in linear time: thousands of unclosed comments, scripts, titles and tags', () => {
    const nasty = '<head>' + '<!--'.repeat(20_000) + '<script'.repeat(20_000) + '<title'.repeat(20_000) + '<meta content="x'.repeat(20_000);
    const started = performance.now();
    expect(readPageMeta(nasty, PAGE)).toEqual({ title: null, description: null, ogImage: null, icons: [] });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('skip what is hidden, even when a comment or script is never closed', () => {
    expect(withoutHiddenText('a<!-- b -->c<SCRIPT>d</script >e<style>f')).toBe('a c e ');
    expect(readPageMeta('<title>T</title><!-- <meta property="og:image" content="/x.png">', PAGE).ogImage).toBeNull();
  });
});
