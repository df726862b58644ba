/** A tool's card as the build rendered it with ToolCard (pagefind/tarjetas), for pages that insert cards without React. */
import type { ToolCardData } from '../tool-card.ts';
import { searchCardPath } from './search.ts';

/** The card's HTML (trusted: our own site's build); fails when the build has no card for the slug. */
export async function fetchToolCardHtml(slug: string): Promise<string> {
  const response = await fetch(searchCardPath(slug));
  if (!response.ok) throw new Error(`Tarjeta no disponible: ${slug}`);
  return response.text();
}

/**
 * A plain card (name, description, link to its page) for a tool the API lists but the last build has not rendered
 * yet, approved since: one missing card must not take the whole list down. Text only, so nothing in it is markup.
 */
export function plainToolCard(tool: Pick<ToolCardData, 'slug' | 'title' | 'description'>): HTMLElement {
  const article = document.createElement('article');
  article.className = 'flex h-full flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm';
  const heading = document.createElement('h3');
  heading.className = 'font-semibold text-slate-900';
  const link = document.createElement('a');
  link.href = `/${tool.slug}`;
  link.textContent = tool.title;
  link.className = 'hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600';
  heading.append(link);
  const text = document.createElement('p');
  text.className = 'line-clamp-3 text-sm text-slate-600';
  text.textContent = tool.description;
  article.append(heading, text);
  return article;
}
