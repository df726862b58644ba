/**
 * The article body for a seeded tool we have not written by hand: built only from the facts we hold
 * (description, keywords, category, pricing model) plus links to alternatives in our catalogue.
 */
import { escapeHtml } from '../../lib/html.ts';
import { pricingSentence, type PricingModel } from '../../lib/pricing.ts';

export interface ArticleFacts {
  name: string;
  description: string;
  keywords: string[];
  pricing: PricingModel;
  category: { slug: string; name: string };
  alternatives: { slug: string; name: string }[];
}

export function fallbackArticle(facts: ArticleFacts): string {
  const name = escapeHtml(facts.name);
  const parts = [`<h2>¿Qué es ${name}?</h2>`, `<p>${escapeHtml(facts.description)}</p>`];
  if (facts.keywords.length > 0) {
    parts.push('<h2>Para qué sirve</h2>', `<ul>${facts.keywords.map((keyword) => `<li>${escapeHtml(keyword)}</li>`).join('')}</ul>`);
  }
  parts.push(
    '<h2>Categoría</h2>',
    `<p>Encontrarás ${name} en nuestra categoría <a href="/categoria/${facts.category.slug}">${escapeHtml(facts.category.name)}</a>, junto a otras herramientas con el mismo propósito.</p>`,
    '<h2>Precio</h2>',
    `<p>${pricingSentence[facts.pricing]}</p>`,
  );
  if (facts.alternatives.length > 0) {
    parts.push(
      '<h2>Alternativas</h2>',
      `<ul>${facts.alternatives.map((tool) => `<li><a href="/${tool.slug}">${escapeHtml(tool.name)}</a></li>`).join('')}</ul>`,
    );
  }
  return parts.join('\n');
}
