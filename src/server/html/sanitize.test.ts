import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeHtmlContent } from './sanitize.ts';

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
