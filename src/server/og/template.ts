/**
 * SVG templates of the social images (1200×630) and the publisher logo (512×512).
 * Text uses a generic font family so librsvg picks an installed sans-serif; we cannot measure glyphs
 * here, so line breaks and pill widths use a conservative average character width.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CategoryIconGlyph } from '../icons/category-icon-glyphs.tsx';

export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const;
export const LOGO_SIZE = 512;

const FONT = "font-family=\"'DejaVu Sans', 'Liberation Sans', Arial, sans-serif\"";
const MARGIN = 80;
// Average advance of a bold sans-serif glyph, as a share of the font size (DejaVu Sans Bold measures about 0.55).
const BOLD_CHAR_WIDTH = 0.6;
const REGULAR_CHAR_WIDTH = 0.54;
const DEFAULT_COLOR = '#3B82F6';

const xmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  // Control characters other than tab and newlines are not allowed in XML at all.
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '').replace(/[&<>"']/g, (character) => xmlEntities[character]!);
}

/** Greedy word wrap to at most maxLines lines of maxChars; overlong words are split and a cut text ends in '…'. */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (let word of words) {
    while (word.length > maxChars) {
      if (line) lines.push(line);
      lines.push(word.slice(0, maxChars));
      word = word.slice(maxChars);
      line = '';
    }
    if (!line) line = word;
    else if (line.length + 1 + word.length <= maxChars) line = `${line} ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1]!;
  kept[maxLines - 1] = `${last.length < maxChars ? last : last.slice(0, maxChars - 1).trimEnd()}…`;
  return kept;
}

/** The largest title size whose wrapped lines fit the text width without cutting, else the smallest, cut. */
export function layoutTitle(title: string, width: number): { fontSize: number; lines: string[] } {
  const sizes = [
    { fontSize: 84, maxLines: 2 },
    { fontSize: 70, maxLines: 3 },
    { fontSize: 58, maxLines: 3 },
  ];
  for (const { fontSize, maxLines } of sizes) {
    const maxChars = Math.floor(width / (fontSize * BOLD_CHAR_WIDTH));
    const lines = wrapText(title, maxChars, Number.MAX_SAFE_INTEGER);
    if (lines.length <= maxLines) return { fontSize, lines };
  }
  const { fontSize, maxLines } = sizes[sizes.length - 1]!;
  return { fontSize, lines: wrapText(title, Math.floor(width / (fontSize * BOLD_CHAR_WIDTH)), maxLines) };
}

function safeColor(color: string | null | undefined): string {
  return color && /^#[0-9a-f]{6}$/i.test(color) ? color : DEFAULT_COLOR;
}

const BRAND = '#2553e0';

/** The site's compass mark (public/favicon.svg) in a 32×32 box; on coloured backgrounds it is drawn inverted. */
function compassMark(x: number, y: number, size: number, inverted = true): string {
  const [disc, ink] = inverted ? ['#fff', BRAND] : [BRAND, '#fff'];
  return `<g transform="translate(${x} ${y}) scale(${size / 32})">
    <circle cx="16" cy="16" r="15" fill="${disc}"/>
    <circle cx="16" cy="16" r="11" fill="none" stroke="${ink}" stroke-width="2"/>
    <path d="M20.5 11.5 17.5 17.5 11.5 20.5 14.5 14.5Z" fill="${ink}"/>
  </g>`;
}

function pill(x: number, y: number, text: string, fontSize: number): { svg: string; width: number } {
  const padding = 26;
  const height = fontSize * 2;
  const width = Math.round(text.length * fontSize * BOLD_CHAR_WIDTH + padding * 2);
  const svg = `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${height / 2}" fill="#fff" fill-opacity="0.16" stroke="#fff" stroke-opacity="0.28"/>
    <text x="${x + width / 2}" y="${y + height / 2 + fontSize * 0.36}" ${FONT} font-size="${fontSize}" font-weight="600" fill="#fff" text-anchor="middle">${escapeXml(text)}</text>`;
  return { svg, width };
}

function categoryIcon(name: string, x: number, y: number, size: number): string {
  const icon = renderToStaticMarkup(createElement(CategoryIconGlyph, { name }))
    .replace(/ class="[^"]*"/, '')
    .replace('currentColor', '#ffffff')
    .replace(/width="24" height="24"/, `width="${size}" height="${size}"`);
  return `<g transform="translate(${x} ${y})">${icon}</g>`;
}

/** The colour fades top to bottom into the dark base: vertical, because uniform rows are what PNG compresses fast. */
function background(color: string): string {
  return `<defs>
    <linearGradient id="tint" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${color}" stop-opacity="0.95"/>
      <stop offset="0.5" stop-color="${color}" stop-opacity="0.65"/>
      <stop offset="1" stop-color="${color}" stop-opacity="0.12"/>
    </linearGradient>
  </defs>
  <rect width="${SOCIAL_IMAGE.width}" height="${SOCIAL_IMAGE.height}" fill="#0f172a"/>
  <rect width="${SOCIAL_IMAGE.width}" height="${SOCIAL_IMAGE.height}" fill="url(#tint)"/>
  <circle cx="1060" cy="560" r="300" fill="none" stroke="#fff" stroke-opacity="0.08" stroke-width="3"/>
  <circle cx="1060" cy="560" r="210" fill="none" stroke="#fff" stroke-opacity="0.06" stroke-width="3"/>`;
}

function svgDocument(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

function siteHeader(siteName: string): string {
  return `${compassMark(MARGIN, 64, 56)}
  <text x="${MARGIN + 76}" y="104" ${FONT} font-size="36" font-weight="700" fill="#fff">${escapeXml(siteName)}</text>`;
}

export interface ToolImageInput {
  siteName: string;
  title: string;
  categoryName: string | null;
  categoryIcon: string | null;
  color: string | null;
  pricingLabel: string;
}

/** A tool's social image: site name, title over up to 3 lines, category and pricing pills on the category colour. */
export function toolImageSvg(input: ToolImageInput): string {
  const iconBox = 132;
  const iconX = SOCIAL_IMAGE.width - MARGIN - iconBox;
  const { fontSize, lines } = layoutTitle(input.title, iconX - MARGIN - 40);
  const lineHeight = Math.round(fontSize * 1.14);
  // The title block is centred between the header (ends at 140) and the pills (start at 500).
  const top = 140 + (360 - lineHeight * lines.length) / 2;
  const title = lines
    .map(
      (line, index) =>
        `<text x="${MARGIN}" y="${Math.round(top + lineHeight * index + fontSize * 0.9)}" ${FONT} font-size="${fontSize}" font-weight="700" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join('');
  const pillY = 500;
  const category = pill(MARGIN, pillY, input.categoryName ?? 'Herramienta de IA', 28);
  const pricing = pill(MARGIN + category.width + 16, pillY, input.pricingLabel, 28);
  const body = `${background(safeColor(input.color))}
  ${siteHeader(input.siteName)}
  <rect x="${iconX}" y="56" width="${iconBox}" height="${iconBox}" rx="32" fill="#fff" fill-opacity="0.14" stroke="#fff" stroke-opacity="0.25"/>
  ${categoryIcon(input.categoryIcon ?? 'sparkles', iconX + 30, 86, 72)}
  ${title}
  ${category.svg}
  ${pricing.svg}`;
  return svgDocument(SOCIAL_IMAGE.width, SOCIAL_IMAGE.height, body);
}

