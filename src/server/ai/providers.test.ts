/** Every adapter against the fake providers over real HTTP, including each failure kind. */
import { createServer } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiConfig, type AiConfig } from './config.ts';
import { activeAiProviders, getImageDescriber, getImageGenerator, getStoryWriter } from './registry.ts';
import { AiProviderError, type AiErrorKind, type StoryRequest } from './types.ts';
import { readEnv } from '../env.ts';
import { fakeAiEnv, startFakeAi, type FakeAi } from '../../../tests/fixtures/ai/serve.ts';

/** The deadline of the calls that test a stall; the others get a deadline a loaded machine cannot miss. */
const TIMEOUT_MS = 1000;
const WORKING_TIMEOUT_MS = 20_000;
/** The short deadline only where the fake stalls on purpose. */
const deadlineFor = (word: string): Record<string, string> => (word === '[fallo:lento]' ? { AI_TIMEOUT_MS: String(TIMEOUT_MS) } : {});
let fakes: FakeAi;
let closedPort: number;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The fakes run on three consecutive free ports only by luck, so each URL is set from its own server. */
function configFor(provider: 'pollinations' | 'openai-compatible' | 'gemini', extra: Record<string, string> = {}): AiConfig {
  const env = {
    ...fakeAiEnv(0),
    POLLINATIONS_IMAGE_URL: `${fakes.pollinations.url}/prompt`,
    POLLINATIONS_TEXT_URL: `${fakes.pollinations.url}/openai`,
    OPENAI_COMPATIBLE_BASE_URL: `${fakes.openai.url}/v1`,
    GEMINI_BASE_URL: `${fakes.gemini.url}/v1beta`,
    AI_IMAGE_PROVIDER: provider,
    AI_DESCRIPTION_PROVIDER: provider,
    AI_STORY_PROVIDER: provider,
    AI_TIMEOUT_MS: String(WORKING_TIMEOUT_MS),
    ...extra,
  };
  return aiConfig(readEnv(env));
}

const story = (prompt: string): StoryRequest => ({ prompt, genre: 'aventura', audience: 'children', length: 'short', language: 'fr' });

async function collect(stream: AsyncIterable<string>): Promise<{ text: string; chunks: number }> {
  let text = '';
  let chunks = 0;
  for await (const chunk of stream) {
    text += chunk;
    chunks++;
  }
  return { text, chunks };
}

async function failureOf(run: () => Promise<unknown>): Promise<AiErrorKind> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AiProviderError) return error.kind;
    throw error;
  }
  throw new Error('no falló');
}

const FAILURES: Array<[string, AiErrorKind]> = [
  ['[fallo:401]', 'unauthorized'],
  ['[fallo:403]', 'unauthorized'],
  ['[fallo:429]', 'rate_limited'],
  ['[fallo:503]', 'rate_limited'],
  ['[fallo:500]', 'bad_response'],
  ['[fallo:contenido]', 'content_refused'],
  ['[fallo:lento]', 'timeout'],
  ['[fallo:roto]', 'bad_response'],
  ['[fallo:vacio]', 'bad_response'],
  ['[fallo:conexion]', 'unreachable'],
];

let png: Uint8Array;

beforeAll(async () => {
  fakes = await startFakeAi(0);
  closedPort = await freePort();
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
});
afterAll(() => fakes.close());

describe.each(['pollinations', 'openai-compatible', 'gemini'] as const)('%s', (provider) => {
  it('generates a real image of the asked size', async () => {
    const image = await getImageGenerator(configFor(provider)).generate({ prompt: 'un faro al amanecer', model: 'flux', width: 768, height: 1024, seed: 42 });
    const meta = await sharp(image.bytes).metadata();
    expect(['image/png', 'image/jpeg']).toContain(image.contentType);
    expect(meta.width! / meta.height!).toBeCloseTo(0.75, 1);
  });

  it('streams a story in many chunks that reflects the request', async () => {
    const { text, chunks } = await collect(getStoryWriter(configFor(provider)).write(story('un dragón que teme a las alturas')));
    expect(chunks).toBeGreaterThan(3);
    expect(text).toContain('un dragón que teme a las alturas');
    expect(text).toMatch(/francés/i);
    expect(text).toMatch(/infantil/i);
  });

  it('describes an image in the asked language, following the instructions', async () => {
    const describer = getImageDescriber(configFor(provider));
    const { text } = await collect(describer.describe({ image: { bytes: png, contentType: 'image/png' }, language: 'de', instructions: 'Sé breve' }));
    expect(text).toContain('Alemán');
    expect(text).toContain('64×48');
    expect(text).toContain('Sé breve');
  });

  it.each(FAILURES)('maps %s on images to %s', async (word, kind) => {
    const generator = getImageGenerator(configFor(provider, deadlineFor(word)));
    expect(await failureOf(() => generator.generate({ prompt: `gato ${word}`, model: 'flux', width: 512, height: 512, seed: 1 }))).toBe(kind);
  });

  it.each(FAILURES)('maps %s on stories to %s', async (word, kind) => {
    expect(await failureOf(() => collect(getStoryWriter(configFor(provider, deadlineFor(word))).write(story(`gato ${word}`))))).toBe(kind);
  });

  it.each(FAILURES.filter(([word]) => word !== '[fallo:vacio]'))('maps %s on descriptions to %s', async (word, kind) => {
    const describer = getImageDescriber(configFor(provider, deadlineFor(word)));
    expect(await failureOf(() => collect(describer.describe({ image: { bytes: png, contentType: 'image/png' }, language: 'es', instructions: word })))).toBe(
      kind,
    );
  });

  it('reports an unreachable server', async () => {
    const closed = `http://127.0.0.1:${closedPort}`;
    const config = configFor(provider, {
      POLLINATIONS_IMAGE_URL: `${closed}/prompt`,
      POLLINATIONS_TEXT_URL: `${closed}/openai`,
      OPENAI_COMPATIBLE_BASE_URL: `${closed}/v1`,
      GEMINI_BASE_URL: `${closed}/v1beta`,
    });
    expect(await failureOf(() => getImageGenerator(config).generate({ prompt: 'gato', model: 'flux', width: 512, height: 512, seed: 1 }))).toBe('unreachable');
    expect(await failureOf(() => collect(getStoryWriter(config).write(story('gato'))))).toBe('unreachable');
  });
});

