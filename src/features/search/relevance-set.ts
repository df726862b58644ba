/**
 * The search relevance set: queries people type, with the tools that must come first or within
 * the first two, three or five, queries that must find nothing, and pairs that must find the same (accents, case). Run by
 * tests/integration/search-relevance.test.ts against an index built from the seeded catalogue, and scored by
 * `npm run bench`. Judged by hand from what each tool is; a failure here is a search that got worse.
 */

export interface RelevanceCase {
  query: string;
  /** The tool that must be the first result. */
  first?: string;
  /** Tools that must all be within the first two results. */
  top2?: string[];
  /** Tools that must all be within the first three results. */
  top3?: string[];
  /** Tools that must all be within the first five results (everyday task queries). */
  top5?: string[];
  /** Tools that must not be among the first five (the tool a query asks alternatives to). */
  notTop5?: string[];
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

/**
 * Everyday task queries: what people want to do, in their words, with the well-known tools made for it
 * that must lead. Each tool was checked against the seed (its category, keywords and description).
 */
export const TASK_RELEVANCE_SET: readonly RelevanceCase[] = [
  { query: 'hacer presentaciones', top2: ['gamma'], top5: ['tome', 'beautifulai'] },
  { query: 'crear presentaciones con ia', top5: ['gamma', 'tome'] },
  { query: 'diapositivas', top5: ['gamma'] },
  { query: 'video con ia', top5: ['runway', 'kling-ai'] },
  { query: 'generar vídeos a partir de texto', top5: ['runway'] },
  { query: 'generador de imagenes', top5: ['midjourney', 'leonardoai'] },
  { query: 'crear imágenes con ia', top5: ['midjourney'] },
  { query: 'quitar fondo de una foto', top5: ['removebg', 'photoroom'] },
  { query: 'eliminar el fondo', top5: ['removebg'] },
  { query: 'texto a voz', top5: ['elevenlabs'] },
  { query: 'convertir texto en voz', top5: ['elevenlabs'] },
  { query: 'hacer música con ia', top5: ['suno', 'udio'] },
  { query: 'crear canciones', top5: ['suno'] },
  { query: 'corregir ortografía', top5: ['grammarly'] },
  { query: 'corrector de textos', top5: ['grammarly'] },
  { query: 'detectar texto escrito por ia', top5: ['gptzero', 'originalityai'] },
  { query: 'detector de plagio', top5: ['gptzero'] },
  { query: 'alternativa a chatgpt', top5: ['claude', 'gemini'], notTop5: ['chatgpt'] },
  { query: 'alternativas a midjourney', top5: ['leonardoai', 'ideogram'], notTop5: ['midjourney'] },
  // The tool as people write it, not its full name («Leonardo.Ai», «Canva Magic Studio»).
  { query: 'alternativas a leonardo', top5: ['midjourney', 'ideogram'], notTop5: ['leonardoai'] },
  { query: 'alternativas a canva', top5: ['microsoft-designer'], notTop5: ['canva-magic-studio'] },
  { query: 'chatbot con ia', top5: ['chatgpt', 'claude'] },
  { query: 'editar vídeos', top5: ['capcut'] },
  { query: 'editor de vídeo', top5: ['capcut'] },
  { query: 'escribir una novela', top5: ['sudowrite'] },
  { query: 'investigar en internet', top5: ['perplexity'] },
  { query: 'buscador con ia', top5: ['perplexity'] },
  { query: 'ia para programar', top5: ['github-copilot', 'cursor'] },
  { query: 'asistente de código', top5: ['github-copilot'] },
  { query: 'automatizar tareas', top5: ['zapier-ai', 'n8n', 'make'] },
  // With 427 articles, tools that transcribe inside an editor (Adobe Podcast, Riverside, Descript) and dictation apps
  // rank with Whisper; Descript is the one a Spanish speaker most often uses for it.
  { query: 'pasar audio a texto', top5: ['descript'] },
  { query: 'transcribir audio', top5: ['descript'] },
  { query: 'clonar mi voz', top5: ['elevenlabs'] },
  { query: 'traducir textos', top5: ['deepl'] },
  { query: 'traductor de documentos', top5: ['deepl'] },
  { query: 'hablar con un pdf', top5: ['chatpdf'] },
  { query: 'notas de reuniones', top5: ['otterai', 'firefliesai'] },
  { query: 'resumir reuniones', top5: ['otterai'] },
  { query: 'crear agentes de ia', top5: ['manus'] },
  { query: 'mejorar calidad de imagen', top5: ['magnific', 'topaz-labs'] },
  { query: 'crear un logo', top5: ['ai-logo-generator'] },
  { query: 'diseño gráfico', top5: ['canva-magic-studio'] },
  { query: 'crear una página web', top5: ['framer'] },
  { query: 'crear una app sin programar', top5: ['lovable', 'boltnew'] },
  { query: 'revisar código', top5: ['coderabbit'] },
  { query: 'montar vídeos', top5: ['capcut'] },
  { query: 'programar con ia', top5: ['github-copilot', 'cursor'] },
  { query: 'ia en local', top5: ['ollama', 'lm-studio'] },
  { query: 'subtitular vídeos', top5: ['veed', 'capcut'] },
  { query: 'vídeos con avatares', top5: ['heygen', 'synthesia'] },
  { query: 'doblar vídeos', top5: ['heygen'] },
  { query: 'vídeos cortos para tiktok', top5: ['opusclip'] },
  { query: 'quitar ruido del audio', top5: ['krisp'] },
  { query: 'crear un podcast', top5: ['descript'] },
  { query: 'cambiar la voz', top5: ['voicemod'] },
  { query: 'tomar apuntes', top5: ['notion-ai'] },
  { query: 'textos publicitarios', top5: ['copyai', 'jasper'] },
  { query: 'posicionamiento seo', top5: ['surfer'] },
  { query: 'artículos científicos', top5: ['consensus', 'elicit'] },
  { query: 'crear modelos 3d', top5: ['meshy', 'tripo-ai'] },
  { query: 'diseño de interiores', top5: ['interior-ai'] },
  { query: 'revisar contratos', top5: ['harvey', 'spellbook'] },
  { query: 'parafrasear', top5: ['quillbot'] },
  { query: 'resumir textos', top5: ['quillbot'] },
  { query: 'editar fotos', top5: ['photoroom'] },
  { query: 'personajes virtuales', top5: ['characterai'] },
  { query: 'efectos de sonido', top5: ['elevenlabs'] },
];

/** Words printed on every card or page, not about any tool: they may only find tools whose own text says them. */
export const INTERFACE_WORDS = ['guardar', 'visitar', 'herramienta'] as const;

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
    for (const slug of testCase.top2 ?? []) if (!got.slice(0, 2).includes(slug)) expected.push(`${slug} entre los dos primeros`);
    for (const slug of testCase.top3 ?? []) if (!got.slice(0, 3).includes(slug)) expected.push(`${slug} entre los tres primeros`);
    for (const slug of testCase.top5 ?? []) if (!got.slice(0, 5).includes(slug)) expected.push(`${slug} entre los cinco primeros`);
    for (const slug of testCase.notTop5 ?? []) if (got.slice(0, 5).includes(slug)) expected.push(`${slug} fuera de los cinco primeros`);
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
