import { describe, expect, it } from 'vitest';
import { unsafeParts, XSS_CHEAT_SHEET } from '../../../tests/fixtures/xss-cheat-sheet.ts';
import { htmlToText, sanitizeHtmlContent, sanitizeRichText } from './sanitize.ts';

describe('sanitizeHtmlContent', () => {
  it('removes scripts with their source, styles, iframes and other embedded documents', () => {
    const dirty =
      '<p>Hola</p><script>alert(1)</script><style>p{color:red}</style><iframe src="https://x.test"></iframe><object data="x"></object><svg><script>1</script></svg>';
    expect(sanitizeHtmlContent(dirty)).toBe('<p>Hola</p>');
  });

  it('removes event handlers and style and class attributes', () => {
    expect(
      sanitizeHtmlContent('<p onclick="steal()" style="color:red" class="x" onmouseover="y">Texto</p><img src="https://a.test/x.png" onerror="alert(1)">'),
    ).toBe('<p>Texto</p><img src="https://a.test/x.png" />');
  });

  it('drops javascript:, vbscript: and data: link addresses, whatever their case or padding', () => {
    const out = sanitizeHtmlContent(
      '<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a><a href="vbscript:x">c</a><a href="data:text/html,x">d</a>',
    );
    expect(out).not.toMatch(/javascript|vbscript|data:/i);
    expect(out).toBe('<a rel="noopener nofollow">a</a><a rel="noopener nofollow">b</a><a rel="noopener nofollow">c</a><a rel="noopener nofollow">d</a>');
  });

  it('keeps http, https, mailto and tel links and gives them rel="noopener nofollow"', () => {
    const out = sanitizeHtmlContent(
      '<a href="https://ejemplo.es" rel="opener">w</a><a href="mailto:a@b.es">m</a><a href="tel:+34600000000">t</a><a href="http://e.es" target="_top">h</a>',
    );
    expect(out).toBe(
      '<a href="https://ejemplo.es" rel="noopener nofollow">w</a><a href="mailto:a@b.es" rel="noopener nofollow">m</a><a href="tel:+34600000000" rel="noopener nofollow">t</a><a href="http://e.es" target="_blank" rel="noopener nofollow">h</a>',
    );
  });

  it('allows http, https and data images but not other image schemes or protocol-relative addresses', () => {
    expect(sanitizeHtmlContent('<img src="data:image/png;base64,AAAA" alt="a">')).toBe('<img src="data:image/png;base64,AAAA" alt="a" />');
    expect(sanitizeHtmlContent('<img src="javascript:alert(1)"><img src="//evil.test/x.png">')).toBe('<img /><img />');
  });

  it('keeps headings, paragraphs, lists and emphasis as written', () => {
    const html = '<h2>Resumen</h2><p>Una <strong>montaña</strong> con <em>nieve</em>.</p><ul><li>Cielo</li><li>Río</li></ul><ol><li>Uno</li></ol>';
    expect(sanitizeHtmlContent(html)).toBe(html);
  });

  it('unwraps unknown tags such as form controls but keeps their text', () => {
    expect(sanitizeHtmlContent('<form action="/x"><p>Dentro</p><button>Enviar</button></form>')).toBe('<p>Dentro</p>Enviar');
  });
});

describe('htmlToText', () => {
  it('gives the visible words only', () => {
    expect(htmlToText('<h2>Título</h2>\n<p>Uno <script>x</script>dos</p>')).toBe('Título Uno dos');
    expect(htmlToText('<p>  </p><script>texto</script>')).toBe('');
  });
});

describe('htmlToText entities and blocks', () => {
  it('decodes entities once and separates blocks', () => {
    expect(htmlToText('<p>Tom &amp; Jerry</p><p>&lt;b&gt; no es negrita</p><ul><li>a</li><li>b</li></ul>')).toBe('Tom & Jerry <b> no es negrita a b');
    expect(htmlToText('<p>&amp;lt;</p>')).toBe('&lt;');
  });
});

