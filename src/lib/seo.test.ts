import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd, organizationJsonLd, ratingJsonLd, softwareApplicationJsonLd, type JsonLdFacts } from './seo.ts';

const tool = {
  title: 'ChatGPT',
  description: 'El asistente conversacional de OpenAI.',
  url: 'https://brujula-ia.es/chatgpt',
  externalUrl: 'https://chatgpt.com/',
  category: 'Asistentes de chat',
  image: 'https://brujula-ia.es/og/chatgpt.png',
  dateModified: '2026-11-22T00:00:00.000Z',
};

describe('softwareApplicationJsonLd', () => {
  it('carries the fields search engines require', () => {
    const data = softwareApplicationJsonLd({ ...tool, pricing: 'freemium' });
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'SoftwareApplication',
      name: 'ChatGPT',
      url: tool.url,
      image: tool.image,
      applicationCategory: 'Asistentes de chat',
      sameAs: tool.externalUrl,
      offers: { '@type': 'Offer', price: '0', priceCurrency: 'EUR' },
    });
  });

  it.each(['free', 'open_source', 'freemium'] as const)('offers 0 EUR for %s tools', (pricing) => {
    expect(softwareApplicationJsonLd({ ...tool, pricing }).offers).toMatchObject({ price: '0', priceCurrency: 'EUR' });
  });

  it.each(['paid', 'unknown'] as const)('states no price for %s tools', (pricing) => {
    expect(softwareApplicationJsonLd({ ...tool, pricing }).offers).toBeUndefined();
  });

  it('survives JSON serialisation unchanged', () => {
    const data = softwareApplicationJsonLd({ ...tool, pricing: 'free' });
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  });
});

describe('softwareApplicationJsonLd with the tool’s facts', () => {
  const unknown: JsonLdFacts = { spanishInterface: 'unknown', spanishOutput: 'unknown', freePlan: 'unknown', priceFrom: null, platforms: [] };
  const withFacts = (facts: Partial<JsonLdFacts>, pricing: 'free' | 'freemium' | 'paid' | 'open_source' | 'unknown' = 'unknown') =>
    softwareApplicationJsonLd({ ...tool, pricing, facts: { ...unknown, ...facts } });

  it('states nothing that is unknown: no offers, operating system, language or free access', () => {
    const data = withFacts({});
    for (const key of ['offers', 'operatingSystem', 'inLanguage', 'isAccessibleForFree']) expect(data).not.toHaveProperty(key);
  });

  it('offers a known price from, in its currency, beside the free plan', () => {
    const data = withFacts({ freePlan: 'yes', priceFrom: { amount: 20, currency: 'USD', period: 'month' } }, 'freemium');
    expect(data.offers).toEqual([
      { '@type': 'Offer', price: '0', priceCurrency: 'EUR', description: 'Plan gratuito con planes de pago opcionales' },
      { '@type': 'Offer', price: '20', priceCurrency: 'USD', description: 'Desde 20 US$/mes' },
    ]);
    expect(data.isAccessibleForFree).toBe(true);
  });

  it('a paid tool with a price has one offer and, without a free plan, is not free to use', () => {
    const data = withFacts({ freePlan: 'no', priceFrom: { amount: 9.99, currency: 'EUR', period: 'year' } }, 'paid');
    expect(data.offers).toEqual({ '@type': 'Offer', price: '9.99', priceCurrency: 'EUR', description: 'Desde 9,99 €/año' });
    expect(data.isAccessibleForFree).toBe(false);
  });

  it('a checked «no free plan» wins over a free pricing model; a trial is not a free plan', () => {
    expect(withFacts({ freePlan: 'no' }, 'freemium')).not.toHaveProperty('offers');
    expect(withFacts({ freePlan: 'no' }, 'freemium').isAccessibleForFree).toBe(false);
    expect(withFacts({ freePlan: 'trial' }, 'paid')).not.toHaveProperty('offers');
    expect(withFacts({ freePlan: 'trial' }, 'paid')).not.toHaveProperty('isAccessibleForFree');
    expect(withFacts({ freePlan: 'yes' }, 'unknown').offers).toMatchObject({ price: '0', description: 'Plan gratuito' });
  });

  it('lists the operating systems among the platforms, in order, and leaves the rest out', () => {
    const data = withFacts({ platforms: ['web', 'ios', 'android', 'windows', 'macos', 'linux', 'extension', 'api', 'self_hosted'] });
    expect(data.operatingSystem).toBe('Web, iOS, Android, Windows, macOS, Linux');
    expect(withFacts({ platforms: ['api'] })).not.toHaveProperty('operatingSystem');
  });

  it('says «es» only when the interface or the answers are in Spanish', () => {
    expect(withFacts({ spanishInterface: 'yes' }).inLanguage).toBe('es');
    expect(withFacts({ spanishOutput: 'yes', spanishInterface: 'no' }).inLanguage).toBe('es');
    expect(withFacts({ spanishInterface: 'no', spanishOutput: 'no' })).not.toHaveProperty('inLanguage');
  });
});

describe('breadcrumbJsonLd', () => {
  it('numbers the items from 1 in order', () => {
    const data = breadcrumbJsonLd([
      { name: 'Inicio', url: 'https://brujula-ia.es/' },
      { name: 'Asistentes de chat', url: 'https://brujula-ia.es/categoria/asistentes-chat' },
      { name: 'ChatGPT', url: 'https://brujula-ia.es/chatgpt' },
    ]);
    expect(data['@type']).toBe('BreadcrumbList');
    expect(data.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Inicio', item: 'https://brujula-ia.es/' },
      { '@type': 'ListItem', position: 2, name: 'Asistentes de chat', item: 'https://brujula-ia.es/categoria/asistentes-chat' },
      { '@type': 'ListItem', position: 3, name: 'ChatGPT', item: 'https://brujula-ia.es/chatgpt' },
    ]);
  });
});

describe('organizationJsonLd', () => {
  it('names the 512×512 logo generated at build', () => {
    expect(organizationJsonLd({ name: 'Brújula IA', url: 'https://brujula-ia.es' }).logo).toBe('https://brujula-ia.es/logo-512.png');
  });
});

describe('ratingJsonLd', () => {
  it('adds nothing without reviews, so no page claims a rating it does not have', () => {
    expect(ratingJsonLd({ ratingCount: 0, ratingSum: 0 }, [])).toEqual({});
  });

  it('gives the plain average and count, and each review with its author and stars', () => {
    const data = ratingJsonLd({ ratingCount: 3, ratingSum: 13 }, [
      { rating: 5, title: 'Muy útil', body: 'La uso a diario.', authorName: 'Ana', createdAt: new Date('2026-11-25T10:00:00Z') },
    ]);
    expect(data.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.3, ratingCount: 3, bestRating: 5, worstRating: 1 });
    expect(data.review).toEqual([
      {
        '@type': 'Review',
        reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
        author: { '@type': 'Person', name: 'Ana' },
        datePublished: '2026-11-25T10:00:00.000Z',
        name: 'Muy útil',
        reviewBody: 'La uso a diario.',
      },
    ]);
    expect(ratingJsonLd({ ratingCount: 1, ratingSum: 4 }, [])).not.toHaveProperty('review');
  });
});
