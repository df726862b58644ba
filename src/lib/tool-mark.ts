/**
 * The generated mark of a tool without an image of its own: its initials on its category's colour,
 * with an angle, a shade and a highlight picked from its slug. Two neighbouring cards of one category differ in
 * their letters and, when even those agree, in the rest.
 */
import { foldAccents } from './text.ts';

// Words that say nothing about which tool it is: "AI Code Converter" is "CC", not "AC".
const FILLER_WORDS = new Set(['ai', 'ia', 'by', 'de', 'del', 'la', 'el', 'the', 'for', 'and', 'y', 'of', 'with', 'con', 'app', 'io']);

/** One or two letters: the first of the first two telling words, or the first two of a single word ("Mi"). */
export function toolInitials(title: string): string {
  const words = title
    .replace(/\(.*?\)/g, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const telling = words.filter((word) => !FILLER_WORDS.has(foldAccents(word)));
  const chosen = telling.length > 0 ? telling : words;
  if (chosen.length === 0) return '?';
  if (chosen.length === 1) {
    const [first = '', second = ''] = [...chosen[0]!];
    return first.toLocaleUpperCase('es-ES') + second.toLocaleLowerCase('es-ES');
  }
  return chosen
    .slice(0, 2)
    .map((word) => [...word][0]!.toLocaleUpperCase('es-ES'))
    .join('');
}

/** A small, stable hash (FNV-1a) of a text; the same slug always draws the same mark. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export interface ToolMark {
  initials: string;
  /** CSS background of the image area: the category colour in the tool's own angle and shade. */
  background: string;
}

const ANGLES = [115, 135, 155, 175, 200, 225, 250];
const SHADES = ['#0f172a', '#1e1b4b', '#172554', '#3b0764', '#052e16'];
const HIGHLIGHTS = ['18% 22%', '82% 18%', '20% 80%', '78% 78%', '50% 12%'];

export function toolMark(tool: { title: string; slug: string }, color: string): ToolMark {
  const hash = stableHash(tool.slug);
  const angle = ANGLES[hash % ANGLES.length]!;
  const shade = SHADES[(hash >>> 4) % SHADES.length]!;
  const highlight = HIGHLIGHTS[(hash >>> 8) % HIGHLIGHTS.length]!;
  const middle = 40 + ((hash >>> 12) % 4) * 8;
  return {
    initials: toolInitials(tool.title),
    background:
      `radial-gradient(circle at ${highlight}, rgb(255 255 255 / 0.28), transparent 42%), ` +
      `linear-gradient(${angle}deg, ${color}, ${color}cc ${middle}%, ${shade})`,
  };
}
