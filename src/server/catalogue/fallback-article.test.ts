import { describe, expect, it } from 'vitest';
import { fallbackArticle } from './fallback-article.ts';

const facts = {
  name: 'Pinta <b>&</b> Co',
  description: 'Genera ilustraciones a partir de una descripción escrita.',
  keywords: ['texto a imagen', 'arte con IA'],
  pricing: 'freemium' as const,
  category: { slug: 'imagen', name: 'Imagen' },
  alternatives: [{ slug: 'midjourney', name: 'Midjourney' }],
};

describe('fallbackArticle', () => {
  it('states only the facts we hold, with the category and alternatives linked', () => {
    const html = fallbackArticle(facts);
    expect(html).toContain('<h2>¿Qué es Pinta &lt;b&gt;&amp;&lt;/b&gt; Co?</h2>');
    expect(html).toContain('<li>texto a imagen</li>');
    expect(html).toContain('<a href="/categoria/imagen">Imagen</a>');
    expect(html).toContain('plan gratuito y planes de pago');
    expect(html).toContain('<a href="/midjourney">Midjourney</a>');
    expect(html).not.toContain('<b>');
  });

  it('leaves out sections it has nothing for', () => {
    const html = fallbackArticle({ ...facts, keywords: [], alternatives: [], pricing: 'unknown' });
    expect(html).not.toContain('Para qué sirve');
    expect(html).not.toContain('Alternativas');
    expect(html).toContain('No hemos podido confirmar su modelo de precios');
  });
});