describe('Pollinations details', () => {
  it('sends the SPEC query and retries a 5xx image GET once', async () => {
    const before = fakes.pollinations.requests.length;
    const image = await getImageGenerator(configFor('pollinations')).generate({
      prompt: 'río [fallo:500-una-vez]',
      model: 'stable-diffusion',
      width: 512,
      height: 768,
      seed: 7,
    });
    expect(image.contentType).toBe('image/jpeg');
    const sent = fakes.pollinations.requests.slice(before);
    expect(sent).toHaveLength(2);
    const url = new URL(sent[1]!.url, 'http://x');
    expect(decodeURIComponent(url.pathname)).toBe('/prompt/río [fallo:500-una-vez]');
    expect(Object.fromEntries(url.searchParams)).toEqual({ width: '512', height: '768', seed: '7', model: 'turbo', nologo: 'true', enhance: 'true' });
  });

  it('uses the keyed gateway with a bearer key when POLLINATIONS_API_KEY is set', async () => {
    const config = aiConfig(readEnv({ POLLINATIONS_API_KEY: 'sk_prueba' }));
    expect(config.pollinations).toEqual({ apiKey: 'sk_prueba', imageUrl: 'https://gen.pollinations.ai/image', textUrl: 'https://gen.pollinations.ai/v1' });
    const keyed = configFor('pollinations', { POLLINATIONS_API_KEY: 'sk_prueba', POLLINATIONS_TEXT_URL: `${fakes.pollinations.url}/v1` });
    const before = fakes.pollinations.requests.length;
    await collect(getStoryWriter(keyed).write(story('una nube')));
    const sent = fakes.pollinations.requests[before]!;
    expect(sent.url).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer sk_prueba');
  });

  it('never retries a stream that failed', async () => {
    const before = fakes.pollinations.requests.length;
    expect(await failureOf(() => collect(getStoryWriter(configFor('pollinations')).write(story('nube [fallo:500]'))))).toBe('bad_response');
    expect(fakes.pollinations.requests.length - before).toBe(1);
  });
});

describe('timeouts and aborts', () => {
  it('ends a stalled stream after the first chunk with a timeout, not a hang', async () => {
    const received: string[] = [];
    const started = Date.now();
    const kind = await failureOf(async () => {
      for await (const chunk of getStoryWriter(configFor('openai-compatible', deadlineFor('[fallo:lento]'))).write(story('faro [fallo:lento]')))
        received.push(chunk);
    });
    expect(kind).toBe('timeout');
    expect(received.length).toBe(1);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 4);
  });

  it('lets a slow but steady stream finish', async () => {
    const { text } = await collect(
      getStoryWriter(configFor('gemini', { AI_TIMEOUT_MS: String(TIMEOUT_MS) })).write(story(`faro [retraso:${TIMEOUT_MS / 10}]`)),
    );
    expect(text).toContain('Fin.');
  });

  it('passes the caller’s abort through untouched', async () => {
    const controller = new AbortController();
    const stream = getStoryWriter(configFor('openai-compatible')).write({ ...story('faro [retraso:100]'), signal: controller.signal });
    const error = await (async () => {
      try {
        for await (const chunk of stream) {
          if (chunk) controller.abort();
        }
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).not.toBeInstanceOf(AiProviderError);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('configuration', () => {
  it('defaults to Pollinations anonymous endpoints, keys never shown', () => {
    const config = aiConfig(readEnv({}));
    expect(config.pollinations).toEqual({ apiKey: null, imageUrl: 'https://image.pollinations.ai/prompt', textUrl: 'https://text.pollinations.ai/openai' });
    expect(activeAiProviders(config).map((entry) => entry.provider)).toEqual(['Pollinations', 'Pollinations', 'Pollinations']);
    const gemini = activeAiProviders(aiConfig(readEnv({ AI_STORY_PROVIDER: 'gemini', GEMINI_API_KEY: 'secreta' })));
    expect(gemini[2]).toEqual({ utility: 'stories', label: 'Generador de historias', provider: 'Google Gemini', model: 'gemini-2.5-flash' });
    expect(JSON.stringify(gemini)).not.toContain('secreta');
  });

  it('names the missing variable for the chosen provider in Spanish', () => {
    expect(() => readEnv({ AI_IMAGE_PROVIDER: 'openai-compatible' })).toThrow(/OPENAI_COMPATIBLE_BASE_URL/);
    expect(() => readEnv({ AI_DESCRIPTION_PROVIDER: 'gemini' })).toThrow(/GEMINI_API_KEY/);
    expect(() => readEnv({ AI_STORY_PROVIDER: 'claude' })).toThrow(/AI_STORY_PROVIDER: debe ser pollinations/);
  });
});
