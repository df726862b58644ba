/**
 * Search result cards as HTML, rendered once per build by the same ToolCard the pages render statically, so the
 * search page inserts them without React (ADR 005) and never keeps a second copy of the card's markup.
 * Imports TSX: only for code Vite compiles (the site build's endpoint, tests), not for scripts Node runs.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ToolCard } from '../../components/ui/ToolCard.tsx';
import type { ToolCardData } from '../../lib/tool-card.ts';

/** One tool's card as static HTML: its save button and admin slot are driven by the page's scripts. */
export function renderSearchCard(tool: ToolCardData): string {
  return renderToStaticMarkup(createElement(ToolCard, { tool }));
}

/** Every tool's card by id, as the index build reads it (SEARCH_CARDS_FILE). */
export function renderSearchCards(tools: readonly ToolCardData[]): Record<string, string> {
  return Object.fromEntries(tools.map((tool) => [tool.id, renderSearchCard(tool)]));
}
