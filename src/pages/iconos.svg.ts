/** The icon sprite: category icons (the same glyphs as the social images) and interface icons prefixed 'ui-'. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { categoryIconGlyphs } from '../server/icons/category-icon-glyphs.tsx';
import { uiIconGlyphs } from '../server/icons/ui-icon-glyphs.tsx';

export function GET(): Response {
  const glyphs = [...Object.entries(categoryIconGlyphs), ...Object.entries(uiIconGlyphs).map(([name, glyph]) => [`ui-${name}`, glyph] as const)];
  const symbols = glyphs.map(([name, Glyph]) => {
    const svg = renderToStaticMarkup(createElement(Glyph));
    const attributes = 'viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';
    const inner = svg.replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '');
    return `<symbol id="${name}" ${attributes}>${inner}</symbol>`;
  });
  return new Response(`<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>`, {
    headers: { 'content-type': 'image/svg+xml' },
  });
}
