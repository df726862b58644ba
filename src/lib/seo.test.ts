import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd, organizationJsonLd, ratingJsonLd, softwareApplicationJsonLd } from './seo.ts';

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
      operatingSystem: 'Web',
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
