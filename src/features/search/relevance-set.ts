/**
 * The search relevance set (issue 14): queries people type, with the tools that must come first or within the
 * first three, queries that must find nothing, and pairs that must find the same (accents, case). Run by
 * tests/integration/search-relevance.test.ts against an index built from the seeded catalogue, and scored by
 * `npm run bench`. Judged by hand from what each tool is; a failure here is a search that got worse.
 */

export interface RelevanceCase {
  query: string;
  /** The tool that must be the first result. */
  first?: string;
  /** Tools that must all be within the first three results. */
  top3?: string[];
  /** Gibberish or nonsense for this catalogue: nothing at all. */
  none?: true;
  /** Must find exactly as many tools as this other query (the same words with accents, another case). */
  sameAs?: string;
  /** At least this many results (broad Spanish queries, stemming). */
  atLeast?: number;
}

export const RELEVANCE_SET: readonly RelevanceCase[] = [
  // A tool's exact name ranks first, whatever the case.
  { query: 'chatgpt', first: 'chatgpt' },
  { query: 'CHATGPT', first: 'chatgpt', sameAs: 'chatgpt' },
  { query: 'claude', first: 'claude', top3: ['claude-code'] },
  { query: 'gemini', first: 'gemini', top3: ['gemini-cli'] },
  { query: 'midjourney', first: 'midjourney' },
  { query: 'perplexity', first: 'perplexity' },
  { query: 'deepl', first: 'deepl' },
  { query: 'elevenlabs', first: 'elevenlabs' },
  { query: 'eleven labs', first: 'elevenlabs' },
  { query: 'runway', first: 'runway' },
  { query: 'suno', first: 'suno' },
  { query: 'cursor', first: 'cursor' },
  { query: 'pi', first: 'pi' },
  { query: 'grok', first: 'grok' },
  { query: 'deepseek', first: 'deepseek' },
  { query: 'llama', first: 'llama' },
  { query: 'ollama', first: 'ollama' },
  { query: 'n8n', first: 'n8n' },
  { query: 'hugging face', first: 'hugging-face' },
  { query: 'dall-e', first: 'dall-e-openai' },
  { query: 'dalle', first: 'dall-e-openai' },
  { query: 'stable diffusion', first: 'stable-diffusion-stability-ai' },
  { query: 'github copilot', first: 'github-copilot' },
  { query: 'copilot', top3: ['github-copilot', 'microsoft-copilot'] },
  // The start of a name, as it is typed.
  { query: 'canva', first: 'canva-magic-studio' },
  { query: 'notion', first: 'notion-ai' },
  { query: 'midj', first: 'midjourney' },
  { query: 'perplex', first: 'perplexity' },
  { query: 'chatg', first: 'chatgpt' },
  { query: 'claud', first: 'claude' },
  { query: 'gemi', first: 'gemini' },
  // One-letter typos in a name still find it.
  { query: 'midjorney', first: 'midjourney' },
  { query: 'chatgtp', first: 'chatgpt' },
  { query: 'stabel diffusion', top3: ['stable-diffusion-stability-ai'] },
  { query: 'perplexty', first: 'perplexity' },
  { query: 'gemnini', first: 'gemini' },
  { query: 'elevenlbas', first: 'elevenlabs' },
  { query: 'deepsek', first: 'deepseek' },
  { query: 'runwya', first: 'runway' },
  { query: 'clade', first: 'claude' },
  { query: 'notbooklm', first: 'notebooklm' },
  // What a tool does, in Spanish: stemming, plurals and accents.
  { query: 'civitai generadores', first: 'civitai' },
  { query: 'blimey imagenes', first: 'blimey' },
  { query: 'traducir documentos', top3: ['deepl'] },
  { query: 'traductor', top3: ['deepl'] },
  { query: 'clonar voz', top3: ['elevenlabs'] },
  { query: 'chat con pdf', top3: ['chatpdf'] },
  { query: 'resumir pdf', top3: ['chatpdf'] },
  { query: 'transcripción de reuniones', top3: ['otterai'] },
  { query: 'avatares', top3: ['heygen', 'synthesia'] },
  { query: 'subtítulos', top3: ['veed'] },
  { query: 'diseño de logos', top3: ['ai-logo-generator'] },
  { query: 'transcripción', atLeast: 20 },
  { query: 'transcripcion', sameAs: 'transcripción' },
  { query: 'música', atLeast: 20 },
  { query: 'musica', sameAs: 'música' },
  { query: 'MÚSICA', sameAs: 'música' },
  { query: 'imagenes', atLeast: 100 },
  { query: 'generador de imágenes', atLeast: 50, sameAs: 'generador de imagenes' },
  // Gibberish, and words that only look like a tool's name, find nothing.
  { query: 'xyzzyqq', none: true },
  { query: 'zzxqwv plorf', none: true },
  { query: 'pizza', none: true },
  { query: 'asdfghjkl', none: true },
  { query: 'qwertyuiop', none: true },
  { query: 'blorptastic', none: true },
  { query: 'xkcdqzz', none: true },
  { query: 'kjhgfdsa', none: true },
];

/** One way of searching: a query in, the slugs of every result out, best first. */
export type SlugSearch = (query: string) => Promise<string[]>;

export interface RelevanceFailure {
  query: string;
  expected: string;
  got: string[];
}

export interface RelevanceScore {
  passed: number;
  total: number;
  failures: RelevanceFailure[];
}

/** Runs every case; a case passes when all its expectations hold. */
export async function scoreRelevance(search: SlugSearch, cases: readonly RelevanceCase[] = RELEVANCE_SET): Promise<RelevanceScore> {
  const failures: RelevanceFailure[] = [];
  const cache = new Map<string, Promise<string[]>>();
  const run = (query: string) => {
    let result = cache.get(query);
    if (!result) {
      result = search(query);
      cache.set(query, result);
    }
    return result;
  };
  for (const testCase of cases) {
    const got = await run(testCase.query);
    const expected: string[] = [];
    if (testCase.first !== undefined && got[0] !== testCase.first) expected.push(`primero ${testCase.first}`);
    for (const slug of testCase.top3 ?? []) if (!got.slice(0, 3).includes(slug)) expected.push(`${slug} entre los tres primeros`);
    if (testCase.none && got.length > 0) expected.push('ningún resultado');
    if (testCase.atLeast !== undefined && got.length < testCase.atLeast) expected.push(`al menos ${testCase.atLeast} resultados`);
    if (testCase.sameAs !== undefined) {
      const other = await run(testCase.sameAs);
      if (other.length !== got.length) expected.push(`tantos resultados como «${testCase.sameAs}» (${other.length})`);
    }
    if (expected.length > 0) failures.push({ query: testCase.query, expected: expected.join('; '), got: got.slice(0, 5) });
  }
  return { passed: cases.length - failures.length, total: cases.length, failures };
}
