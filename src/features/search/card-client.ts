/** A tool's card as the build rendered it with ToolCard (pagefind/tarjetas), for pages that insert cards without React. */
import { searchCardPath } from './search.ts';

/** The card's HTML (trusted: our own site's build); fails when the build has no card for the slug. */
export async function fetchToolCardHtml(slug: string): Promise<string> {
  const response = await fetch(searchCardPath(slug));
  if (!response.ok) throw new Error(`Tarjeta no disponible: ${slug}`);
  return response.text();
}