/** The site's default social image, used by pages that have none of their own. */
export function siteImageSvg(input: { siteName: string; tagline: string }): string {
  const taglineSize = 40;
  const tagline = wrapText(input.tagline, Math.floor(860 / (taglineSize * REGULAR_CHAR_WIDTH)), 3)
    .map(
      (line, index) =>
        `<text x="${MARGIN}" y="${400 + index * 54}" ${FONT} font-size="${taglineSize}" fill="#fff" fill-opacity="0.88">${escapeXml(line)}</text>`,
    )
    .join('');
  const body = `${background(BRAND)}
  ${compassMark(MARGIN, 90, 104)}
  <text x="${MARGIN}" y="316" ${FONT} font-size="96" font-weight="700" fill="#fff">${escapeXml(input.siteName)}</text>
  ${tagline}`;
  return svgDocument(SOCIAL_IMAGE.width, SOCIAL_IMAGE.height, body);
}

/** The publisher logo of the Organization JSON-LD: the compass mark on white, as search engines show logos. */
export function logoSvg(): string {
  const padding = 40;
  return svgDocument(
    LOGO_SIZE,
    LOGO_SIZE,
    `<rect width="${LOGO_SIZE}" height="${LOGO_SIZE}" fill="#fff"/>${compassMark(padding, padding, LOGO_SIZE - padding * 2, false)}`,
  );
}
