/**
 * The story generator's shared rules: how the streamed answer ends (a NUL byte and a JSON trailer, so the
 * page can tell a finished story from a cut connection) and how a story gets its title.
 */

/** Model text never contains NUL (the server strips it), so the first one starts the trailer. */
export const STORY_TRAILER_MARK = '\u0000';

export interface SavedStory {
  id: string;
  title: string;
  prompt: string;
  content: string;
  options: { genre: string; audience: string; length: string; language: string };
  createdAt: string;
}

export type StoryTrailer = { ok: true; story: SavedStory | null } | { ok: false; error: string };

export function storyTrailer(trailer: StoryTrailer): string {
  return STORY_TRAILER_MARK + JSON.stringify(trailer);
}

/** Splits what has arrived so far into the story text and, once it came, the parsed trailer. */
export function readStoryStream(received: string): { text: string; trailer: StoryTrailer | null } {
  const cut = received.indexOf(STORY_TRAILER_MARK);
  if (cut === -1) return { text: received, trailer: null };
  try {
    return { text: received.slice(0, cut), trailer: JSON.parse(received.slice(cut + 1)) as StoryTrailer };
  } catch {
    // The trailer is still arriving.
    return { text: received.slice(0, cut), trailer: null };
  }
}

const TITLE_MAX = 100;

function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/**
 * The model is asked to put the title on the first line. When it did not (a first line that is the whole
 * story, or nothing usable), the visitor's own idea names the story.
 */
export function storyTitle(text: string, prompt: string): string {
  const lines = text.split('\n').map((line) => line.trim());
  const firstIndex = lines.findIndex(Boolean);
  const first = (lines[firstIndex] ?? '')
    .replace(/^#+\s*/, '')
    .replace(/^t[íi]tulo\s*:\s*/i, '')
    .replace(/^[*_«"“'\s]+|[*_»"”'\s]+$/g, '')
    .trim();
  const hasBody = lines.slice(firstIndex + 1).some(Boolean);
  if (first && hasBody && first.length <= TITLE_MAX) return first;
  return shorten(prompt.replace(/\s+/g, ' ').trim(), 60) || 'Historia sin título';
}

/** A file name for the .txt download: the title's letters and digits, accents folded. */
export function storyFileName(title: string): string {
  const base = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');
  return `${base || 'historia'}.txt`;
}