describe('sanitizeRichText (the publication editor)', () => {
  it('keeps the toolbar formatting as the editor writes it', () => {
    const html =
      '<h1 style="text-align: center">T</h1><p dir="rtl" style="margin-inline-start: 4em">Hola <span style="color: #e11d48; background-color: rgb(254, 240, 138); font-family: Georgia, serif; font-size: 20px">rojo</span> <u>u</u> <s>s</s> <sub>2</sub><sup>3</sup></p><pre><code>x = 1</code></pre><blockquote><p>cita</p></blockquote>';
    expect(sanitizeRichText(html)).toBe(
      '<h1 style="text-align:center">T</h1><p dir="rtl" style="margin-inline-start:4em">Hola <span style="color:#e11d48;background-color:rgb(254, 240, 138);font-family:Georgia, serif;font-size:20px">rojo</span> <u>u</u> <s>s</s> <sub>2</sub><sup>3</sup></p><pre><code>x = 1</code></pre><blockquote><p>cita</p></blockquote>',
    );
  });

  it('keeps YouTube and Vimeo players at their canonical address, with fixed attributes, and drops every other frame', () => {
    const out = sanitizeRichText(
      '<div data-video-embed=""><iframe src="https://www.youtube.com/watch?v=dQw4w9WgXcQ" allow="camera"></iframe></div><iframe src="https://player.vimeo.com/video/76979871?autoplay=1"></iframe><iframe src="https://evil.test/embed/x">texto</iframe>',
    );
    expect(out).toBe(
      '<div data-video-embed><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Vídeo" width="560" height="315" loading="lazy" allowfullscreen referrerpolicy="strict-origin-when-cross-origin" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"></iframe></div><iframe src="https://player.vimeo.com/video/76979871" title="Vídeo" width="560" height="315" loading="lazy" allowfullscreen referrerpolicy="strict-origin-when-cross-origin" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"></iframe>',
    );
  });

  it('drops styles it does not know and values of the wrong shape', () => {
    expect(
      sanitizeRichText('<p style="position: fixed; text-align: centre; margin-inline-start: 99em">x</p><span style="font-size: 400px; color: red">y</span>'),
    ).toBe('<p>x</p><span>y</span>');
  });

  it.each(XSS_CHEAT_SHEET.map((payload, index) => [index, payload]))('leaves nothing executable from cheat sheet payload %i', (_index, payload) => {
    for (const clean of [sanitizeRichText(payload as string), sanitizeHtmlContent(payload as string)]) {
      expect(unsafeParts(clean)).toEqual([]);
      // Sanitizing twice changes nothing: what is stored is stable.
      expect(sanitizeRichText(clean)).toBe(clean);
    }
  });
});

describe('sanitizeRichText images', () => {
  it('keeps images stored on this site (relative addresses) and absolute http(s) ones', () => {
    expect(sanitizeRichText('<img src="/media/ana/1700000000000.jpg?w=900" alt="">')).toBe('<img src="/media/ana/1700000000000.jpg?w=900" alt="" />');
    expect(sanitizeRichText('<img src="https://cdn.test/a.png">')).toBe('<img src="https://cdn.test/a.png" />');
  });
});

describe('a stray or unclosed tag in model output', () => {
  const AFTER = '<p>La imagen muestra un faro al atardecer.</p>';
  const UNCLOSED = [
    ['<svg', 'Hola <svg onload=alert(1)>'],
    ['<script', 'Hola <script>alert(1)'],
    ['<style', 'Hola <style>body{display:none}'],
    ['<iframe', 'Hola <iframe src="javascript:alert(1)">'],
    ['<textarea', 'Hola <textarea>'],
    ['<title', 'Hola <title>'],
    ['<noscript', 'Hola <noscript>'],
    ['<xmp', 'Hola <xmp>'],
    ['<SVG en mayúsculas', 'Hola <SVG OnLoad="alert(1)">'],
    ['<svg con > entre comillas', 'Hola <svg aria-label="a>b" onload=alert(1)>'],
  ] as const;

  it.each(UNCLOSED)('keeps the text after an unclosed %s and never lets the tag or its code through', (_, payload) => {
    for (const clean of [sanitizeHtmlContent, sanitizeRichText]) {
      const out = clean(`${payload}${AFTER}<ul><li>Uno</li></ul>`);
      expect(out).toContain(AFTER);
      expect(out).toContain('<ul><li>Uno</li></ul>');
      expect(out.startsWith('Hola')).toBe(true);
      expect(out).not.toMatch(/<(svg|script|style|iframe|textarea|title|noscript|xmp)\b/i);
      expect(out).not.toMatch(/alert|onload|display:none|javascript/i);
    }
    expect(htmlToText(`${payload}${AFTER}`)).toBe('Hola La imagen muestra un faro al atardecer.');
  });

  it('drops what an unclosed script or style would have held only up to the next tag or blank line', () => {
    expect(sanitizeHtmlContent('<script>alert(1)\n\nDespués del código.')).toBe('Después del código.');
    expect(sanitizeHtmlContent('<style>p{color:red}<strong>Sigue</strong>')).toBe('<strong>Sigue</strong>');
  });

  it('shows a tag that never ends as the text the model wrote, instead of swallowing the rest', () => {
    expect(sanitizeHtmlContent('Usa <svg para gráficos vectoriales. <b>Fin</b>')).toBe('Usa &lt;svg para gráficos vectoriales. <b>Fin</b>');
    expect(sanitizeHtmlContent('Un texto <script src=https://x.test/a.js')).toBe('Un texto &lt;script src=https://x.test/a.js');
    expect(htmlToText('Texto <iframe src="x" y el resto')).toBe('Texto <iframe src="x" y el resto');
  });

  it('still drops closed elements whole, contents included', () => {
    expect(sanitizeHtmlContent('<p>a</p><svg><text>oculto</text></svg><script>alert(1)</script><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(sanitizeHtmlContent('<svg><script>alert(1)</svg><p>b</p>')).toBe('<p>b</p>');
  });

  it('takes one pass over thousands of stray tags and unclosed quotes', () => {
    const started = performance.now();
    for (const flood of ['<a \'"'.repeat(40_000), '<svg>'.repeat(40_000), '<a title="'.repeat(40_000), `${'<script>'.repeat(40_000)}x`]) {
      sanitizeHtmlContent(flood);
      sanitizeRichText(flood);
      htmlToText(flood);
    }
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
